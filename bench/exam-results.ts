import { spawnSync } from 'node:child_process';
import { Command } from 'commander';
import { positiveInteger } from '../src/cli/options.js';
import { DEFAULT_DB_POOL_SIZE } from '../src/config.js';
import { ensureDataset } from './dataset.js';
import { measureResultsWrite, resultsWriteTable } from './results-write.js';

/**
 * The exam results' write alone (bench/results-write.ts), as `npm run bench` measures it among the rest:
 *
 *   npm run bench:results -- [--members 1000000] [--clients 8] [--seconds 10] [--pool-size 4]
 */

const program = new Command('bench:results')
  .option('--members <n>', 'members in the dataset', positiveInteger('--members'), 1_000_000)
  .option('--clients <n>', 'clients sending batches at once', positiveInteger('--clients'), 8)
  .option('--seconds <n>', 'seconds each side runs', positiveInteger('--seconds'), 10)
  .option(
    '--pool-size <n>',
    'PostgreSQL connections of the service and of the ceiling',
    positiveInteger('--pool-size'),
    DEFAULT_DB_POOL_SIZE,
  )
  .option('--database-url <url>', 'PostgreSQL server', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  .option('--redis-url <url>', "Redis for the service's rate limits", process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
  .parse();
const options = program.opts<{
  members: number;
  clients: number;
  seconds: number;
  poolSize: number;
  databaseUrl: string;
  redisUrl: string;
}>();
const log = (line: string) => process.stdout.write(`${line}\n`);

log('building…');
if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('the build failed');
const url = await ensureDataset(options.databaseUrl, options.members, log);
const write = await measureResultsWrite({ ...options, url, log });
log('');
log(resultsWriteTable(write));
