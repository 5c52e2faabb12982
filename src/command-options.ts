import { InvalidArgumentError } from 'commander';

/** Commander's parser for an option `name` that takes a whole number from 1 to `max`. */
export function positiveInteger(name: string, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
      throw new InvalidArgumentError(`${name} must be a whole number from 1 to ${max}.`);
    }
    return Number(value);
  };
}
