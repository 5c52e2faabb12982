import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatCpf, maskCpf } from '../../src/domain/cpf.js';
import { formatMatricula } from '../../src/domain/matricula.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

interface InvoiceBody {
  id: number;
  status: string;
  associado: { matricula: string; cpf: string };
}

describe('GET /api/v1/faturas/{id}', () => {
  let f: ApiFixture;
  let token: string;
  let listed: InvoiceBody[];

  before(async () => {
    f = await apiFixture(30);
    token = await f.token(['faturas:read']);
    listed = (await f.api.get('/api/v1/faturas?limit=500', token)).json<InvoiceBody[]>();
  });
  after(() => f.close());

  it('serves each invoice exactly as the list does, as personal data no cache keeps', async () => {
    // An invoice of each status the list serves, the derived `overdue` among them when the seed has one.
    const samples = [...new Map(listed.map((invoice) => [invoice.status, invoice])).values()];
    assert.ok(samples.length >= 3, samples.map((invoice) => invoice.status).join());
    for (const invoice of samples) {
      const response = await f.api.get(`/api/v1/faturas/${invoice.id}`, token);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), invoice);
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.match(String(response.headers.etag), /^W\/"/);
    }
  });

  it('answers a revalidation with the same ETag with 304 and no body', async () => {
    const first = await f.api.get(`/api/v1/faturas/${listed[0]!.id}`, token);
    const again = await f.api.get(`/api/v1/faturas/${listed[0]!.id}`, token, { 'if-none-match': String(first.headers.etag) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  it("masks the member's CPF unless the token has associados:cpf", async () => {
    const invoice = listed[0]!;
    const { cpf } = await f.t.database.db
      .selectFrom('associado')
      .select('cpf')
      .where('matricula', '=', Number(invoice.associado.matricula))
      .executeTakeFirstOrThrow();
    assert.equal(invoice.associado.cpf, maskCpf(cpf));
    const full = await f.api.get(`/api/v1/faturas/${invoice.id}`, await f.token(['faturas:read', 'associados:cpf']));
    assert.equal(full.json<InvoiceBody>().associado.cpf, formatCpf(cpf));
  });

  it('writes the audit row with the matricula of the member the invoice is of', async () => {
    const invoice = listed[0]!;
    await f.api.get(`/api/v1/faturas/${invoice.id}`, token, { 'x-request-id': 'fatura-por-id-1' });
    await f.api.get('/api/v1/faturas/2147483647', token, { 'x-request-id': 'fatura-por-id-2' });
    await f.app.audit.flush();
    const rows = await f.t.database.db
      .selectFrom('auditoria')
      .select(['request_id_cliente', 'status', 'matriculas', 'rota'])
      .where('request_id_cliente', 'in', ['fatura-por-id-1', 'fatura-por-id-2'])
      .orderBy('request_id_cliente')
      .execute();
    assert.deepEqual(
      rows.map((row) => [row.request_id_cliente, row.status, row.matriculas.map(formatMatricula), row.rota]),
      [
        ['fatura-por-id-1', 200, [invoice.associado.matricula], '/api/v1/faturas/:id'],
        ['fatura-por-id-2', 404, [], '/api/v1/faturas/:id'],
      ],
    );
  });

  it('answers 404 for an id that matches no invoice, and 400 for one that is not a plain positive integer', async () => {
    const missing = await f.api.get('/api/v1/faturas/2147483647', token);
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json<{ code: string }>().code, 'not_found');
    for (const id of ['0', '017', '1.0', 'abc', '-3', '2147483648']) {
      const response = await f.api.get(`/api/v1/faturas/${id}`, token);
      assert.equal(response.statusCode, 400, id);
      assert.match(response.json<{ detail: string }>().detail, /^O id da fatura deve ser um inteiro positivo/, id);
    }
    assert.equal((await f.api.get(`/api/v1/faturas/${listed[0]!.id}?limit=1`, token)).statusCode, 400);
  });

  it('requires the faturas:read scope', async () => {
    assert.equal((await f.api.get(`/api/v1/faturas/${listed[0]!.id}`, await f.token(['associados:read']))).statusCode, 403);
    assert.equal((await f.api.get(`/api/v1/faturas/${listed[0]!.id}`)).statusCode, 401);
  });
});
