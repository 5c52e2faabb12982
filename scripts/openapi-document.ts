import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connect } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { syncReferenceData } from '../src/db/reference-data.js';

/** The document as served, built on a throw-away embedded database with a fixed public address. */
export async function openApiDocument(): Promise<unknown> {
  const database = await connect({});
  try {
    await migrate(database.db);
    await syncReferenceData(database.db);
    const app = await buildApp({ config: loadConfig({ PUBLIC_BASE_URL: 'https://api.associa.example' }), database });
    const response = await app.inject('/api/v1/openapi.json');
    await app.close();
    return response.json();
  } finally {
    await database.close();
  }
}
