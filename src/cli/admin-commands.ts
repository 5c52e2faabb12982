import { createInterface } from 'node:readline';
import { type Command } from 'commander';
import { createAdminUser } from '../admin/admin-users.js';
import { UsageError, withDatabase } from './usage.js';

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      process.stderr.write(question);
      // Hide what is typed: the prompt was written above, keystrokes are not echoed.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
      rl.question('', (answer) => {
        process.stderr.write('\n');
        resolve(answer);
      });
    });
  try {
    const first = await ask('Password: ');
    const second = await ask('Repeat the password: ');
    if (first !== second) throw new UsageError('The passwords do not match.');
    return first;
  } finally {
    rl.close();
  }
}

/** `associa admin …`: the administrators of the admin area. */
export function addAdminCommands(program: Command): void {
  const admin = program.command('admin').description('manage administrators of the admin area');
  admin
    .command('create')
    .description('create an administrator (password from standard input, or asked for)')
    .requiredOption('--email <email>', "the administrator's e-mail address")
    .action((options: { email: string }) =>
      withDatabase(async (database) => {
        const password = await readPassword();
        const id = await createAdminUser(database.db, options.email, password);
        console.log(`Administrator ${id} <${options.email.trim().toLowerCase()}> created.`);
      }),
    );
}
