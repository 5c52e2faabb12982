// Runs once, on PostgreSQL, as production runs: what the service echoes, logs and keeps in memory does not depend on the database.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { NODE_FLAGS, rssKiB, startService } from '../../bench/processes.js';
import { connect, type Database } from '../../src/db/connection.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { sleep } from '../helpers/load.js';
import { CLI_COMMAND, freePort, runCli, tempDir } from '../helpers/processes.js';

/** The resident memory docs/deployment.md ("Memory") states for any valid requests: on PostgreSQL, and with PGlite inside. */
const DOCUMENTED_RSS_MIB = process.env.DATABASE_URL ? 350 : 600;
/** Open courses added to the seed's, so that pages of up to 500 courses exist after every cursor used. */
const EXTRA_COURSES = 1000;
/** Pages of 1 to 500 courses, from the start and after 3 cursors: the attack pass sent 1,986 such addresses. */
const LIMITS = 500;
const CURSORS = 3;
const CONCURRENCY = 12;

/** Open, online courses with prices, as the site would list them. */
async function addOpenCourses(database: Database): Promise<void> {
  await sql`insert into curso (slug, titulo, tipo, modalidade, resumo, data_inicio, data_fim, carga_horaria, pontos_cna,
      inscricao_inicio, inscricao_fim, url_inscricao, status)
    select 'carga-' || g, 'Webinar de Atualização em Medicina de Família e Comunidade ' || g, 'webinar', 'online',
      repeat('Discussão de casos clínicos e das diretrizes mais recentes. ', 3), current_date + 30 + g % 300,
      current_date + 30 + g % 300, 2, 2, now() - interval '1 day', now() + interval '29 days',
      'https://associa.example/inscricoes/carga-' || g, 'publicado'
    from generate_series(1, ${EXTRA_COURSES}::int) g`.execute(database.db);
  await sql`insert into curso_preco (curso, categoria, valor)
    select c.id, p.categoria, p.valor from curso c
    cross join (values ('nao_associado', 180.00), ('titular', 90.00), ('aspirante', 45.00)) p (categoria, valor)
    where c.slug like 'carga-%'`.execute(database.db);
}

/**
 * The attack pass's flood, on the service as production runs it (deployment's node flags and, under `npm test`,
 * the bundle rather than sources compiled as they load): distinct, valid
 * addresses of the public course list, each asking for brotli, so each one stores a body and its compressed
 * variant in the page cache. On PostgreSQL the service uses a fresh database on the machine's server; on the
 * embedded database a folder of its own, prepared before the service opens it (one process at a time may).
 */
describe('page cache under a flood of distinct course-list addresses', () => {
  let testDatabase: TestDatabase | undefined;
  let env: Record<string, string | undefined>;

  before(async () => {
    if (process.env.DATABASE_URL) {
      testDatabase = await createTestDatabase();
      env = { DATABASE_URL: testDatabase.url! };
    } else {
      env = { DATABASE_URL: undefined, DATA_DIR: tempDir() };
    }
    const seeded = await runCli(['seed', '--members', '100'], env);
    assert.equal(seeded.code, 0, seeded.stderr);
    if (testDatabase) await addOpenCourses(testDatabase.database);
    else {
      const database = await connect({ dataDir: env.DATA_DIR });
      await addOpenCourses(database);
      await database.close();
    }
  });

  after(async () => {
    await testDatabase?.dispose();
  });

  it(`stays under ${DOCUMENTED_RSS_MIB} MiB resident during and after it`, async () => {
    const service = await startService(
      'associa',
      process.execPath,
      [...NODE_FLAGS, ...CLI_COMMAND, 'serve'],
      { ...env, LOG_LEVEL: 'warn', RATE_LIMIT_PUBLIC: '100000000', PUBLIC_BASE_URL: undefined, METRICS: undefined },
      await freePort(),
      '/readyz',
    );
    try {
      const list = `${service.base}/api/v1/public/cursos`;
      // Cursors as a client gets them: from the Link header of pages of 100.
      const cursors: string[] = [];
      let next: string | undefined = `${list}?limit=100`;
      while (cursors.length < CURSORS && next) {
        const response: Response = await fetch(next);
        assert.equal(response.status, 200);
        next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
        if (next) cursors.push(new URL(next).searchParams.get('cursor')!);
      }
      assert.equal(cursors.length, CURSORS);
      const urls = [undefined, ...cursors].flatMap((cursor) =>
        Array.from({ length: LIMITS }, (_, i) => `${list}?limit=${i + 1}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
      );

      const before = Math.round(rssKiB(service.pid) / 1024);
      service.resetPeak();
      const statuses = new Map<number, number>();
      let sent = 0;
      let largest = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (sent < urls.length) {
            const response = await fetch(urls[sent++]!, { headers: { 'accept-encoding': 'br' } });
            const body = await response.arrayBuffer();
            // fetch decompresses: the body's length is the page's.
            largest = Math.max(largest, body.byteLength);
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          }
        }),
      );
      const during = service.peakRssMiB();
      await sleep(3000);
      const afterwards = Math.round(rssKiB(service.pid) / 1024);
      service.assertRunning('the flood');
      console.log(
        `largest page ${largest} bytes; RSS: ${before} MiB before, ${during} MiB at most during ${urls.length} requests, ${afterwards} MiB 3 s after`,
      );

      assert.deepEqual([...statuses], [[200, urls.length]]);
      assert.ok(largest > 300_000, `the largest page has ${largest} bytes`);
      assert.ok(during < DOCUMENTED_RSS_MIB, `${during} MiB resident during the flood`);
      assert.ok(afterwards < DOCUMENTED_RSS_MIB, `${afterwards} MiB resident after it`);
    } finally {
      await service.stop();
    }
  });
});
