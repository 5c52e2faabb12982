import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { findMember, findSituacao, listMembers } from '../../src/api/associados/associados.queries.js';
import { MemberListItem, MemberRecord, Situacao } from '../../src/api/associados/associados.schemas.js';
import { formatMatricula } from '../../src/domain/matricula.js';
import { API_SCHEMAS } from '../../src/api/components.js';
import { findCourse, listCourses, type CourseRow } from '../../src/api/cursos/cursos.queries.js';
import { Course } from '../../src/api/cursos/cursos.schemas.js';
import { listInvoices } from '../../src/api/faturas/faturas.queries.js';
import { Invoice } from '../../src/api/faturas/faturas.schemas.js';
import { connect } from '../../src/db/connection.js';
import { formatCpf } from '../../src/domain/cpf.js';
import { saoPauloTimestamp } from '../../src/domain/dates.js';
import { afterKey, businessDay, invoiceFilters, memberFilters, type Query } from '../filters.js';

/**
 * Baselines (b) and (c), the database's ceiling per endpoint: a minimal Fastify app with one route per
 * endpoint, each calling the service's own query function on the same database handle (postgres.js,
 * prepared statements, the service's pool size) and serialising the rows with the endpoint's response
 * schema. Nothing else: no authentication, audit, rate limit, ETag, compression, helmet, metrics,
 * validation, cache or Link header. A list starts after the key in `after` (JSON) rather than a signed
 * cursor: the key is what reaches the SQL. With DATABASE_URL on PostgreSQL (b); without it on the
 * embedded database in DATA_DIR (c), where only the status route is measured.
 */
const database = await connect({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
  poolSize: Number(process.env.DB_POOL_SIZE ?? 16),
});
const db = database.read;
const app = Fastify({ logger: false });
for (const schema of API_SCHEMAS) app.addSchema(schema);
const limitOf = (query: Query) => Number(query.limit ?? 100);
const notFound = { 404: Type.Object({ code: Type.String() }) };

app.get<{ Params: { id: string } }>('/situacao/:id', { schema: { response: { 200: Situacao, ...notFound } } }, async (request, reply) => {
  const { today, year } = businessDay();
  const row = await findSituacao(db, { matricula: Number(request.params.id) }, { regional: null }, year, today);
  if (!row) return reply.code(404).send({ code: 'not_found' });
  return {
    matricula: formatMatricula(row.matricula),
    nome: row.nome,
    associado: row.status === 'ativo',
    categoria: row.categoria,
    adimplente: row.adimplente,
    ano_referencia: year,
  };
});

app.get<{ Params: { id: string } }>(
  '/associados/:id',
  { schema: { response: { 200: MemberRecord, ...notFound } } },
  async (request, reply) => {
    const { today, year } = businessDay();
    const row = await findMember(db, Number(request.params.id), { regional: null }, year, today);
    if (!row) return reply.code(404).send({ code: 'not_found' });
    return {
      matricula: formatMatricula(row.matricula),
      nome: row.nome,
      cpf: formatCpf(row.cpf),
      categoria: row.categoria,
      status: row.status,
      regional: { codigo: row.regional, nome: row.regional_nome },
      data_admissao: row.data_admissao,
      crms: row.crms,
      especialidades: row.especialidades,
      titulos: row.titulos,
      adimplente: row.adimplente,
      atualizado_em: saoPauloTimestamp(row.atualizado_em),
    };
  },
);

app.get<{ Querystring: Query }>(
  '/associados',
  { schema: { response: { 200: Type.Array(MemberListItem, { maxItems: 500 }) } } },
  async (request) => {
    const limit = limitOf(request.query);
    const rows = await listMembers(db, memberFilters(request.query), { regional: null }, afterKey(request.query), limit);
    return rows.slice(0, limit).map((row) => ({
      matricula: formatMatricula(row.matricula),
      nome: row.nome,
      cpf: formatCpf(row.cpf),
      categoria: row.categoria,
      status: row.status,
      regional: row.regional,
      crms: row.crms,
      atualizado_em: saoPauloTimestamp(row.atualizado_em),
    }));
  },
);

/** As src/api/cursos/cursos.routes.ts shapes a course. */
function toCourse(row: CourseRow) {
  return {
    id: row.id,
    slug: row.slug,
    titulo: row.titulo,
    tipo: row.tipo,
    modalidade: row.modalidade,
    resumo: row.resumo,
    local: row.cidade === null ? null : { cidade: row.cidade, uf: row.uf, endereco: row.endereco },
    data_inicio: row.data_inicio,
    data_fim: row.data_fim,
    carga_horaria: row.carga_horaria,
    pontos_cna: row.pontos_cna,
    inscricoes: {
      abertas: row.abertas,
      inicio: saoPauloTimestamp(row.inscricao_inicio),
      fim: saoPauloTimestamp(row.inscricao_fim),
      vagas: row.vagas,
      vagas_restantes: row.vagas === null ? null : Math.max(0, row.vagas - row.inscritos),
      url: row.url_inscricao,
    },
    precos: row.precos,
    status: row.status,
    atualizado_em: saoPauloTimestamp(row.atualizado_em),
  };
}

app.get<{ Querystring: Query }>('/cursos', { schema: { response: { 200: Type.Array(Course, { maxItems: 500 }) } } }, async (request) => {
  const limit = limitOf(request.query);
  const after = afterKey(request.query) as [string, number] | null;
  const rows = await listCourses(db, { onlyOpen: false, after, limit });
  return rows.slice(0, limit).map(toCourse);
});

app.get<{ Params: { id: string } }>('/cursos/:id', { schema: { response: { 200: Course, ...notFound } } }, async (request, reply) => {
  const row = await findCourse(db, Number(request.params.id));
  if (!row) return reply.code(404).send({ code: 'not_found' });
  return toCourse(row);
});

app.get<{ Querystring: Query }>('/faturas', { schema: { response: { 200: Type.Array(Invoice, { maxItems: 500 }) } } }, async (request) => {
  const limit = limitOf(request.query);
  const rows = await listInvoices(db, invoiceFilters(request.query), null, businessDay().today, afterKey(request.query), limit);
  return rows.slice(0, limit).map((row) => ({
    id: row.id,
    numero: row.numero,
    kind: row.kind,
    descricao: row.descricao,
    associado: { matricula: formatMatricula(row.associado), nome: row.nome, cpf: formatCpf(row.cpf) },
    ano_referencia: row.ano_referencia,
    curso_id: row.curso_id,
    valor: row.valor,
    vencimento: row.vencimento,
    status: row.status,
    pago_em: row.pago_em && saoPauloTimestamp(row.pago_em),
    valor_pago: row.valor_pago,
    forma_pagamento: row.forma_pagamento,
    transacao_id: row.transacao_id,
    nfse:
      row.nfse_numero === null
        ? null
        : {
            numero: row.nfse_numero,
            codigo_verificacao: row.nfse_codigo_verificacao,
            emitida_em: saoPauloTimestamp(row.nfse_emitida_em!),
            municipio: row.nfse_municipio,
          },
    atualizado_em: saoPauloTimestamp(row.atualizado_em),
  }));
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${JSON.stringify(app.server.address())}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
