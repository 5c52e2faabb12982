import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './database.js';
import { requestSerializer } from './http/log-redaction.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { SCOPE_NAMES } from './tokens/scopes.js';
import { createToken } from './tokens/tokens.queries.js';

const SHUTDOWN_GRACE_MS = 10_000;
const DEMO_TOKEN_LIFETIME_SECONDS = 7 * 86400;

/**
 * Owns the process: database, migrations, (embedded) demo data, listening, graceful shutdown.
 * On the embedded database it is a demo: it seeds when empty and prints a token with every scope.
 */
export async function startServer(config: Config): Promise<void> {
  const demo = !config.databaseUrl;
  const database = await openDatabase(config);
  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.logLevel,
      serializers: { req: requestSerializer },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
  });

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  let token: string | undefined;
  if (demo) {
    const seeded = await seedDemoIfEmpty(database);
    if (seeded) app.log.info(seeded, 'demo data seeded');
    ({ token } = await createToken(database.db, {
      nome: 'demo (npm start)', scopes: SCOPE_NAMES, criadoPor: 'npm start', lifetimeSeconds: DEMO_TOKEN_LIFETIME_SECONDS,
    }));
  }

  await app.listen({ port: config.port, host: config.host });
  const base = config.publicBaseUrl ?? localBaseUrl(app.server.address());
  const lines = [
    '',
    `Associa is running on ${demo ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}.`,
    `  API:    ${base}/api/v1`,
    `  Docs:   ${base}/docs`,
    `  Admin:  ${base}/admin`,
    `  Health: ${base}/readyz`,
  ];
  if (token) {
    lines.push('', 'Demo token (every scope, valid 7 days, shown only now):', `  ${token}`, '',
      `Try: curl -H "Authorization: Bearer ${token}" ${base}/api/v1/associados?limit=2`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

function localBaseUrl(address: string | AddressInfo | null): string {
  if (!address || typeof address === 'string') return 'http://localhost';
  const host = address.address === '0.0.0.0' || address.address === '::' ? 'localhost'
    : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
