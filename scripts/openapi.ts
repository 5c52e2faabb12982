import { writeFile } from 'node:fs/promises';
import { SCHEMA_TYPES, schemaTypes } from '../clients/typescript/scripts/schema-types.js';
import { openApiDocument } from './openapi-document.js';

/**
 * Writes the OpenAPI document the service serves to docs/openapi.json (linted by Spectral in CI,
 * snapshot-tested), and the client package's types generated from it to clients/typescript/src/associa-api.ts
 * (used by the tests too).
 */
const document = await openApiDocument();
await writeFile(new URL('../docs/openapi.json', import.meta.url), `${JSON.stringify(document, null, 2)}\n`);
await writeFile(SCHEMA_TYPES, await schemaTypes(document));
console.log('wrote docs/openapi.json and clients/typescript/src/associa-api.ts');
