import { writeFile } from 'node:fs/promises';
import { clientTypes, openApiDocument } from './openapi-document.js';

/**
 * Writes the OpenAPI document the service serves to docs/openapi.json (linted by Spectral in CI,
 * snapshot-tested) and the client types generated from it to test/generated/associa-api.d.ts.
 */
const document = await openApiDocument();
await writeFile(new URL('../docs/openapi.json', import.meta.url), `${JSON.stringify(document, null, 2)}\n`);
await writeFile(new URL('../test/generated/associa-api.d.ts', import.meta.url), await clientTypes(document));
console.log('wrote docs/openapi.json and test/generated/associa-api.d.ts');
