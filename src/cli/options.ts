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

/**
 * Commander's parser for an option `name` that takes a limit from 1 to `max`, or `default` for the service's own
 * (kept as the word: Commander turns a parser's null into an empty string).
 */
export function limitOrDefault(name: string, max: number) {
  const number = positiveInteger(name, max);
  return (value: string): number | 'default' => {
    if (value === 'default') return value;
    try {
      return number(value);
    } catch {
      throw new InvalidArgumentError(`${name} must be a whole number from 1 to ${max}, or "default".`);
    }
  };
}
