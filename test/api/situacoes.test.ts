import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import { AssociaError, createAssociaClient, type SituacaoNoLote } from '../../clients/typescript/src/index.js';
import { cpfCheckDigits, formatCpf } from '../../src/domain/cpf.js';
import { businessDate } from '../../src/domain/dates.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import type { Scope } from '../../src/tokens/scopes.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

interface Member {
  matricula: number;
  nome: string;
  status: string;
  categoria: string;
  cpf: string;
  regional: string;
  adimplente: boolean;
}

interface Problem {
  code: string;
  detail: string;
  errors?: { parameter: string; message: string }[];
}

const PATH = '/api/v1/associados/situacao';
const padded = (matricula: number) => String(matricula).padStart(6, '0');

/** Valid CPFs that no member holds, `count` of them from `from` on. */
function nonMemberCpfs(members: readonly Member[], count: number, from = 100_000_000): string[] {
  const taken = new Set(members.map((member) => member.cpf));
  const cpfs: string[] = [];
  for (let base = from; cpfs.length < count; base++) {
    const cpf = String(base) + cpfCheckDigits(String(base));
    if (!taken.has(cpf)) cpfs.push(cpf);
  }
  return cpfs;
}

/**
 * The attack of test/api/cpf-lookups.test.ts through the batch: a token without `associados:cpf` knowing three
 * digits of a masked CPF and guessing the rest, a thousand candidates of which one is right.
 */
function candidates(cpf: string): string[] {
  const known = cpf.slice(3, 9);
  return Array.from({ length: 1000 }, (_, i) => {
    const base = String(i).padStart(3, '0') + known;
    return base + cpfCheckDigits(base);
  });
}

describe(`GET ${PATH}`, () => {
  let f: ApiFixture;
  let members: Member[];
  const today = businessDate(new Date());
  const year = Number(today.slice(0, 4));

  before(async () => {
    f = await apiFixture();
    // Computed here from the contract's words, independently of the service's query.
    const { rows } = await sql<Member>`
      select a.matricula, a.nome, a.status, a.categoria, a.cpf, a.regional,
             a.categoria in ('remido', 'honorario') or (select count(*) from fatura f where f.associado = a.matricula
               and f.kind = 'anuidade' and f.status = 'open' and f.ano_referencia <= ${year} and f.vencimento < ${today}::date) = 0 as adimplente
        from associado a order by a.matricula`.execute(f.t.database.db);
    members = rows;
  });
  after(() => f.close());

  const situacao = (member: Member) => ({
    matricula: padded(member.matricula),
    nome: member.nome,
    associado: member.status === 'ativo',
    categoria: member.categoria,
    adimplente: member.adimplente,
    ano_referencia: year,
  });

  /** A token with its own limits, set as an administrator sets them (api_token), the CPF misses' high unless given. */
  async function limitedToken(
    limits: { perMinute?: number; cpfPerMinute?: number; cpfPerDay?: number; regional?: string } = {},
    scopes: Scope[] = ['associados:situacao'],
  ) {
    const created = await createToken(f.t.database.db, {
      nome: 'provas',
      scopes,
      criadoPor: 'test',
      regional: limits.regional ?? null,
      limitePorMinuto: limits.perMinute ?? 100_000,
    });
    await f.t.database.db
      .updateTable('api_token')
      .set({ limite_cpf_sem_resultado_minuto: limits.cpfPerMinute ?? 100_000, limite_cpf_sem_resultado_dia: limits.cpfPerDay ?? 100_000 })
      .where('id', '=', created.id)
      .execute();
    return created;
  }

  const batch = (ids: readonly string[], token: string, headers: Record<string, string> = {}) =>
    f.api.get(`${PATH}?id=${ids.map(encodeURIComponent).join(',')}`, token, headers);

  /** The CPF misses the database counted for a token in its current minute and day. */
  const misses = async (tokenId: number) => {
    const row = await f.t.database.db
      .selectFrom('consulta_cpf_sem_resultado')
      .select(['no_minuto', 'no_dia'])
      .where('token_id', '=', tokenId)
      .executeTakeFirst();
    return [row?.no_minuto ?? 0, row?.no_dia ?? 0];
  };

  const remaining = (response: { headers: Record<string, unknown> }) => Number(/;r=(\d+);/.exec(String(response.headers.ratelimit))?.[1]);

  it('answers one element per id sent, in the order sent and as sent: matrículas with or without zeros, CPFs masked or not, repeats, nulls', async () => {
    const { token } = await limitedToken();
    const [a, b, c, d] = [members[4]!, members[41]!, members[120]!, members[250]!];
    const [stranger] = nonMemberCpfs(members, 1);
    const ids = [
      padded(a.matricula),
      formatCpf(b.cpf),
      String(c.matricula),
      '0009999999',
      b.cpf,
      stranger!,
      padded(a.matricula),
      formatCpf(stranger!),
      d.cpf,
    ];
    const response = await batch(ids, token);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.match(String(response.headers['content-type']), /^application\/json; charset=utf-8$/);
    assert.deepEqual(response.json(), [
      { id: ids[0], situacao: situacao(a) },
      { id: ids[1], situacao: situacao(b) },
      { id: ids[2], situacao: situacao(c) },
      { id: ids[3], situacao: null },
      { id: ids[4], situacao: situacao(b) },
      { id: ids[5], situacao: null },
      { id: ids[6], situacao: situacao(a) },
      { id: ids[7], situacao: null },
      { id: ids[8], situacao: situacao(d) },
    ]);
  });

  it('answers 100 ids, given comma-separated or as the parameter repeated', async () => {
    const { token } = await limitedToken();
    const hundred = members.slice(0, 100);
    const ids = hundred.map((member, i) => (i % 2 ? formatCpf(member.cpf) : padded(member.matricula)));
    const response = await batch(ids, token);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(
      response.json(),
      hundred.map((member, i) => ({ id: ids[i], situacao: situacao(member) })),
    );
    const repeated = await f.api.get(`${PATH}?id=${ids.slice(0, 50).join(',')}&id=${ids.slice(50).join(',')}`, token);
    assert.deepEqual(repeated.json(), response.json());
  });

  it('refuses, with 400 naming each wrong id by its position, what is not one to 100 matrículas and CPFs', async () => {
    const { token } = await limitedToken();
    const cases: [string, RegExp[]][] = [
      ['', [/^obrigatório e ausente$/]],
      ['?id=', [/^posição 1 \(''\): identificador vazio$/]],
      ['?id=000005,,000003', [/^posição 2 \(''\): identificador vazio$/]],
      ['?id=000005,', [/^posição 2 \(''\): identificador vazio$/]],
      ['?id=000005,abc', [/^posição 2 \('abc'\): esperado uma matrícula/]],
      ['?id=529.982.247-24,0', [/^posição 1 \('\[cpf\]'\): CPF inválido$/, /^posição 2 \('0'\)/]],
      ['?id=%201', [/^posição 1 \(' 1'\)/]],
      [`?id=${'9'.repeat(11)}`, [/^posição 1 \('\[cpf\]'\): CPF inválido$/]],
      [`?id=${'1'.repeat(40)}`, [/^posição 1 \('1{20}…'\)/]],
      [
        `?id=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
        [/^esperados no máximo 100 identificadores por requisição; recebidos 101$/],
      ],
      [`?${Array.from({ length: 101 }, (_, i) => `id=${i + 1}`).join('&')}`, [/^esperados no máximo 100 valores$/]],
    ];
    for (const [query, messages] of cases) {
      const response = await f.api.get(`${PATH}${query}`, token);
      assert.equal(response.statusCode, 400, query);
      const problem = response.json<Problem>();
      assert.equal(problem.code, 'invalid_parameter', query);
      assert.deepEqual(
        problem.errors!.map((error) => error.parameter),
        messages.map(() => 'id'),
        query,
      );
      for (const [i, message] of messages.entries()) assert.match(problem.errors![i]!.message, message, query);
      assert.doesNotMatch(response.body, /529\.982\.247-24|99999999999/, 'CPFs are never echoed');
    }
    const unknown = await f.api.get(`${PATH}?id=000005&ids=000003`, token);
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json<Problem>().code, 'unknown_parameter');
  });

  it('never answers a 5xx, whatever the ids, and answers as many elements as ids when it answers', async () => {
    const { token } = await limitedToken();
    const id = fc.oneof(
      fc.constantFrom('000005', '5', '0', '', ' ', '%', '002.433.818-40', '52998224725', '529.982.247-24', '9'.repeat(40), "' or 1=1 --"),
      fc.string({ maxLength: 16 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.integer().map(String),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(id, { minLength: 1, maxLength: 6 }), async (ids) => {
        const response = await batch(ids, token);
        assert.ok([200, 400].includes(response.statusCode), `${ids.join(',')} → ${response.statusCode}: ${response.body.slice(0, 300)}`);
        if (response.statusCode === 200) assert.equal(response.json<unknown[]>().length, ids.join(',').split(',').length);
      }),
      { numRuns: 200 },
    );
  });

  it('accepts associados:read as well, and refuses other scopes and requests without a token', async () => {
    const read = await f.token(['associados:read']);
    assert.equal((await batch(['000001'], read)).statusCode, 200);
    const other = await batch(['000001'], await f.token(['cursos:read']));
    assert.equal(other.statusCode, 403);
    assert.equal(other.headers['www-authenticate'], 'Bearer realm="associa", error="insufficient_scope", scope="associados:situacao"');
    assert.equal((await f.api.get(`${PATH}?id=000001`)).statusCode, 401);
  });

  it("answers null for another branch's members to a branch-restricted token, by matrícula and by CPF", async () => {
    const own = members[0]!;
    const elsewhere = members.find((member) => member.regional !== own.regional)!;
    const { token } = await limitedToken({ regional: own.regional });
    const ids = [padded(own.matricula), padded(elsewhere.matricula), own.cpf, formatCpf(elsewhere.cpf)];
    assert.deepEqual((await batch(ids, token)).json(), [
      { id: ids[0], situacao: situacao(own) },
      { id: ids[1], situacao: null },
      { id: ids[2], situacao: situacao(own) },
      { id: ids[3], situacao: null },
    ]);
  });

  it('writes every matricula it returns to the audit trail, once each', async () => {
    const { id, token } = await limitedToken();
    const [a, b] = [members[10]!, members[11]!];
    const ids = [padded(a.matricula), formatCpf(b.cpf), a.cpf, nonMemberCpfs(members, 1)[0]!, '0009999999'];
    assert.equal((await batch(ids, token, { 'x-request-id': 'lote-auditado' })).statusCode, 200);
    await f.app.audit.flush();
    const rows = await f.t.database.db
      .selectFrom('auditoria')
      .select(['rota', 'status', 'matriculas'])
      .where('token_id', '=', id)
      .where('request_id_cliente', '=', 'lote-auditado')
      .execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.rota, PATH);
    assert.equal(rows[0]!.status, 200);
    assert.deepEqual(
      [...rows[0]!.matriculas].sort((x, y) => x - y),
      [a.matricula, b.matricula],
    );
  });

  it('answers 304 to a revalidation with the ETag of the same answer', async () => {
    const { token } = await limitedToken();
    const ids = [padded(members[3]!.matricula), members[5]!.cpf];
    const first = await batch(ids, token);
    assert.match(String(first.headers.etag), /^W\/"/);
    const again = await batch(ids, token, { 'if-none-match': String(first.headers.etag) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal((await batch([...ids].reverse(), token, { 'if-none-match': String(first.headers.etag) })).statusCode, 200);
  });

  it("counts each id as one request against the token's rate limit; a batch costing more than remains is refused and takes nothing", async () => {
    const { token } = await limitedToken({ perMinute: 10 });
    const ids = members.slice(0, 7).map((member) => padded(member.matricula));
    const four = await batch(ids.slice(0, 4), token);
    assert.equal(four.statusCode, 200);
    assert.equal(remaining(four), 6);

    const seven = await batch(ids, token);
    assert.equal(seven.statusCode, 429);
    const problem = seven.json<Problem>();
    assert.equal(problem.code, 'rate_limited');
    assert.match(problem.detail, /conta como 7 requisições e restam 6 das 10/);
    assert.equal(remaining(seven), 6);
    assert.ok(Number(seven.headers['retry-after']) >= 1 && Number(seven.headers['retry-after']) <= 60);

    // An invalid batch costs its ids too: they are counted before it is read.
    assert.equal((await batch(['000001', 'x'], token)).statusCode, 400);
    const rest = await batch(ids.slice(0, 4), token);
    assert.equal(rest.statusCode, 200);
    assert.equal(remaining(rest), 0);
    assert.equal((await batch(ids.slice(0, 1), token)).statusCode, 429);

    // More ids than the whole limit: never admitted, whatever remains.
    const { token: small } = await limitedToken({ perMinute: 5 });
    const tooMany = await batch(ids.slice(0, 6), small);
    assert.equal(tooMany.statusCode, 429);
    assert.match(tooMany.json<Problem>().detail, /conta como 6 requisições, mais que o limite de 5 por minuto/);
    assert.equal(remaining(await batch(ids.slice(0, 5), small)), 0);

    // A request of more than 100 ids is refused by validation and counts as one.
    const { token: third } = await limitedToken({ perMinute: 10 });
    const over = await f.api.get(`${PATH}?id=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, third);
    assert.equal(over.statusCode, 400);
    assert.equal(remaining(over), 9);
  });

  it('counts each CPF that finds nobody as a miss, and a batch without CPFs touches no CPF limit', async () => {
    const own = members[0]!;
    const elsewhere = members.find((member) => member.regional !== own.regional)!;
    const { id, token } = await limitedToken({ cpfPerMinute: 6, regional: own.regional });
    const strangers = nonMemberCpfs(members, 6, 200_000_000);
    const first = [own.cpf, strangers[0]!, padded(own.matricula), formatCpf(strangers[1]!), '0009999999', formatCpf(elsewhere.cpf)];
    const response = await batch(first, token);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(
      response.json<SituacaoNoLote[]>().map((answer) => answer.situacao !== null),
      [true, false, true, false, false, false],
    );
    assert.deepEqual(await misses(id), [3, 3], "two strangers and another branch's member; a matrícula is not a lookup by CPF");

    // Repeated, a CPF that finds nobody counts each time, as a repeated single lookup does.
    assert.equal((await batch([strangers[2]!, strangers[2]!, own.cpf], token)).statusCode, 200);
    assert.deepEqual(await misses(id), [5, 5]);

    // A batch of matrículas only is answered whatever the CPF limit.
    assert.equal((await batch([padded(own.matricula), '0009999998'], token)).statusCode, 200);
    assert.deepEqual(await misses(id), [5, 5]);

    // Three CPFs where one miss remains: the whole batch is refused before it runs, the member's CPF and matrícula too,
    // and nothing is counted; the CPFs it held were not tested.
    const over = await batch([padded(own.matricula), own.cpf, strangers[3]!, strangers[4]!], token);
    assert.equal(over.statusCode, 429);
    assert.equal(over.json<Problem>().code, 'cpf_lookup_limited');
    assert.equal(
      over.json<Problem>().detail,
      'O lote tem 3 CPFs, mais do que as consultas por CPF sem resultado que restam a este token (1 das 6 por minuto): um lote que pode ' +
        `passar do limite é recusado antes da consulta, sem contar nada. Mande lotes de até 1 CPF, ou este quando o limite voltar, em ${String(over.headers['retry-after'])} s.`,
    );
    assert.match(String(over.headers['retry-after']), /^\d+$/);
    assert.deepEqual(await misses(id), [5, 5], 'refused before it ran');
    assert.equal((await batch([strangers[3]!], token)).statusCode, 200, 'the miss left');
    assert.deepEqual(await misses(id), [6, 6]);
    const found = await batch([own.cpf], token);
    assert.equal(found.statusCode, 429, 'past the limit, a CPF that finds someone is refused too');
    assert.equal(found.json<Problem>().code, 'cpf_lookup_limited');
    assert.equal((await batch([padded(own.matricula)], token)).statusCode, 200, 'matrículas are still answered');
  });

  it('stops the replayed attack of the old mask at the limit an administrator set for the token: no more misses answered, and never the right CPF', async () => {
    const target = members[6]!;
    const { id, token } = await limitedToken({ cpfPerDay: 250 }, ['associados:read', 'associados:situacao']);
    const tries = candidates(target.cpf).filter((candidate) => candidate !== target.cpf && !members.some((m) => m.cpf === candidate));
    tries.push(target.cpf);
    let answered = 0;
    const statuses: number[] = [];
    // Batches of 100 while they fit what is left, then of 50, the most the 429 says may be sent.
    for (let start = 0, size = 100; start < tries.length; start += size, size = start < 300 ? 100 : 50) {
      const response = await batch(tries.slice(start, start + size), token);
      statuses.push(response.statusCode);
      if (response.statusCode === 200) {
        const answers = response.json<SituacaoNoLote[]>();
        assert.ok(
          answers.every((answer) => answer.situacao === null),
          'only misses are ever answered',
        );
        answered += answers.length;
      } else {
        assert.equal(response.statusCode, 429);
        assert.equal(response.json<Problem>().code, 'cpf_lookup_limited');
      }
    }
    assert.equal(answered, 250, 'exactly the limit: the third batch of 100 is refused before it runs, then a batch of 50 fits');
    assert.deepEqual(statuses.slice(0, 4), [200, 200, 429, 200]);
    assert.ok(
      statuses.slice(4).every((status) => status === 429),
      'the batch with the right CPF too',
    );
    assert.deepEqual(await misses(id), [250, 250]);

    await f.app.audit.flush();
    const alerts = await f.t.database.db
      .selectFrom('auditoria')
      .select('detalhe')
      .where('token_id', '=', id)
      .where('alerta', '=', true)
      .execute();
    assert.equal(alerts.length, 1, 'one alert when the token reaches its limit');
    assert.match(alerts[0]!.detalhe ?? '', /250 por dia/);
  });

  it("is the client package's situacoes(): any number of ids in requests of 100, four at a time, the answers in order, nulls as answers", async () => {
    const sent: URL[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const client = (token: string) =>
      createAssociaClient({
        baseUrl: 'http://associa.test',
        token,
        retry: { attempts: 1 },
        // The app itself, without a network.
        fetch: async (request) => {
          const url = new URL(request.url);
          sent.push(url);
          const headers: Record<string, string> = {};
          request.headers.forEach((value, name) => {
            headers[name] = value;
          });
          mostInFlight = Math.max(mostInFlight, ++inFlight);
          const response = await f.app.inject({ method: 'GET', url: url.pathname + url.search, headers }).finally(() => inFlight--);
          return new Response(response.statusCode === 304 ? null : response.body, {
            status: response.statusCode,
            headers: Object.entries(response.headers).map(([name, value]): [string, string] => [name, String(value)]),
          });
        },
      });
    const { token } = await limitedToken();
    const strangers = nonMemberCpfs(members, 10, 300_000_000);
    const ids = [...members.slice(0, 240).map((member, i) => (i % 3 ? padded(member.matricula) : formatCpf(member.cpf))), ...strangers];
    const answers: SituacaoNoLote[] = [];
    for await (const answer of client(token).situacoes(ids)) answers.push(answer);
    assert.deepEqual(
      sent.map((url) => url.searchParams.get('id')!.split(',').length),
      [100, 100, 50],
    );
    assert.deepEqual(answers, [
      ...members.slice(0, 240).map((member, i) => ({ id: ids[i], situacao: situacao(member) })),
      ...strangers.map((cpf) => ({ id: cpf, situacao: null })),
    ]);
    assert.equal(mostInFlight, 3);

    // Six requests: four in flight at most by default, as many as `concurrency` says otherwise; the answers in order.
    const many = [...ids, ...ids, ...ids.slice(0, 50)];
    const expected = [...answers, ...answers, ...answers.slice(0, 50)];
    for (const [concurrency, most] of [
      [undefined, 4],
      [2, 2],
      [1, 1],
    ] as const) {
      sent.length = 0;
      mostInFlight = 0;
      const inOrder: SituacaoNoLote[] = [];
      for await (const answer of client(token).situacoes(many, { concurrency })) inOrder.push(answer);
      assert.equal(sent.length, 6);
      assert.equal(mostInFlight, most, `concurrency ${concurrency}`);
      assert.deepEqual(inOrder, expected);
    }
    await assert.rejects(client(token).situacoes(ids, { concurrency: 0 }).next(), RangeError);

    // A refused request throws once the answers before it are given: the caller knows which ids are left.
    const { token: limited } = await limitedToken({ perMinute: 150 });
    const given: SituacaoNoLote[] = [];
    await assert.rejects(
      async () => {
        for await (const answer of client(limited).situacoes(ids)) given.push(answer);
      },
      (error) => error instanceof AssociaError && error.problem?.code === 'rate_limited',
    );
    assert.equal(given.length, 100);
    assert.deepEqual(given, answers.slice(0, 100));
    await assert.rejects(client(token).situacoes(['000001,000002']).next(), TypeError);
  });
});
