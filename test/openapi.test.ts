import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { clientTypes, openApiDocument } from '../scripts/openapi-document.js';

describe('the OpenAPI document', () => {
  it('is the one committed in docs/openapi.json (run `npm run openapi` after changing a route)', async () => {
    const committed = JSON.parse(await readFile(new URL('../docs/openapi.json', import.meta.url), 'utf8')) as unknown;
    assert.deepEqual(await openApiDocument(), committed);
    const types = await readFile(new URL('./generated/associa-api.d.ts', import.meta.url), 'utf8');
    assert.equal(await clientTypes(committed), types, 'test/generated/associa-api.d.ts is stale');
  });

  it('describes the seven operations of the contract with their operationIds', async () => {
    const document = await openApiDocument() as { openapi: string; paths: Record<string, { get?: { operationId: string; security?: unknown[] } }> };
    assert.equal(document.openapi, '3.1.0');
    const operations = Object.fromEntries(Object.entries(document.paths).map(([path, item]) => [item.get!.operationId, path]));
    assert.deepEqual(operations, {
      listCursosAbertos: '/api/v1/public/cursos',
      listAssociados: '/api/v1/associados',
      getAssociado: '/api/v1/associados/{id}',
      getSituacaoAssociado: '/api/v1/associados/{id}/situacao',
      listCursos: '/api/v1/cursos',
      getCurso: '/api/v1/cursos/{id}',
      listFaturas: '/api/v1/faturas',
    });
    assert.deepEqual(document.paths['/api/v1/public/cursos']!.get!.security, []);
  });
});
