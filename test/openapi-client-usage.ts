import createClient from 'openapi-fetch';
import type { components, paths } from '../clients/typescript/src/associa-api.js';
import { createAssociaClient } from '../clients/typescript/src/index.js';

/*
 * Every filter and every header of the API, used as an integrator would with a client generated from the OpenAPI
 * document. test/openapi-client.test.ts type-checks this file against types generated from the served document:
 * a filter or header typed as unknown, or an enumerated value that a client should refuse, fails it.
 */

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3000', headers: { authorization: 'Bearer associa_demo' } });
const header = { 'X-Request-Id': 'erp-sync-0001', 'If-None-Match': 'W/"N5psCTu6KBStLA3lB37vI6W9XBU"' };
const page = { limit: 100, cursor: 'eyJmIjoiaENtZGtzRU1hS0g3YkRNeCIsImEiOlsyXX0.ytp9zKYEycRRarHYpdNFQm' };
const since = '2026-03-01T00:00:00-03:00';

export async function everyFilter(): Promise<void> {
  await client.GET('/api/v1/public/cursos', { params: { query: page, header } });
  await client.GET('/api/v1/cursos', { params: { query: page, header } });
  await client.GET('/api/v1/cursos/{id}', { params: { path: { id: '17' }, header } });
  await client.GET('/api/v1/associados', {
    params: {
      header,
      query: {
        ...page,
        cpf: '002.433.818-40',
        crm: '3364-SP',
        status: ['ativo', 'licenciado'],
        regional: ['SP', 'RJ'],
        updated_since: since,
      },
    },
  });
  await client.GET('/api/v1/associados/{id}', { params: { path: { id: '000005' }, header } });
  await client.GET('/api/v1/associados/{id}/situacao', { params: { path: { id: '002.433.818-40' }, header } });
  await client.GET('/api/v1/faturas', {
    params: {
      header,
      query: {
        ...page,
        status: ['paid', 'refunded'],
        kind: ['anuidade', 'inscricao', 'taxa_prova'],
        paid_from: '2026-03-01',
        paid_to: '2026-03-31',
        updated_since: since,
      },
    },
  });
}

export async function misspeltValues(): Promise<void> {
  // @ts-expect-error: invoice statuses are English
  await client.GET('/api/v1/faturas', { params: { query: { status: ['pago'] } } });
  // @ts-expect-error: no such kind of invoice
  await client.GET('/api/v1/faturas', { params: { query: { kind: ['mensalidade'] } } });
  // @ts-expect-error: member statuses are masculine
  await client.GET('/api/v1/associados', { params: { query: { status: ['ativa'] } } });
  // @ts-expect-error: a regional is a state's code
  await client.GET('/api/v1/associados', { params: { query: { regional: ['XX'] } } });
}

type Responses<Path extends keyof paths> = paths[Path]['get'] extends { responses: infer R } ? R : never;
// A header typed `unknown` fits neither.
const text = (value: string | undefined) => value;
const seconds = (value: number | undefined) => value;

export function everyResponseHeader(
  list: Responses<'/api/v1/faturas'>[200]['headers'],
  publicList: Responses<'/api/v1/public/cursos'>[200]['headers'],
  notModified: Responses<'/api/v1/cursos/{id}'>[304]['headers'],
  unauthorized: Responses<'/api/v1/associados'>[401]['headers'],
  forbidden: Responses<'/api/v1/associados/{id}'>[403]['headers'],
  limited: Responses<'/api/v1/associados/{id}/situacao'>[429]['headers'],
  unavailable: Responses<'/api/v1/cursos'>[503]['headers'],
): unknown[] {
  return [
    text(list.ETag),
    text(list.Link),
    text(list.RateLimit),
    text(list['RateLimit-Policy']),
    text(list['X-Request-Id']),
    text(publicList['Access-Control-Allow-Origin']),
    text(notModified.ETag),
    text(notModified['X-Request-Id']),
    text(unauthorized['WWW-Authenticate']),
    text(forbidden['WWW-Authenticate']),
    seconds(limited['Retry-After']),
    seconds(unavailable['Retry-After']),
  ];
}

// The client package's own calls: a record's id is a number, and a path takes it as it is.
const associa = createAssociaClient({ baseUrl: 'http://127.0.0.1:3000', token: 'associa_demo' });

export async function recordIds(fatura: components['schemas']['Fatura'], curso: components['schemas']['Curso']): Promise<void> {
  await associa.GET('/api/v1/faturas/{id}', { params: { path: { id: fatura.id } } });
  await associa.GET('/api/v1/cursos/{id}', { params: { path: { id: curso.id } } });
  await associa.GET('/api/v1/cursos/{id}', { params: { path: { id: '17' } } });
  await associa.GET('/api/v1/associados/{id}/situacao', { params: { path: { id: fatura.associado.matricula } } });
}
