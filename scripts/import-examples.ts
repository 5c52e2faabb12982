// Writes examples/importacao/: the demo's first 30 members, with their CRMs, specialties, titles and invoices, and
// every course, branch and category, in the files `associa import` reads (docs/importacao.md).
//
//   node --import tsx scripts/import-examples.ts
import { rmSync } from 'node:fs';
import { connect } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { syncReferenceData } from '../src/db/reference-data.js';
import { exportCsv } from '../src/import/export.js';
import { seedDemoIfEmpty } from '../src/seed/demo.js';

const DIR = new URL('../examples/importacao/', import.meta.url).pathname;

const database = await connect({});
try {
  await migrate(database.db);
  await syncReferenceData(database.db);
  await seedDemoIfEmpty(database);
  rmSync(DIR, { recursive: true, force: true });
  for (const path of await exportCsv(database, DIR, { maxMatricula: 30 })) console.log(path);
} finally {
  await database.close();
}
