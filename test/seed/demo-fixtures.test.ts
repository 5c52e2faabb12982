import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { businessDate } from '../../src/domain/dates.js';
import { formatCpf } from '../../src/domain/cpf.js';
import { DEMO_FIXTURES, DEMO_UNKNOWN_CPF, seedDemoIfEmpty } from '../../src/seed/demo.js';
import { SCOPE_NAMES } from '../../src/tokens/scopes.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { ApiClient } from '../helpers/api.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const TABLE = new URL('../../docs/dados-de-demonstracao.md', import.meta.url);

/** A row of the table in docs/dados-de-demonstracao.md, as written there (backticks removed). */
interface Row {
  caso: string;
  matricula: string;
  cpf: string;
  nome: string;
  regional: string;
  status: string;
  categoria: string;
  situacao: string;
  associado: string;
  adimplente: string;
  restritoSp: string;
}

function documentedRows(): Row[] {
  const lines = readFileSync(TABLE, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| '));
  return lines.slice(1).map((line) => {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim().replace(/`/g, ''));
    const [caso, matricula, cpf, nome, regional, status, categoria, situacao, associado, adimplente, restritoSp] = cells as [
      string,
      ...string[],
    ];
    return { caso, matricula, cpf, nome, regional, status, categoria, situacao, associado, adimplente, restritoSp } as Row;
  });
}

describe('demo fixtures (docs/dados-de-demonstracao.md)', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let api: ApiClient;
  const tokens: Record<'todos' | 'SP' | 'RS', string> = { todos: '', SP: '', RS: '' };
  const rows = documentedRows();
  const year = Number(businessDate(new Date()).slice(0, 4));

  before(async () => {
    t = await createTestDatabase();
    assert.ok(await seedDemoIfEmpty(t.database));
    app = await buildApp({ config: loadConfig({ REDIS_URL: process.env.REDIS_URL }), database: t.database });
    api = new ApiClient(app);
    for (const regional of ['todos', 'SP', 'RS'] as const) {
      ({ token: tokens[regional] } = await createToken(t.database.db, {
        nome: `fixtures ${regional}`,
        scopes: SCOPE_NAMES,
        criadoPor: 'test',
        regional: regional === 'todos' ? null : regional,
      }));
    }
  });
  after(async () => {
    await app.close();
    await t.dispose();
  });

  it('documents exactly the members and the unknown CPF the seeder fixes', () => {
    const members = rows.filter((row) => row.matricula !== '—');
    assert.deepEqual(members.map((row) => Number(row.matricula)).sort(), DEMO_FIXTURES.map((f) => f.matricula).sort());
    for (const row of members) {
      const fixture = DEMO_FIXTURES.find((f) => f.matricula === Number(row.matricula))!;
      assert.deepEqual([row.status, row.categoria, row.regional], [fixture.status, fixture.categoria, fixture.regional], row.caso);
    }
    assert.deepEqual(
      rows.filter((row) => row.matricula === '—').map((row) => row.cpf),
      [formatCpf(DEMO_UNKNOWN_CPF)],
    );
  });

  it('answers /situacao by matrícula and by CPF, masked or not, as the table says', async () => {
    for (const row of rows) {
      const ids = [row.cpf, row.cpf.replace(/\D/g, ''), ...(row.matricula === '—' ? [] : [row.matricula])];
      for (const id of ids) {
        const response = await api.get(`/api/v1/associados/${id}/situacao`, tokens.todos);
        assert.equal(String(response.statusCode), row.situacao, `${row.caso} (${id})`);
        if (response.statusCode === 404) {
          assert.equal(response.json<{ code: string }>().code, 'not_found');
          continue;
        }
        assert.deepEqual(
          response.json(),
          {
            matricula: row.matricula,
            nome: row.nome,
            associado: row.associado === 'true',
            categoria: row.categoria,
            adimplente: row.adimplente === 'true',
            ano_referencia: year,
          },
          `${row.caso} (${id})`,
        );
      }
    }
  });

  it('shows each member with the documented CPF, status and branch', async () => {
    for (const row of rows.filter((r) => r.matricula !== '—')) {
      const response = await api.get(`/api/v1/associados/${row.matricula}`, tokens.todos);
      assert.equal(response.statusCode, 200, row.caso);
      const member = response.json<{ cpf: string; status: string; regional: { codigo: string } }>();
      assert.deepEqual([member.cpf, member.status, member.regional.codigo], [row.cpf, row.status, row.regional], row.caso);
    }
  });

  it('hides the other branch from a token restricted to SP, and only that one', async () => {
    for (const row of rows) {
      const response = await api.get(`/api/v1/associados/${row.cpf}/situacao`, tokens.SP);
      assert.equal(String(response.statusCode), row.restritoSp, row.caso);
    }
    const other = rows.find((row) => row.regional === 'RS')!;
    assert.equal((await api.get(`/api/v1/associados/${other.matricula}/situacao`, tokens.RS)).statusCode, 200);
  });
});
