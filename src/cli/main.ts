import { Command, CommanderError } from 'commander';
import { addAdminCommands } from './admin-commands.js';
import { addDatabaseCommands } from './database-commands.js';
import { addExamCommands } from './exam-commands.js';
import { addImportCommands } from './import-commands.js';
import { addTokenCommands } from './token-commands.js';
import { addWebhookCommands } from './webhook-commands.js';

/** The `associa` command. Every failure ends with one line on stderr and a non-zero exit code. */

export function buildCli(): Command {
  const program = new Command('associa')
    .description('Associa: the read-only integration API of a medical association (serve it, migrate, seed, manage tokens).')
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text.split('\n')[0] + '\n') })
    .option('--operator <name>', 'who is running the command, recorded by those that write (default: the login name and host)');

  addDatabaseCommands(program);
  addTokenCommands(program);
  addWebhookCommands(program);
  addExamCommands(program);
  addImportCommands(program);
  addAdminCommands(program);
  return program;
}

export async function runCli(argv: readonly string[]): Promise<void> {
  try {
    await buildCli().parseAsync([...argv]);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    process.stderr.write(`associa: ${(error as Error).message.split('\n')[0]}\n`);
    process.exitCode = 1;
  }
}
