import { readFile, writeFile } from 'node:fs/promises';
import { DOCUMENT, SCHEMA_TYPES, schemaTypes } from './schema-types.js';

await writeFile(SCHEMA_TYPES, await schemaTypes(JSON.parse(await readFile(DOCUMENT, 'utf8'))));
console.log('wrote src/associa-api.ts');
