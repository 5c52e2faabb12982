import { InvalidArgumentError } from 'commander';

/** A command-line option's value that must be a positive integer (commander's argument parser). */
export function positiveInteger(value: string): number {
  if (!/^[1-9][0-9]*$/.test(value)) throw new InvalidArgumentError('a positive integer');
  return Number(value);
}
