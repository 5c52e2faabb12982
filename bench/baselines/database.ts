import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyReply } from 'fastify';
import { findMember, findSituacao, listMembers } from '../../src/api/associados/associados.queries.js';
import { MemberListItem, MemberRecord, Situacao } from '../../src/api/associados/associados.schemas.js';
import { toMemberListItem, toMemberRecord, toSituacao } from '../../src/api/associados/member-mappers.js';
import { API_SCHEMAS } from '../../src/api/components.js';
import { toCourse } from '../../src/api/cursos/course-mapper.js';
import { findCourse, listCourses } from '../../src/api/cursos/cursos.queries.js';
import { Course } from '../../src/api/cursos/cursos.schemas.js';
import { toInvoice } from '../../src/api/faturas/invoice-mapper.js';
import { listInvoices } from '../../src/api/faturas/faturas.queries.js';
import { Invoice } from '../../src/api/faturas/faturas.schemas.js';
import { DEFAULT_DB_POOL_SIZE } from '../../src/config.js';
import { connect } from '../../src/db/connection.js';
import { viewerOf } from '../../src/tokens/viewer.js';
import { memberList } from '../../src/api/associados/member-list.js';
import { courseList } from '../../src/api/cursos/course-list.js';
import { invoiceList } from '../../src/api/faturas/invoice-list.js';
import { afterKey, businessDay, invoiceFilters, memberFilters, pageQuery, type Query } from '../filters.js';

/**
 * Baselines (b) and (c), the database's ceiling per endpoint: a minimal Fastify app with one route per
 * endpoint, each calling the service's own query function and mapper on the same database handle (postgres.js,
 * prepared statements, the service's pool size; a list's commit horizon read first where the service reads it),
 * serialising the rows with the endpoint's response schema, sending a list page as the service does. Nothing else: no authentication, audit,
 * rate limit, ETag, compression, helmet, metrics, validation, cache or Link header. A list starts after the
 * key in `after` (JSON) rather than a signed cursor: the key is what reaches the SQL. With DATABASE_URL on
 * PostgreSQL (b); without it on the embedded database in DATA_DIR (c), where only the status route is measured.
 */
const database = await connect({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
  poolSize: Number(process.env.DB_POOL_SIZE ?? DEFAULT_DB_POOL_SIZE),
});
const db = database.read;
const app = Fastify({ logger: false });
for (const schema of API_SCHEMAS) app.addSchema(schema);
const limitOf = (query: Query) => Number(query.limit ?? 100);
const notFound = { 404: Type.Object({ code: Type.String() }) };
/** Sends a list page and empties its rows, as the service's list pipeline does (src/api/list-pipeline.ts). */
function sendEmptied(reply: FastifyReply, rows: unknown[], items: unknown[]): FastifyReply {
  rows.length = 0;
  return reply.send(items);
}
/** A token that sees CPFs whole, as the benchmark's does. */
const EVERY_CPF = viewerOf({ id: 0, nome: 'bench', scopes: ['associados:cpf'], regional: null });
const COURSES = courseList(false, { cacheControl: 'private, no-cache' });

app.get<{ Params: { id: string } }>('/situacao/:id', { schema: { response: { 200: Situacao, ...notFound } } }, async (request, reply) => {
  const { today, year } = businessDay();
  const row = await findSituacao(db, { matricula: Number(request.params.id) }, { regional: null }, year, today);
  if (!row) return reply.code(404).send({ code: 'not_found' });
  return toSituacao(row, year);
});

app.get<{ Params: { id: string } }>(
  '/associados/:id',
  { schema: { response: { 200: MemberRecord, ...notFound } } },
  async (request, reply) => {
    const { today, year } = businessDay();
    const row = await findMember(db, Number(request.params.id), { regional: null }, year, today);
    if (!row) return reply.code(404).send({ code: 'not_found' });
    return toMemberRecord(row, EVERY_CPF);
  },
);

app.get<{ Querystring: Query }>(
  '/associados',
  { schema: { response: { 200: Type.Array(MemberListItem, { maxItems: 500 }) } } },
  async (request, reply) => {
    const limit = limitOf(request.query);
    const rows = await listMembers(await pageQuery(memberList, db, memberFilters(request.query), afterKey(request.query), limit));
    return sendEmptied(
      reply,
      rows,
      rows.slice(0, limit).map((row) => toMemberListItem(row, EVERY_CPF)),
    );
  },
);

app.get<{ Querystring: Query }>('/cursos', { schema: { response: { 200: Type.Array(Course, { maxItems: 500 }) } } }, async (request) => {
  const limit = limitOf(request.query);
  const rows = await listCourses(await pageQuery(COURSES, db, { onlyOpen: false }, afterKey(request.query), limit));
  return rows.slice(0, limit).map(toCourse);
});

app.get<{ Params: { id: string } }>('/cursos/:id', { schema: { response: { 200: Course, ...notFound } } }, async (request, reply) => {
  const row = await findCourse(db, Number(request.params.id));
  if (!row) return reply.code(404).send({ code: 'not_found' });
  return toCourse(row);
});

app.get<{ Querystring: Query }>('/faturas', { schema: { response: { 200: Type.Array(Invoice, { maxItems: 500 }) } } }, async (request) => {
  const limit = limitOf(request.query);
  const page = await pageQuery(invoiceList, db, invoiceFilters(request.query), afterKey(request.query), limit);
  const rows = await listInvoices(page, businessDay().today);
  return rows.slice(0, limit).map((row) => toInvoice(row, EVERY_CPF));
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${JSON.stringify(app.server.address())}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
