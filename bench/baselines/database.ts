import Fastify from 'fastify';
import { findSituacao } from '../../src/api/associados/associados.queries.js';
import { formatMatricula } from '../../src/api/common.schemas.js';
import { connect } from '../../src/db/connection.js';
import { businessDate } from '../../src/domain/dates.js';

/**
 * Baselines (b) and (c), the database's ceiling: a minimal Fastify route running the status endpoint's SQL
 * with the same driver and pool size, and nothing else (no auth, audit, rate limit, validation or caching).
 * With DATABASE_URL on PostgreSQL (b); without it on the embedded database in DATA_DIR (c).
 */
const database = await connect({
  databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR, poolSize: Number(process.env.DB_POOL_SIZE ?? 16),
});
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/situacao/:id', async (request, reply) => {
  const today = businessDate(new Date());
  const year = Number(today.slice(0, 4));
  const row = await findSituacao(database.db, { matricula: Number(request.params.id) }, { regional: null }, year, today);
  if (!row) return reply.code(404).send({ code: 'not_found' });
  return { matricula: formatMatricula(row.matricula), nome: row.nome, associado: row.status === 'ativo', categoria: row.categoria, adimplente: row.adimplente, ano_referencia: year };
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${JSON.stringify(app.server.address())}\n`);
process.on('SIGTERM', () => { void app.close().then(() => database.close()).then(() => process.exit(0)); });
