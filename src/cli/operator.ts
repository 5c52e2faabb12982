import { hostname, userInfo } from 'node:os';
import type { Command } from 'commander';
import type { Actor } from '../operations/actor.js';

/**
 * Who runs a command that writes: the name given with `--operator`, or else the login name and the host. A service
 * manager or cron leaves USER unset, and then the account the process runs as still says more than nothing; one
 * without an entry in the user database has no name.
 */
function operatorName(given: string | undefined): string {
  if (given?.trim()) return given.trim();
  let name = process.env.USER;
  if (!name) {
    try {
      name = userInfo().username;
    } catch {
      name = 'unknown';
    }
  }
  return `${name}@${hostname()}`;
}

/** The operator running `command` (its words, `associa token create`), as the operations and the audit trail take it. */
export function cliActor(command: Command): Actor & { kind: 'cli' } {
  let root = command;
  const words: string[] = [];
  for (; root.parent; root = root.parent) words.unshift(root.name());
  return { kind: 'cli', operator: operatorName(root.opts<{ operator?: string }>().operator), command: ['associa', ...words].join(' ') };
}
