import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import createClient from 'openapi-fetch';
import type { paths } from '../clients/typescript/src/associa-api.js';
import { payInvoice } from '../src/simulation/payments.js';
import { apiFixture, type ApiFixture } from './helpers/api-app.js';
import { eventually } from './helpers/load.js';

/** The service over real HTTP, called as an integrator would: a client generated from the served OpenAPI document. */
describe('end to end, with a generated client', () => {
  let f: ApiFixture;
  let baseUrl: string;

  before(async () => {
    f = await apiFixture(80);
    baseUrl = await f.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => f.close());

  const client = (token?: string) => createClient<paths>({ baseUrl, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('serves the website its open courses', async () => {
    const { data, error, response } = await client().GET('/api/v1/public/cursos', { params: { query: { limit: 5 } } });
    assert.equal(error, undefined);
    assert.equal(response.status, 200);
    assert.ok(data.every((course) => course.inscricoes.abertas));
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
  });

  it('tells the exam system whether a candidate is an active member in good standing, by CPF', async () => {
    const erp = client(await f.token(['associados:read', 'associados:cpf']));
    const { data: members } = await erp.GET('/api/v1/associados', { params: { query: { status: ['ativo'], limit: 1 } } });
    const cpf = members![0]!.cpf;
    const exams = client(await f.token(['associados:situacao']));
    const { data, response } = await exams.GET('/api/v1/associados/{id}/situacao', { params: { path: { id: cpf } } });
    assert.equal(response.status, 200);
    assert.equal(data!.matricula, members![0]!.matricula);
    assert.equal(data!.associado, true);
    assert.equal(typeof data!.adimplente, 'boolean');
  });

  it('lets the ERP page through paid annual fees by following Link headers', async () => {
    const erp = client(await f.token(['faturas:read']));
    let cursor: string | undefined;
    const ids: number[] = [];
    for (let page = 0; page < 100; page++) {
      const { data, response } = await erp.GET('/api/v1/faturas', {
        params: { query: { status: ['paid'], kind: ['anuidade'], limit: 50, cursor } },
      });
      assert.equal(response.status, 200);
      assert.ok(data!.every((invoice) => invoice.status === 'paid' && invoice.kind === 'anuidade' && invoice.nfse !== null));
      ids.push(...data!.map((invoice) => invoice.id));
      const link = response.headers.get('link');
      if (!link) break;
      cursor = new URL(/^<([^>]+)>/.exec(link)![1]!).searchParams.get('cursor') ?? undefined;
    }
    assert.ok(ids.length > 50);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
  });

  it('gets typed problems back', async () => {
    const { error, response } = await client(await f.token(['faturas:read'])).GET('/api/v1/faturas', {
      params: { query: { paid_from: '2026-02-30' } },
    });
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.equal((error as { code: string }).code, 'invalid_parameter');
  });
  it("picks up a payment made after the seed with the ERP guide's sync: the watermark the seeded data gives is behind it", async () => {
    const erp = client(await f.token(['faturas:read']));
    const mirror = new Map<number, { status: string; atualizado_em: string }>();
    let watermark = '0001-01-01T00:00:00Z';
    // docs/guia-erp.md: every page from the watermark, inclusive; keep the largest atualizado_em seen.
    const sync = async () => {
      let cursor: string | undefined;
      for (;;) {
        const { data, response } = await erp.GET('/api/v1/faturas', {
          params: { query: { updated_since: watermark, limit: 500, cursor } },
        });
        assert.equal(response.status, 200);
        for (const invoice of data!) {
          mirror.set(invoice.id, invoice);
          if (Date.parse(invoice.atualizado_em) > Date.parse(watermark)) watermark = invoice.atualizado_em;
        }
        const link = response.headers.get('link');
        if (!link) return;
        cursor = new URL(/^<([^>]+)>/.exec(link)![1]!).searchParams.get('cursor') ?? undefined;
      }
    };
    await sync();
    assert.ok(Date.parse(watermark) <= Date.now(), `the seeded data's watermark ${watermark} is not in the future`);
    const open = [...mirror].find(([, invoice]) => invoice.status === 'open')!;
    assert.ok(open, 'an open invoice to pay');
    const paid = await payInvoice(f.t.database.db, { faturaId: open[0], forma: 'pix' });
    assert.ok(paid.ok);
    await eventually(
      async () => {
        await sync();
        return mirror.get(open[0])!.status === 'paid';
      },
      10_000,
      'the payment reaching the mirror',
    );
  });
});
