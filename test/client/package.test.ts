// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { DOCUMENT, SCHEMA_TYPES, schemaTypes } from '../../clients/typescript/scripts/schema-types.js';
import type * as Client from '../../clients/typescript/src/index.js';

const CLIENT = new URL('../../clients/typescript/', import.meta.url);

interface Manifest {
  exports: Record<string, Record<string, string>>;
}
interface Packed {
  files: { path: string }[];
}

describe('the client package (clients/typescript)', () => {
  it('has the types openapi-typescript generates from docs/openapi.json (`npm run openapi` rewrites them)', async () => {
    const document = JSON.parse(await readFile(DOCUMENT, 'utf8')) as unknown;
    assert.equal(await readFile(SCHEMA_TYPES, 'utf8'), await schemaTypes(document), 'clients/typescript/src/associa-api.ts is stale');
  });

  it('packs, as an integrator installs it: npm pack builds it with its own tsconfig, and plain JavaScript imports it', async () => {
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json'], { cwd: CLIENT });
    const [packed] = JSON.parse(stdout) as Packed[];
    const files = packed!.files.map((file) => file.path);
    const manifest = JSON.parse(await readFile(new URL('package.json', CLIENT), 'utf8')) as Manifest;
    for (const target of Object.values(manifest.exports['.']!))
      assert.ok(files.includes(target.replace(/^\.\//, '')), `${target} is not packed`);

    const { createAssociaClient } = (await import(new URL('dist/index.js', CLIENT).href)) as typeof Client;
    const requested: string[] = [];
    const client = createAssociaClient({
      baseUrl: 'https://api.associa.example',
      fetch: (request) => {
        requested.push(request.url);
        return Promise.resolve(
          Response.json([{ id: requested.length }], {
            headers: requested.length === 1 ? { link: '<https://api.associa.example/api/v1/cursos?cursor=b>; rel="next"' } : {},
          }),
        );
      },
    });
    const ids: number[] = [];
    for await (const course of client.paginate('/api/v1/cursos')) ids.push(course.id);
    assert.deepEqual(ids, [1, 2]);
    assert.deepEqual(requested, ['https://api.associa.example/api/v1/cursos', 'https://api.associa.example/api/v1/cursos?cursor=b']);
  });
});
