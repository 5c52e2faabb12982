import { writeFile } from 'node:fs/promises';
import { openApiDocument } from './openapi-document.js';

/** Writes the OpenAPI document the service serves to docs/openapi.json (linted by Spectral in CI, snapshot-tested). */
const target = new URL('../docs/openapi.json', import.meta.url);
await writeFile(target, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
