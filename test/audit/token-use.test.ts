import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { TokenUse } from '../../src/audit/token-use.js';
import { tokenUsePeaks } from '../../src/audit/token-use.queries.js';
import { cpfCheckDigits } from '../../src/domain/cpf.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

const MINUTE = 60_000;

/** Valid CPFs that belong to no member of the fixture. */
async function unknownCpfs(f: ApiFixture, count: number): Promise<string[]> {
  const taken = new Set((await f.t.database.db.selectFrom('associado').select('cpf').execute()).map((row) => row.cpf.replace(/\D/g, '')));
  const cpfs: string[] = [];
  for (let n = 100_000_000; cpfs.length < count; n += 7919) {
    const cpf = String(n).padStart(9, '0') + cpfCheckDigits(String(n).padStart(9, '0'));
    if (!taken.has(cpf)) cpfs.push(cpf);
  }
  return cpfs;
}

describe("tokens' use per minute", () => {
  let f: ApiFixture;

  before(async () => {
    f = await apiFixture(30);
  });
  after(() => f.close());

  const rowsOf = (tokenId: number) =>
    f.t.database.db
      .selectFrom('uso_token_minuto')
      .select(['minuto', 'requisicoes', 'cpf_sem_resultado', 'recusadas'])
      .where('token_id', '=', tokenId)
      .orderBy('minuto')
      .execute();
  /** A token's use per operation, added up over its hours (the test may cross one): route, requests, errors, refusals. */
  const hoursOf = async (tokenId: number) => {
    const { rows } = await sql<{ rota: string; r: number; e: number; x: number; partes: number }>`
      select rota, sum(requisicoes)::int as r, sum(erros)::int as e, sum(recusadas)::int as x,
             count(*) filter (where extract(epoch from hora)::bigint % 3600 <> 0)::int as partes
        from uso_token_hora where token_id = ${tokenId} group by rota order by rota`.execute(f.t.database.db);
    for (const row of rows) assert.equal(row.partes, 0, 'a row is a whole hour');
    return rows.map((row) => [row.rota, row.r, row.e, row.x]);
  };
  const totals = async (tokenId: number) => {
    const rows = await rowsOf(tokenId);
    for (const row of rows) assert.equal(row.minuto.getTime() % MINUTE, 0, 'a row is a whole minute');
    return {
      requisicoes: rows.reduce((sum, row) => sum + row.requisicoes, 0),
      cpf_sem_resultado: rows.reduce((sum, row) => sum + row.cpf_sem_resultado, 0),
      recusadas: rows.reduce((sum, row) => sum + row.recusadas, 0),
    };
  };

  it('counts what each token asked of the API: requests admitted by its rate limit, CPF misses and refusals', async () => {
    const db = f.t.database.db;
    const exam = await createToken(db, { nome: 'provas', scopes: ['associados:situacao'], criadoPor: 'test', limitePorMinuto: 100_000 });
    const small = await createToken(db, { nome: 'pequeno', scopes: ['associados:situacao'], criadoPor: 'test', limitePorMinuto: 2 });
    const member = await db.selectFrom('associado').select('cpf').where('matricula', '=', 3).executeTakeFirstOrThrow();
    const [first, second, third, fourth] = await unknownCpfs(f, 4);

    const statuses = [];
    for (const id of ['000001', '000002', first!, second!, member.cpf.replace(/\D/g, '')]) {
      statuses.push((await f.api.get(`/api/v1/associados/${id}/situacao`, exam.token)).statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 404, 404, 200]);
    // The batch operation counts as one request per id, and each CPF of nobody as a miss.
    const batch = await f.api.get(`/api/v1/associados/situacao?id=000001,000002,${third},${fourth}`, exam.token);
    assert.equal(batch.statusCode, 200, batch.body);
    const limited = [];
    for (let n = 0; n < 3; n++) limited.push((await f.api.get('/api/v1/associados/000001/situacao', small.token)).statusCode);
    assert.deepEqual(limited, [200, 200, 429]);
    // Not the token's: a request without a token, and one with a token that lacks the scope.
    await f.api.get('/api/v1/associados/000001/situacao');
    await f.api.get('/api/v1/faturas', exam.token);

    await f.app.audit.flush();
    assert.deepEqual(await totals(exam.id), { requisicoes: 9, cpf_sem_resultado: 4, recusadas: 0 });
    assert.deepEqual(await totals(small.id), { requisicoes: 2, cpf_sem_resultado: 0, recusadas: 1 });
    // Per hour and operation, each request once, the refused ones (403 for the scope, 429) too.
    assert.deepEqual(await hoursOf(exam.id), [
      ['/api/v1/associados/:id/situacao', 5, 2, 0],
      ['/api/v1/associados/situacao', 1, 0, 0],
      ['/api/v1/faturas', 1, 1, 0],
    ]);
    assert.deepEqual(await hoursOf(small.id), [['/api/v1/associados/:id/situacao', 3, 0, 1]]);
    const limitedRows = await db.selectFrom('uso_token_minuto').select('limitadas').where('token_id', '=', small.id).execute();
    assert.deepEqual(
      limitedRows.map((row) => row.limitadas),
      [1],
    );

    // A flush in the middle of a minute wrote it as it stood; its later requests are added to the same row.
    await f.api.get('/api/v1/associados/000001/situacao', exam.token);
    await f.app.audit.flush();
    assert.equal((await totals(exam.id)).requisicoes, 10);
  });

  it('alerts once an hour for a token refused by its rate limit in 3 minutes of the last hour, whichever instance counted them', async () => {
    const db = f.t.database.db;
    const alerts = (tokenId: number) =>
      db
        .selectFrom('auditoria')
        .select(['quantidade', 'detalhe', 'status'])
        .where('alerta', '=', true)
        .where('token_id', '=', tokenId)
        .execute();
    const start = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;
    const { id } = await createToken(db, { nome: 'no limite', scopes: ['associados:situacao'], criadoPor: 'test' });
    const cpfOnly = await createToken(db, { nome: 'cpf', scopes: ['associados:situacao'], criadoPor: 'test' });
    const one = new TokenUse(f.t.database);
    const two = new TokenUse(f.t.database);
    // Two minutes at the limit, and another token's 429s from the CPF-miss limit, in several minutes: no alert.
    one.count(id, start, 600, 0, 0);
    one.count(id, start + 1_000, 0, 0, 4, 4);
    two.count(id, start + 5 * MINUTE, 0, 0, 2, 2);
    for (let n = 0; n < 4; n++) one.count(cpfOnly.id, start + n * MINUTE, 1, 1, 1, 0);
    await Promise.all([one.write(true), two.write(true)]);
    assert.deepEqual(await alerts(id), []);
    assert.deepEqual(await alerts(cpfOnly.id), []);

    // A third minute, counted by both instances at once: one alert, with the refusals of the hour.
    one.count(id, start + 9 * MINUTE, 0, 0, 1, 1);
    two.count(id, start + 9 * MINUTE, 0, 0, 1, 1);
    await Promise.all([one.write(true), two.write(true)]);
    const [alert, ...more] = await alerts(id);
    assert.equal(more.length, 0);
    assert.equal(alert!.status, 429);
    assert.equal(alert!.quantidade, 8);
    assert.match(
      alert!.detalhe!,
      /^O token atingiu o seu limite de requisições por minuto em 3 minutos da última hora \(8 requisições recusadas com 429\)/,
    );

    // A fourth minute within the hour: still one.
    one.count(id, start + 12 * MINUTE, 0, 0, 1, 1);
    await one.write(true);
    assert.equal((await alerts(id)).length, 1);
  });

  it('adds up the counts of every instance per token and minute, each request at its cost', async () => {
    const db = f.t.database.db;
    const { id } = await createToken(db, { nome: 'instâncias', scopes: ['associados:situacao'], criadoPor: 'test' });
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE - 10 * MINUTE;
    const one = new TokenUse(f.t.database);
    const two = new TokenUse(f.t.database);
    one.count(id, minute + 1_000, 1, 0, 0);
    one.count(id, minute + 2_000, 100, 7, 0); // a batch of 100 ids, 7 of them CPFs of nobody
    two.count(id, minute + 59_999, 1, 1, 1);
    two.count(id, minute + MINUTE, 40, 0, 0);
    await Promise.all([one.write(true), two.write(true)]);
    assert.equal(one.size + two.size, 0);

    assert.deepEqual(
      (await rowsOf(id)).map((row) => [row.minuto.getTime(), row.requisicoes, row.cpf_sem_resultado, row.recusadas]),
      [
        [minute, 102, 8, 1],
        [minute + MINUTE, 40, 0, 0],
      ],
    );
    const peaks = await tokenUsePeaks(db, id);
    assert.deepEqual(peaks.requests, { count: 102, minute: new Date(minute) });
    assert.deepEqual(peaks.cpfMissesMinute, { count: 8, minute: new Date(minute) });
    assert.equal(peaks.cpfMissesDay?.count, 8);
    assert.equal(peaks.refused, 1);
  });

  it('writes a minute once it is over, and keeps it while the database refuses it', async () => {
    const db = f.t.database.db;
    const { id } = await createToken(db, { nome: 'falhas', scopes: ['associados:situacao'], criadoPor: 'test' });
    let refusing = true;
    const use = new TokenUse({
      db,
      write: (query) => (refusing ? Promise.reject(new Error('connection refused')) : f.t.database.write(query)),
    });
    const now = Date.now();
    use.count(id, now - MINUTE, 3, 0, 0);
    use.count(id + 1_000_000, now + MINUTE, 5, 0, 0); // a minute not over even if the clock turns one meanwhile
    await assert.rejects(use.write(false), /connection refused/);
    assert.equal(use.size, 2);
    refusing = false;
    await use.write(false);
    assert.deepEqual(
      (await rowsOf(id)).map((row) => row.requisicoes),
      [3],
    );
    assert.equal(use.size, 1, 'the current minute waits for its end');
    assert.deepEqual(await rowsOf(id + 1_000_000), []);
  });

  it('deletes the use older than 35 days as it writes', async () => {
    const db = f.t.database.db;
    const { id } = await createToken(db, { nome: 'antigo', scopes: ['associados:situacao'], criadoPor: 'test' });
    await sql`insert into uso_token_minuto (token_id, minuto, requisicoes) values
      (${id}, date_trunc('minute', now() - interval '36 days'), 9), (${id}, date_trunc('minute', now() - interval '34 days'), 8)`.execute(
      db,
    );
    const use = new TokenUse(f.t.database);
    use.count(id, Date.now(), 1, 0, 0);
    await use.write(true);
    assert.deepEqual(
      (await rowsOf(id)).map((row) => row.requisicoes),
      [8, 1],
    );
    const peaks = await tokenUsePeaks(db, id);
    assert.equal(peaks.requests?.count, 1, 'the suggestions read the last 7 days only');
    assert.equal(peaks.cpfMissesMinute, null);
    assert.equal(peaks.cpfMissesDay, null);
  });
});
