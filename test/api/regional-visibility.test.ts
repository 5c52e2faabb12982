import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatMatricula } from '../../src/domain/matricula.js';
import { SCOPE_NAMES } from '../../src/tokens/scopes.js';
import type { Actor } from '../../src/operations/actor.js';
import { recordResults } from '../../src/operations/exam-results.js';
import { allRoutes } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { examWithCandidates } from '../helpers/exams.js';

const BRANCH = 'SP';

/**
 * A token restricted to one regional branch, over members of several: every authenticated route of the
 * API is called, and nothing of another branch comes back, from any list or by any id.
 */
describe('a token restricted to a regional branch, on every route', () => {
  let f: ApiFixture;
  let token: string;
  let inside: { matricula: number; cpf: string };
  let outside: { matricula: number; cpf: string };
  let branchOf: Map<number, string>;

  before(async () => {
    f = await apiFixture(300);
    token = await f.token(SCOPE_NAMES, { regional: BRANCH });
    const members = await f.t.database.db.selectFrom('associado').select(['matricula', 'cpf', 'regional']).orderBy('matricula').execute();
    branchOf = new Map(members.map((member) => [member.matricula, member.regional]));
    inside = members.find((member) => member.regional === BRANCH)!;
    outside = members.find((member) => member.regional !== BRANCH)!;
    assert.ok(inside && outside && new Set(members.map((member) => member.regional)).size > 3, 'members of several branches');
  });
  after(() => f.close());

  /** An exam with a candidate inside the branch and one outside, each with a result. */
  let exam: Promise<number> | undefined;
  const branchExam = () =>
    (exam ??= (async () => {
      const id = await examWithCandidates(f.t.database.db, 'TE-REGIONAL-2099', 'realizada', [inside.matricula, outside.matricula]);
      const actor: Actor = {
        kind: 'cli',
        operator: 'test',
        command: 'test',
      };
      const items = [inside, outside].map(({ matricula }) => ({ candidato: String(matricula), resultado: 'reprovado', nota: '3.00' }));
      await recordResults(f.t.database.db, actor, id, items, { scope: { regional: null }, tokenId: null });
      return id;
    })());

  /** Every item of a list, page after page. */
  async function walk(path: string): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let url: string | undefined = path;
    while (url) {
      const response = await f.api.get(url, token);
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      items.push(...response.json<Record<string, unknown>[]>());
      const next = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
      url = next === undefined ? undefined : new URL(next).pathname + new URL(next).search;
    }
    return items;
  }

  /** What each authenticated route must show of the branch; a route added without a case here fails the test. */
  const cases: Record<string, () => Promise<void>> = {
    '/api/v1/associados': async () => {
      const listed = await walk('/api/v1/associados?limit=500');
      assert.ok(listed.length > 0);
      assert.deepEqual(
        listed.filter((item) => item.regional !== BRANCH),
        [],
      );
      assert.equal(listed.length, [...branchOf.values()].filter((branch) => branch === BRANCH).length, 'every member of the branch, once');
      assert.deepEqual(
        await walk(`/api/v1/associados?regional=${branchOf.get(outside.matricula)}`),
        [],
        'a filter on another branch is not widened',
      );
      assert.deepEqual(await walk(`/api/v1/associados?cpf=${outside.cpf}`), []);
      assert.equal((await walk(`/api/v1/associados?cpf=${inside.cpf}`)).length, 1);
    },
    '/api/v1/associados/:id': async () => {
      assert.equal((await f.api.get(`/api/v1/associados/${inside.matricula}`, token)).statusCode, 200);
      assert.equal((await f.api.get(`/api/v1/associados/${outside.matricula}`, token)).statusCode, 404);
    },
    '/api/v1/associados/:id/situacao': async () => {
      for (const id of [inside.matricula, inside.cpf])
        assert.equal((await f.api.get(`/api/v1/associados/${id}/situacao`, token)).statusCode, 200);
      for (const id of [outside.matricula, outside.cpf])
        assert.equal((await f.api.get(`/api/v1/associados/${id}/situacao`, token)).statusCode, 404);
    },
    '/api/v1/associados/situacao': async () => {
      const ids = [inside.matricula, outside.matricula, inside.cpf, outside.cpf];
      const response = await f.api.get(`/api/v1/associados/situacao?id=${ids.join(',')}`, token);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(
        response.json<{ situacao: { matricula: string } | null }[]>().map(({ situacao }) => situacao && Number(situacao.matricula)),
        [inside.matricula, null, inside.matricula, null],
      );
    },
    '/api/v1/faturas': async () => {
      const invoices = await walk('/api/v1/faturas?limit=500');
      assert.ok(invoices.length > 0);
      const members = invoices.map((invoice) => Number((invoice.associado as { matricula: string }).matricula));
      assert.deepEqual(
        members.filter((matricula) => branchOf.get(matricula) !== BRANCH),
        [],
      );
      const { n } = await f.t.database.db
        .selectFrom('fatura as i')
        .innerJoin('associado as a', 'a.matricula', 'i.associado')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('a.regional', '=', BRANCH)
        .executeTakeFirstOrThrow();
      assert.equal(invoices.length, Number(n), 'every invoice of the branch, once');
    },
    '/api/v1/faturas/:id': async () => {
      const invoiceOf = (inBranch: boolean) =>
        f.t.database.db
          .selectFrom('fatura as i')
          .innerJoin('associado as a', 'a.matricula', 'i.associado')
          .select(['i.id', 'i.associado'])
          .where('a.regional', inBranch ? '=' : '<>', BRANCH)
          .orderBy('i.id')
          .executeTakeFirstOrThrow();
      const mine = await invoiceOf(true);
      const served = await f.api.get(`/api/v1/faturas/${mine.id}`, token);
      assert.equal(served.statusCode, 200, served.body);
      assert.equal(served.json<{ associado: { matricula: string } }>().associado.matricula, formatMatricula(mine.associado));
      const other = await f.api.get(`/api/v1/faturas/${(await invoiceOf(false)).id}`, token);
      assert.equal(other.statusCode, 404, 'as if it did not exist');
    },
    // The branch's members' events, and the courses', which concern every branch (the seed's history has both).
    '/api/v1/eventos': async () => {
      const events = (await walk('/api/v1/eventos?limit=500')) as { type: string; dados: { matricula?: string } }[];
      assert.ok(events.some((event) => event.dados.matricula) && events.some((event) => event.type.startsWith('curso.')));
      assert.deepEqual(
        events.filter((event) => event.dados.matricula !== undefined && branchOf.get(Number(event.dados.matricula)) !== BRANCH),
        [],
      );
      const { n } = await f.t.database.db
        .selectFrom('evento')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where((eb) => eb.or([eb('regional', '=', BRANCH), eb('regional', 'is', null)]))
        .executeTakeFirstOrThrow();
      assert.equal(events.length, Number(n), 'every event of the branch and of the courses, once');
    },
    // Exams belong to the whole association; their candidates and results are the branch's.
    '/api/v1/provas': async () => {
      assert.ok((await walk('/api/v1/provas?limit=500')).length > 0);
    },
    '/api/v1/provas/:id': async () => {
      assert.equal((await f.api.get(`/api/v1/provas/${await branchExam()}`, token)).statusCode, 200);
    },
    '/api/v1/provas/:id/candidatos': async () => {
      const candidates = await walk(`/api/v1/provas/${await branchExam()}/candidatos?limit=500`);
      assert.deepEqual(
        candidates.map((candidate) => candidate.matricula),
        [formatMatricula(inside.matricula)],
      );
    },
    '/api/v1/provas/:id/resultados': async () => {
      const results = await walk(`/api/v1/provas/${await branchExam()}/resultados?limit=500`);
      assert.deepEqual(
        results.map((result) => result.matricula),
        [formatMatricula(inside.matricula)],
      );
    },
    // Courses belong to the whole association: a branch's token sees them all, as any other token.
    '/api/v1/cursos': async () => {
      assert.ok((await walk('/api/v1/cursos?limit=500')).length > 0);
    },
    '/api/v1/cursos/:id': async () => {
      assert.equal((await f.api.get('/api/v1/cursos/1', token)).statusCode, 200);
    },
  };

  it('covers every authenticated route of the API', () => {
    const authenticated = allRoutes(f.app)
      .filter((route) => route.method === 'GET' && route.path.startsWith('/api/v1/'))
      .filter((route) => f.app.hasRoute({ method: 'GET', url: route.path }))
      .map((route) => route.path)
      .filter((path) => !path.startsWith('/api/v1/public/') && !path.startsWith('/api/v1/openapi'));
    assert.deepEqual([...new Set(authenticated)].sort(), Object.keys(cases).sort());
  });

  for (const [route, check] of Object.entries(cases)) it(`shows nothing of another branch: ${route}`, check);
});
