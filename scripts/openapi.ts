import { writeFile } from 'node:fs/promises';
import { SCHEMA_TYPES, schemaTypes } from '../clients/typescript/scripts/schema-types.js';
import { clientTypes, openApiDocument } from './openapi-document.js';

/**
 * Writes the OpenAPI document the service serves to docs/openapi.json (linted by Spectral in CI,
 * snapshot-tested), the client types generated from it to test/generated/associa-api.d.ts, and the client
 * package's to clients/typescript/src/associa-api.ts.
 */
const document = await openApiDocument();
await writeFile(new URL('../docs/openapi.json', import.meta.url), `${JSON.stringify(document, null, 2)}\n`);
await writeFile(new URL('../test/generated/associa-api.d.ts', import.meta.url), await clientTypes(document));
await writeFile(SCHEMA_TYPES, await schemaTypes(document));
console.log('wrote docs/openapi.json, test/generated/associa-api.d.ts and clients/typescript/src/associa-api.ts');
