// Runs once, on the embedded database: the runner, whatever its jobs read.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { setTimeout as pause } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { JobRunner } from '../../src/jobs/job-runner.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/** The value of one series in Prometheus text, `name{labels}`; undefined when absent. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('the background jobs’ runner', () => {
  it('never runs a job twice at once, and waits for the run in progress when it closes', async () => {
    const events: string[] = [];
    const runner = new JobRunner({ failing: () => {}, recovered: () => {}, ran: (job, ok) => events.push(`${job} ${ok}`) });
    let runs = 0;
    let release!: () => void;
    runner.add({
      name: 'slow',
      everyMs: 5,
      async run(closing) {
        runs++;
        await new Promise<void>((resolve) => (release = resolve));
        assert.equal(closing(), true, 'told that the runner closes');
      },
    });
    runner.start();
    await pause(50);
    assert.equal(runs, 1, 'the timer fired meanwhile, and started nothing');
    const closed = runner.close();
    release();
    await closed;
    assert.deepEqual(events, ['slow true']);
    await pause(20);
    assert.equal(runs, 1, 'nothing runs after close');
  });

  it('runs a job that says so first after its interval, not at the start', async () => {
    const runner = new JobRunner({ failing: () => {}, recovered: () => {}, ran: () => {} });
    const runs: string[] = [];
    runner.add({ name: 'now', everyMs: 60_000, run: () => Promise.resolve(void runs.push('now')) });
    runner.add({ name: 'later', everyMs: 40, atStart: false, run: () => Promise.resolve(void runs.push('later')) });
    runner.start();
    assert.deepEqual(runs, ['now']);
    for (let waited = 0; !runs.includes('later') && waited < 5000; waited += 20) await pause(20);
    assert.deepEqual(runs.slice(0, 2), ['now', 'later'], 'after its interval');
    await runner.close();
  });
});

describe('background jobs in the app', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.dispose());

  it('logs a failing job once when it fails and once when it works again, and counts its runs by outcome', async () => {
    const lines: { level: number; msg: string; job?: string; failures?: number }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
        done();
      },
    });
    const app = await buildApp({ config: loadConfig({ METRICS: 'on' }), database: t.database, logger: { level: 'info', stream } });
    try {
      let failuresLeft = 3;
      app.jobs.add({
        name: 'flaky',
        everyMs: 60_000,
        run: () => (failuresLeft-- > 0 ? Promise.reject(new Error('the database is away')) : Promise.resolve()),
      });
      await app.ready();
      // The first run starts with the app; each of these runs it again once that one has ended.
      for (let run = 0; run < 4; run++) await app.jobs.run('flaky');

      const flaky = lines.filter((line) => line.job === 'flaky').map((line) => [line.level, line.msg, line.failures]);
      assert.deepEqual(flaky, [
        [40, 'flaky: failed; retrying at each run, logged again once it works', undefined],
        [30, 'flaky: works again', 3],
      ]);
      const text = (await app.inject('/metrics')).body;
      assert.equal(sample(text, 'associa_job_runs_total', 'job="flaky",outcome="failed"'), 3);
      assert.ok(sample(text, 'associa_job_runs_total', 'job="flaky",outcome="ok"')! >= 1);
      assert.equal(sample(text, 'associa_job_failing', 'job="flaky"'), 0);
      assert.ok(sample(text, 'associa_job_last_success_timestamp_seconds', 'job="flaky"')! > Date.now() / 1000 - 60);
      for (const job of [
        'overdue-marking',
        'audit-retention',
        'titular-counts',
        'events',
        'event-retention',
        'token-last-use',
        'admin-sessions',
        'import-uploads',
      ]) {
        assert.ok(app.jobs.names.includes(job), `${job} runs through the runner`);
      }
    } finally {
      await app.close();
    }
  });
});
