// Runs once, on PostgreSQL: it needs PostgreSQL's own sessions, plans or server programs.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { connect, type Database } from '../../src/db/connection.js';
import { SCOPE_NAMES } from '../../src/tokens/scopes.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { adminQuery as query } from '../helpers/database.js';
import { eventually } from '../helpers/load.js';
import { PostgresServer, postgresServerUnavailable } from '../helpers/postgres-server.js';
import { runCli, serve } from '../helpers/processes.js';

const skip = postgresServerUnavailable ?? (process.env.DATABASE_URL ? false : 'runs with the PostgreSQL suite (DATABASE_URL)');

/**
 * A primary and a streaming replica of the test's own. Pausing the replica's replay shows which server
 * answers: data reads come from the replica, tokens and the audit trail from the primary.
 */
describe('DATABASE_READ_URL: the API reads from a streaming replica', { skip }, () => {
  let primary: PostgresServer;
  let replica: PostgresServer;
  let service: Awaited<ReturnType<typeof serve>>;
  let database: Database;

  before(async () => {
    primary = await PostgresServer.create();
    const seeded = await runCli(['seed', '--members', '20'], { DATABASE_URL: primary.url() });
    assert.equal(seeded.code, 0, seeded.stderr);
    replica = await primary.replica();
    database = await connect({ databaseUrl: primary.url() });
    service = await serve({ DATABASE_URL: primary.url(), DATABASE_READ_URL: replica.url() });
  });

  after(async () => {
    if (service?.child.exitCode === null) {
      service.child.kill('SIGTERM');
      await once(service.child, 'exit');
    }
    await database?.close();
    replica?.destroy();
    primary?.destroy();
  });

  it('serves members from the replica, while tokens and the audit trail live on the primary', async () => {
    assert.deepEqual(await query(replica.url(), 'select pg_is_in_recovery() as replica'), [{ replica: true }]);
    await query(replica.url(), 'select pg_wal_replay_pause()');
    await query(primary.url(), `update associado set nome = 'Nome Só No Primário' where matricula = 1`);

    // Created after the replica stopped replaying: only the primary knows this token.
    const { id, token } = await createToken(database.db, {
      limiteSimultaneas: 1_000,
      nome: 'replica',
      scopes: SCOPE_NAMES,
      criadoPor: 'test',
      lifetimeSeconds: 3600,
    });
    const headers = { authorization: `Bearer ${token}` };
    const paused = await fetch(`${service.base}/api/v1/associados/1`, { headers });
    assert.equal(paused.status, 200);
    assert.notEqual(((await paused.json()) as { nome: string }).nome, 'Nome Só No Primário', 'the member was read from the paused replica');

    await query(replica.url(), 'select pg_wal_replay_resume()');
    await eventually(
      async () => {
        const response = await fetch(`${service.base}/api/v1/associados/1`, { headers });
        return ((await response.json()) as { nome: string }).nome === 'Nome Só No Primário';
      },
      10_000,
      'the change reaching the replica',
    );

    await eventually(
      async () => {
        const [row] = await query<{ n: string }>(primary.url(), `select count(*) as n from auditoria where token_id = ${id}`);
        return Number(row!.n) >= 2;
      },
      5000,
      'the audit rows on the primary',
    );
    const ready = await fetch(`${service.base}/readyz`);
    assert.equal(ready.status, 200);
  });

  it('is not ready while the replica is down', async () => {
    await replica.stop('fast');
    try {
      assert.equal((await fetch(`${service.base}/readyz`)).status, 503);
    } finally {
      await replica.start();
    }
    await eventually(async () => (await fetch(`${service.base}/readyz`)).status === 200, 10_000, 'readiness after the replica is back');
  });
});
