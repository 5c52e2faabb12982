// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { clientTypes, openApiDocument } from '../scripts/openapi-document.js';

const file = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Type-checks `usage` with the project's compiler options, the client types read from `generated` instead of
 * the client package's clients/typescript/src/associa-api.ts; returns the errors.
 */
function typeCheck(usage: string, generated: string): string[] {
  const { options } = ts.getParsedCommandLineOfConfigFile(
    file('../tsconfig.check.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => assert.fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
    },
  )!;
  const typesFile = file('../clients/typescript/src/associa-api.ts');
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === typesFile ? generated : readFile(name));
  host.getSourceFile = (name, language, ...rest) =>
    name === typesFile ? ts.createSourceFile(name, generated, language) : getSourceFile(name, language, ...rest);
  const program = ts.createProgram([usage], { ...options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (diagnostic) =>
        `${diagnostic.file?.fileName ?? ''}:${diagnostic.start ?? ''} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
    );
}

interface Parameter {
  in: string;
  schema: { items?: { enum?: unknown[] } };
}

describe('a client generated from the OpenAPI document with openapi-typescript', () => {
  const usage = file('./openapi-client-usage.ts');

  it('types every filter and every header, and refuses misspelt enumerated values', async () => {
    assert.deepEqual(typeCheck(usage, await clientTypes(await openApiDocument())), []);
  });

  it('is checked for real: without the enumerations the misspelt values type-check, and the check fails', async () => {
    const document = (await openApiDocument()) as { paths: Record<string, { get?: { parameters?: Parameter[] } }> };
    for (const { get } of Object.values(document.paths)) {
      for (const parameter of get?.parameters ?? []) delete parameter.schema.items?.enum;
    }
    const errors = typeCheck(usage, await clientTypes(document));
    assert.equal(errors.filter((error) => error.includes("Unused '@ts-expect-error' directive")).length, 4, errors.join('\n'));
  });
});
