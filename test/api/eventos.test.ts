import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { formatMatricula } from '../../src/domain/matricula.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { onPostgres } from '../helpers/database.js';
import { eventually, sleep } from '../helpers/load.js';

interface Envelope {
  id: string;
  type: string;
  sequencia: number;
  ocorrido_em: string;
  dados: Record<string, unknown> & { matricula?: string };
}

const FEED = '/api/v1/eventos';
/** The last event of the seed's history: the tests read what their own changes made. */
let start = 0;
const ALL_SCOPES = ['faturas:read', 'associados:read', 'cursos:read'] as const;

/** Every event `token` may see after `from` (by default, after the seed's history), page by page through the Link header. */
async function readFeed(f: ApiFixture, token: string, query = '', from = start): Promise<Envelope[]> {
  const events: Envelope[] = [];
  let url: string | undefined = `${FEED}?after=${from}&limit=7${query}`;
  while (url) {
    const response = await f.api.get(url, token);
    assert.equal(response.statusCode, 200, response.body);
    events.push(...response.json<Envelope[]>());
    const next = /<([^>]+)>;\s*rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
    url = next ? new URL(next).pathname + new URL(next).search : undefined;
  }
  return events;
}

describe(`GET ${FEED}`, () => {
  let f: ApiFixture;
  let token: string;
  /** Two branches with members, and the events the changes below make. */
  let branches: [string, string];

  before(async () => {
    f = await apiFixture(80);
    await f.app.ready();
    token = await f.token([...ALL_SCOPES]);
    start = Number((await sql<{ last: number }>`select max(sequencia) as last from evento`.execute(f.t.database.db)).rows[0]!.last);
    assert.ok(start > 0, 'the seed has a history of events');
    const { rows } = await sql<{ regional: string }>`
      select regional from associado group by regional order by count(*) desc, regional limit 2`.execute(f.t.database.db);
    branches = [rows[0]!.regional, rows[1]!.regional];
    // In each branch: an invoice cancelled and a member's record changed; and a course changed.
    for (const regional of branches) {
      await sql`update fatura set status = 'cancelled', cancelado_em = now()
        where id = (select min(f.id) from fatura f join associado a on a.matricula = f.associado
                     where a.regional = ${regional} and f.status = 'open')`.execute(f.t.database.db);
      await sql`update associado set nome = nome || ' Filho'
        where matricula = (select min(matricula) from associado where regional = ${regional})`.execute(f.t.database.db);
    }
    await sql`update curso set titulo = titulo || ' (2ª edição)' where id = (select min(id) from curso where status = 'publicado')`.execute(
      f.t.database.db,
    );
    await eventually(async () => (await readFeed(f, token)).length >= 5, 10_000, 'the five events numbered');
  });
  after(() => f.close());

  it('serves the events in sequencia order, page by page, each once', async () => {
    const events = await readFeed(f, token);
    assert.deepEqual(
      events.map((event) => event.type),
      ['fatura.cancelada', 'associado.atualizado', 'fatura.cancelada', 'associado.atualizado', 'curso.atualizado'],
    );
    const sequence = events.map((event) => event.sequencia);
    assert.deepEqual(
      sequence,
      [...sequence].sort((a, b) => a - b),
    );
    assert.equal(new Set(events.map((event) => event.id)).size, events.length);
    assert.match(events[0]!.ocorrido_em, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
    // From a stored position: only what came after it.
    assert.deepEqual(await readFeed(f, token, '', events[2]!.sequencia), events.slice(3));
    // The last page has no next.
    const last = await f.api.get(`${FEED}?after=${events.at(-1)!.sequencia}`, token);
    // From the start: the seed's history first, in order of what happened.
    const history = await readFeed(f, token, '', 0);
    assert.equal(history.length, start + events.length);
    assert.ok(history.slice(0, -1).every((event, i) => event.ocorrido_em <= history[i + 1]!.ocorrido_em));
    assert.deepEqual(last.json(), []);
    assert.equal(last.headers.link, undefined);
  });

  it('filters by type, and serves only the types its scopes may see', async () => {
    assert.deepEqual(
      (await readFeed(f, token, '&type=curso.atualizado,fatura.cancelada')).map((event) => event.type),
      ['fatura.cancelada', 'fatura.cancelada', 'curso.atualizado'],
    );
    const courses = await f.token(['cursos:read']);
    assert.deepEqual(
      (await readFeed(f, courses)).map((event) => event.type),
      ['curso.atualizado'],
    );
    const refused = await f.api.get(`${FEED}?type=fatura.paga`, courses);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json<{ code: string }>().code, 'insufficient_scope');
    assert.match(String(refused.headers['www-authenticate']), /scope="faturas:read"/);
    const standing = await f.token(['associados:situacao']);
    assert.deepEqual(await readFeed(f, standing), []);
  });

  it("gives a branch-restricted token only its branch's events, and the courses'", async () => {
    const restricted = await f.token([...ALL_SCOPES], { regional: branches[1] });
    const events = await readFeed(f, restricted);
    assert.deepEqual(
      events.map((event) => event.type),
      ['fatura.cancelada', 'associado.atualizado', 'curso.atualizado'],
    );
    const { rows } = await sql<{ matricula: number }>`select matricula from associado where regional = ${branches[1]}`.execute(
      f.t.database.db,
    );
    const own = new Set(rows.map((row) => formatMatricula(row.matricula)));
    for (const event of events.slice(0, 2)) assert.ok(own.has(String(event.dados.matricula)), `${event.dados.matricula} in ${branches[1]}`);
  });

  it('audits each page with the matriculas its events carried, never cached', async () => {
    const response = await f.api.get(`${FEED}?limit=2`, token, { 'x-request-id': 'feed-audit-1' });
    assert.equal(response.headers['cache-control'], 'no-store');
    const events = response.json<Envelope[]>();
    await eventually(
      async () =>
        (await f.t.database.db.selectFrom('auditoria').select('id').where('request_id_cliente', '=', 'feed-audit-1').executeTakeFirst()) !==
        undefined,
      5000,
      'the audit row',
    );
    const row = await f.t.database.db
      .selectFrom('auditoria')
      .select('matriculas')
      .where('request_id_cliente', '=', 'feed-audit-1')
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [...row.matriculas].sort(),
      [...new Set(events.flatMap((event) => (event.dados.matricula ? [Number(event.dados.matricula)] : [])))].sort(),
    );
  });

  it('refuses a bad position, type or limit with 400, and a request without a token with 401', async () => {
    for (const query of ['after=-1', 'after=1.5', 'type=fatura.inventada', 'limit=0', 'limit=501', 'desde=3']) {
      const response = await f.api.get(`${FEED}?${query}`, token);
      assert.equal(response.statusCode, 400, query);
    }
    assert.equal((await f.api.get(FEED)).statusCode, 401);
  });
});

describe('the feed never skips an event that commits late (API-DESIGN §13)', { skip: !onPostgres && 'needs two sessions' }, () => {
  let f: ApiFixture;
  let token: string;

  before(async () => {
    f = await apiFixture(40);
    await f.app.ready();
    token = await f.token(['faturas:read']);
    start = Number((await sql<{ last: number }>`select max(sequencia) as last from evento`.execute(f.t.database.db)).rows[0]!.last);
  });
  after(() => f.close());

  it('a write transaction held open for 10 s across a poll: its event comes in the next poll from the stored position', async () => {
    const { rows } = await sql<{ id: number }>`select id from fatura where status = 'open' order by id limit 2`.execute(f.t.database.db);
    const [late, early] = rows.map((row) => row.id);
    const held = new pg.Client({ connectionString: f.t.url });
    await held.connect();
    await held.query('begin');
    await held.query(`update fatura set status = 'cancelled', cancelado_em = now() where id = $1`, [late]);
    // Committed after the held transaction began, and so before it in commit order.
    await sql`update fatura set status = 'cancelled', cancelado_em = now() where id = ${early}`.execute(f.t.database.db);

    // The ERP polls while the transaction is open, and keeps the last sequencia it was served.
    let position = start;
    const seen: Envelope[] = [];
    const poll = async () => {
      const events = await readFeed(f, token, '', position);
      seen.push(...events);
      if (events.length > 0) position = events.at(-1)!.sequencia;
    };
    for (let second = 0; second < 10; second++) {
      await poll();
      await sleep(1000);
    }
    assert.deepEqual(
      seen.map((event) => event.dados.fatura_id),
      [early],
      'the change committed meanwhile is served; the open one is not',
    );
    await held.query('commit');
    await held.end();
    await eventually(
      async () => {
        await poll();
        return seen.length >= 2;
      },
      10_000,
      'the late event, after the stored position',
    );
    assert.deepEqual(
      seen.map((event) => event.dados.fatura_id),
      [early, late],
    );
    assert.ok(seen[1]!.sequencia > seen[0]!.sequencia);
  });
});
