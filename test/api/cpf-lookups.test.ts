import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { cpfCheckDigits } from '../../src/domain/cpf.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { AdminAgent, createTestAdmin } from '../helpers/admin.js';
import { ApiClient } from '../helpers/api.js';
import { inParallel } from '../helpers/concurrency.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

/**
 * The attack of a token without `associados:cpf`: the masked CPF once showed six of the nine base digits,
 * leaving 1,000 candidates (the check digits follow), and a lookup by CPF told the right one apart.
 */
function candidates(cpf: string): string[] {
  const known = cpf.slice(3, 9);
  return Array.from({ length: 1000 }, (_, i) => {
    const base = String(i).padStart(3, '0') + known;
    return base + cpfCheckDigits(base);
  });
}

describe('lookups by CPF that find nothing', () => {
  let f: ApiFixture;
  let app: FastifyInstance;
  let api: ApiClient;
  let target: { matricula: number; cpf: string };

  before(async () => {
    f = await apiFixture(30);
    // A minute's limit out of the way: the attack meets the daily one.
    app = await buildApp({
      config: loadConfig({ REDIS_URL: process.env.REDIS_URL, CPF_LOOKUP_LIMIT_MINUTE: '100000', CPF_LOOKUP_LIMIT_DAY: '200' }),
      database: f.t.database,
    });
    api = new ApiClient(app);
    target = await f.t.database.db
      .selectFrom('associado')
      .select(['matricula', 'cpf'])
      .orderBy('matricula')
      .where('matricula', '=', 7)
      .executeTakeFirstOrThrow();
    await createTestAdmin(app);
  });
  after(async () => {
    await app?.close();
    await f?.close();
  });

  const attacker = async (name: string) =>
    createToken(f.t.database.db, {
      nome: name,
      scopes: ['associados:read', 'associados:situacao'],
      criadoPor: 'test',
      limitePorMinuto: 100_000,
      // 64 at once: the CPF-miss limit is what these attack.
      limiteSimultaneas: 1_000,
    });

  it('stops the attack of the old mask within the daily limit: past 200 misses, every lookup by CPF is 429, the right one too', async () => {
    const { id, token } = await attacker('adivinhador');
    const tries = candidates(target.cpf).filter((candidate) => candidate !== target.cpf);
    tries.push(target.cpf);
    const answers: number[] = [];
    for (const [i, candidate] of tries.entries()) {
      const response =
        i % 2 === 0
          ? await api.get(`/api/v1/associados?cpf=${candidate}&limit=1`, token)
          : await api.get(`/api/v1/associados/${candidate}/situacao`, token);
      answers.push(response.statusCode);
      if (response.statusCode === 429) {
        const problem = response.json<{ code: string; detail: string }>();
        assert.equal(problem.code, 'cpf_lookup_limited');
        assert.equal(
          problem.detail,
          'Limite de consultas por CPF sem resultado atingido (200 por dia); as consultas por CPF deste token voltam às 00:00 (horário de Brasília).',
        );
        assert.match(String(response.headers['retry-after']), /^\d+$/);
      } else {
        assert.ok(
          response.statusCode === 404 || (response.statusCode === 200 && response.json<unknown[]>().length === 0),
          `${candidate}: ${response.body}`,
        );
      }
    }
    assert.equal(answers.filter((status) => status !== 429).length, 200, 'the first 200 misses are answered');
    assert.equal(answers.at(-1), 429, 'the right CPF is refused like the others');
    assert.ok(answers.slice(200).every((status) => status === 429));

    // A lookup by matricula is not a lookup by CPF; the same token still gets it.
    assert.equal((await api.get(`/api/v1/associados/${target.matricula}/situacao`, token)).statusCode, 200);
    // Another token knowing the CPF gets its answer.
    const other = await attacker('sistema de provas');
    assert.equal((await api.get(`/api/v1/associados/${target.cpf}/situacao`, other.token)).statusCode, 200);

    await app.audit.flush();
    const alerts = await f.t.database.db
      .selectFrom('auditoria')
      .select(['detalhe', 'status'])
      .where('token_id', '=', id)
      .where('alerta', '=', true)
      .execute();
    assert.equal(alerts.length, 1, 'one alert when the token reaches the limit');
    assert.match(alerts[0]!.detalhe ?? '', /200 por dia/);

    const agent = new AdminAgent(app);
    await agent.login();
    const page = await agent.get('/admin/auditoria');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Alertas dos últimos 7 dias/);
    assert.match(page.body, new RegExp(`adivinhador[\\s\\S]*200 por dia[\\s\\S]*href="/admin/auditoria\\?token=${id}"`));
  });

  it('allows 20 misses a minute by default', async () => {
    const { token } = await createToken(f.t.database.db, {
      nome: 'padrão',
      scopes: ['associados:situacao'],
      criadoPor: 'test',
      limitePorMinuto: 100_000,
    });
    const tries = candidates(target.cpf)
      .filter((candidate) => candidate !== target.cpf)
      .slice(0, 21);
    const answers = [];
    for (const candidate of tries) answers.push((await f.api.get(`/api/v1/associados/${candidate}/situacao`, token)).statusCode);
    assert.deepEqual(answers, [...Array.from({ length: 20 }, () => 404), 429]);
    const refused = await f.api.get(`/api/v1/associados/${target.cpf}/situacao`, token);
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) >= 1 && Number(refused.headers['retry-after']) <= 60);
  });

  it('tests no more CPFs than the limit through the batch: one with more CPFs than misses left is refused before it runs', async () => {
    const { token } = await createToken(f.t.database.db, {
      nome: 'lotes',
      scopes: ['associados:situacao'],
      criadoPor: 'test',
      limitePorMinuto: 100_000,
    });
    const misses = candidates(target.cpf).filter((candidate) => candidate !== target.cpf);
    for (const candidate of misses.slice(0, 19))
      assert.equal((await f.api.get(`/api/v1/associados/${candidate}/situacao`, token)).statusCode, 404);
    // One miss left: the 20th and a 21st CPF in one batch would tell, by a 200 or a 429, whether the 21st is a member's.
    const pair = await f.api.get(`/api/v1/associados/situacao?id=${misses[19]},${target.cpf}`, token);
    assert.equal(pair.statusCode, 429);
    assert.match(
      pair.json<{ detail: string }>().detail,
      /^O lote tem 2 CPFs, mais do que as consultas por CPF sem resultado que restam a este token \(1 das 20 por minuto\)/,
    );
    const one = await f.api.get(`/api/v1/associados/situacao?id=${misses[19]}`, token);
    assert.deepEqual(one.json(), [{ id: misses[19], situacao: null }], 'the 20th');
    assert.equal((await f.api.get(`/api/v1/associados/situacao?id=${target.cpf}`, token)).statusCode, 429, 'then every lookup by CPF');

    const { token: fresh } = await createToken(f.t.database.db, {
      nome: 'lote grande',
      scopes: ['associados:situacao'],
      criadoPor: 'test',
      limitePorMinuto: 100_000,
    });
    const tooMany = await f.api.get(`/api/v1/associados/situacao?id=${misses.slice(100, 121).join(',')}`, fresh);
    assert.equal(tooMany.statusCode, 429);
    assert.equal(
      tooMany.json<{ detail: string }>().detail,
      'O lote tem 21 CPFs, mais do que o limite de consultas por CPF sem resultado deste token (20 por minuto): mande lotes de até 20 CPFs.',
    );
    assert.equal((await f.api.get(`/api/v1/associados/situacao?id=${misses.slice(100, 120).join(',')}`, fresh)).statusCode, 200);
  });

  it('answers no more misses than the limit under 64 concurrent lookups, and refuses no lookup that finds someone before it', async () => {
    const misses = candidates(target.cpf).filter((candidate) => candidate !== target.cpf);
    for (let run = 0; run < 3; run++) {
      const { token } = await attacker(`concorrente ${run}`);
      const statuses = await inParallel(64, 64, (i) => f.api.get(`/api/v1/associados/${misses[run * 64 + i]}/situacao`, token));
      const count = (status: number) => statuses.filter((response) => response.statusCode === status).length;
      assert.equal(count(404), 20, `run ${run}: 20 misses a minute answered`);
      assert.equal(count(429), 44, `run ${run}`);
    }

    // Lookups that find someone take no place while they run: 19 misses, then 64 at once that find someone,
    // are all answered, and the 20th miss still is.
    const { token } = await attacker('provas');
    for (const candidate of misses.slice(0, 19))
      assert.equal((await f.api.get(`/api/v1/associados/${candidate}/situacao`, token)).statusCode, 404);
    const found = await inParallel(64, 64, () => f.api.get(`/api/v1/associados/${target.cpf}/situacao`, token).then((r) => r.statusCode));
    assert.deepEqual(found, Array(64).fill(200));
    assert.equal((await f.api.get(`/api/v1/associados/${misses[19]}/situacao`, token)).statusCode, 404, 'the 20th miss');
    assert.equal((await f.api.get(`/api/v1/associados/${target.cpf}/situacao`, token)).statusCode, 429, 'then every lookup by CPF');
  });
});
