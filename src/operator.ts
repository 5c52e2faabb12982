import { hostname, userInfo } from 'node:os';

/**
 * Who runs a command that writes, as its rows record it (`criado_por`, a webhook's `desativado por`): the name given
 * with `--operator`, or else the login name and the host. A service manager or cron leaves USER unset, and then the
 * account the process runs as still says more than nothing; one without an entry in the user database has no name.
 */
export function cliOperator(given: string | undefined): string {
  if (given?.trim()) return `cli:${given.trim()}`;
  let name = process.env.USER;
  if (!name) {
    try {
      name = userInfo().username;
    } catch {
      name = 'unknown';
    }
  }
  return `cli:${name}@${hostname()}`;
}
