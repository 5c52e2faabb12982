import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { REPORT_MARGIN_MS } from '../../src/db/commit-horizon.js';
import { businessDate } from '../../src/domain/dates.js';
import { seed } from '../../src/seed/load.js';
import type { Scope } from '../../src/tokens/scopes.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { ApiClient } from './api.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface ApiFixture {
  t: TestDatabase;
  app: FastifyInstance;
  api: ApiClient;
  token(scopes: readonly Scope[], options?: { regional?: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh database with `members` fictitious members, the app over it (with Redis when REDIS_URL is set, and `env`'s
 * other settings) and a validating client.
 */
export async function apiFixture(members = 300, env: Record<string, string> = {}): Promise<ApiFixture> {
  const t = await createTestDatabase();
  // The seed's clock runs behind the database's by more than the commit horizon's margin, so that a list with
  // updated_since serves every seeded change at once instead of holding back the last second's.
  const now = new Date(Date.now() - 2 * REPORT_MARGIN_MS);
  await seed(t.database, { members, seed: 5, now, today: businessDate(now), reset: false });
  const app = await buildApp({ config: loadConfig({ REDIS_URL: process.env.REDIS_URL, ...env }), database: t.database });
  return {
    t,
    app,
    api: new ApiClient(app),
    async token(scopes, options = {}) {
      // Tests walk lists page by page and run requests 64 at a time: the default 600 a minute and 8 at once would get in
      // the way (the limits have their own tests).
      const created = await createToken(t.database.db, {
        limiteSimultaneas: 1_000,
        nome: 'teste',
        scopes,
        criadoPor: 'test',
        regional: options.regional ?? null,
        limitePorMinuto: 100_000,
      });
      return created.token;
    },
    async close() {
      await app.close();
      await t.dispose();
    },
  };
}
