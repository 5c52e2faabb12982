import Fastify, { type FastifyReply } from 'fastify';
import postgres from 'postgres';
import { DEFAULT_DB_POOL_SIZE } from '../../src/config.js';
import { saoPauloTimestamp } from '../../src/domain/dates.js';
import { formatCpf } from '../../src/domain/cpf.js';
import { formatMatricula } from '../../src/domain/matricula.js';

/**
 * Ceiling (h): each list of the benchmark's mix as SQL written once by hand, prepared on postgres.js with the
 * service's pool size, its rows mapped by plain code and sent with JSON.stringify, in a bare Fastify route. Unlike
 * (b), it runs nothing of the service's (query builders, list pipeline, mappers, schemas), so it does not move when
 * they get slower; only the formatting of a matricula, a CPF and a timestamp is shared. It serves exactly the
 * filters of the mix, with `after` (JSON, the key inside the service's cursor) and `limit`; anything else is 400.
 * Each reads one row more than the page, as the service does to know that a next page exists. Dates and timestamps go
 * as text: postgres.js would send them through a Date, losing a cursor's microseconds (and refusing `-infinity`).
 */
const sql = postgres(process.env.DATABASE_URL!, {
  max: Number(process.env.DB_POOL_SIZE ?? DEFAULT_DB_POOL_SIZE),
  prepare: true,
  connection: { application_name: 'associa-bench-h', max_parallel_workers_per_gather: '0' },
});
const app = Fastify({ logger: false });

type Query = Record<string, string | undefined>;
type Row = Record<string, unknown>;

/** A query string of exactly `allowed` parameters (each optional): anything else would be a list the SQL below is not. */
function only(query: Query, allowed: readonly string[]): boolean {
  return Object.keys(query).every((name) => allowed.includes(name));
}

function page(reply: FastifyReply, rows: Row[], limit: number, item: (row: Row) => unknown): FastifyReply {
  const items: unknown[] = [];
  for (let i = 0; i < Math.min(limit, rows.length); i++) items.push(item(rows[i]!));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(items));
}

const limitOf = (query: Query) => Number(query.limit ?? 100);
const afterOf = (query: Query) => (query.after ? (JSON.parse(query.after) as (string | number)[]) : null);
const stamp = (value: unknown) => saoPauloTimestamp(value as Date);
const refused = (reply: FastifyReply) => reply.code(400).send({ code: 'not_in_the_mix' });

const MEMBERS = `
  select a.matricula::int as matricula, a.nome, a.cpf, a.categoria, a.status, a.regional, a.atualizado_em,
         coalesce((select array_agg(c.numero || '-' || c.uf order by c.principal desc, c.uf, c.numero)
                     from crm c where c.associado = a.matricula), '{}') as crms
    from associado a
   where a.regional = $1 and a.matricula > $2
   order by a.matricula
   limit $3`;

app.get<{ Querystring: Query }>('/associados', async (request, reply) => {
  const { query } = request;
  if (!only(query, ['regional', 'after', 'limit']) || !query.regional) return refused(reply);
  const limit = limitOf(query);
  const rows = await sql.unsafe<Row[]>(MEMBERS, [query.regional, afterOf(query)?.[0] ?? 0, limit + 1], { prepare: true });
  return page(reply, rows, limit, (row) => ({
    matricula: formatMatricula(row.matricula as number),
    nome: row.nome,
    cpf: formatCpf(row.cpf as string),
    categoria: row.categoria,
    status: row.status,
    regional: row.regional,
    crms: row.crms,
    atualizado_em: stamp(row.atualizado_em),
  }));
});

const INVOICE_COLUMNS = `
  f.id::int as id, f.numero, f.kind, f.descricao, f.associado::int as associado, a.nome, a.cpf, f.ano_referencia, f.curso_id,
  f.prova_id, f.valor::text as valor, f.vencimento::text as vencimento,
  case when f.status = 'open' and f.vencimento < $1::text::date then 'overdue' else f.status end as status,
  f.pago_em, f.valor_pago::text as valor_pago, f.forma_pagamento, f.transacao_id, f.nfse_numero,
  f.nfse_codigo_verificacao, f.nfse_emitida_em, f.nfse_municipio, f.atualizado_em`;
const INVOICES = `from fatura f join associado a on a.matricula = f.associado`;
/** Each invoice list of the mix: its parameters, and its SQL after today's date ($1) and the page's size ($2). */
const INVOICE_LISTS: { parameters: string[]; first: string; next: string }[] = [
  {
    parameters: ['status'],
    first: `select ${INVOICE_COLUMNS} ${INVOICES} where f.status = $3 order by f.id limit $2`,
    next: `select ${INVOICE_COLUMNS} ${INVOICES} where f.status = $3 and f.id > $4 order by f.id limit $2`,
  },
  {
    parameters: ['status', 'kind', 'paid_from'],
    first: `select ${INVOICE_COLUMNS} ${INVOICES}
             where f.status = $3 and f.kind = $4 and f.pago_em >= ($5::text::date::timestamp at time zone 'America/Sao_Paulo')
             order by f.pago_em, f.id limit $2`,
    next: `select ${INVOICE_COLUMNS} ${INVOICES}
            where f.status = $3 and f.kind = $4 and f.pago_em >= ($5::text::date::timestamp at time zone 'America/Sao_Paulo')
              and (f.pago_em, f.id) > ($6::text::timestamptz, $7) order by f.pago_em, f.id limit $2`,
  },
  {
    parameters: ['updated_since'],
    first: `select ${INVOICE_COLUMNS} ${INVOICES} where f.atualizado_em >= $3::text::timestamptz and f.atualizado_em < $4::text::timestamptz
             order by f.atualizado_em, f.id limit $2`,
    next: `select ${INVOICE_COLUMNS} ${INVOICES} where f.atualizado_em >= $3::text::timestamptz and f.atualizado_em < $4::text::timestamptz
              and (f.atualizado_em, f.id) > ($5::text::timestamptz, $6) order by f.atualizado_em, f.id limit $2`,
  },
];

/**
 * The instant before which no running transaction can still stamp `atualizado_em`, read before a list by update time
 * (API-DESIGN §5): the earliest start of a transaction that has written or of a statement running, less a second.
 */
const HORIZON = `
  select greatest('0001-01-01'::timestamptz, date_trunc('milliseconds', least(statement_timestamp(), min(least(
           case when s.backend_xid is not null then coalesce(s.xact_start, '-infinity') end,
           case when s.state = 'active' and s.backend_type = 'client backend' then s.query_start end))) - interval '1 second')) as horizon
    from pg_stat_activity s where s.datname = current_database() and s.pid <> pg_backend_pid()`;

/** Today's date in São Paulo, as the service serves an open invoice past it as overdue. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

app.get<{ Querystring: Query }>('/faturas', async (request, reply) => {
  const { query } = request;
  const given = Object.keys(query).filter((name) => name !== 'after' && name !== 'limit');
  const list = INVOICE_LISTS.find(({ parameters }) => parameters.length === given.length && given.every((g) => parameters.includes(g)));
  if (!list) return refused(reply);
  const limit = limitOf(query);
  const after = afterOf(query) ?? [];
  const filters = list.parameters.map((name) => query[name]!);
  if (list.parameters[0] === 'updated_since') {
    const [row] = await sql.unsafe<{ horizon: Date }[]>(HORIZON, [], { prepare: true });
    filters.push(row!.horizon.toISOString());
  }
  const rows = await sql.unsafe<Row[]>(after.length > 0 ? list.next : list.first, [today(), limit + 1, ...filters, ...after], {
    prepare: true,
  });
  return page(reply, rows, limit, (row) => ({
    id: row.id,
    numero: row.numero,
    kind: row.kind,
    descricao: row.descricao,
    associado: { matricula: formatMatricula(row.associado as number), nome: row.nome, cpf: formatCpf(row.cpf as string) },
    ano_referencia: row.ano_referencia,
    curso_id: row.curso_id,
    prova_id: row.prova_id,
    valor: row.valor,
    vencimento: row.vencimento,
    status: row.status,
    pago_em: row.pago_em && stamp(row.pago_em),
    valor_pago: row.valor_pago,
    forma_pagamento: row.forma_pagamento,
    transacao_id: row.transacao_id,
    nfse:
      row.nfse_numero === null || row.nfse_codigo_verificacao === null || row.nfse_emitida_em === null || row.nfse_municipio === null
        ? null
        : {
            numero: row.nfse_numero,
            codigo_verificacao: row.nfse_codigo_verificacao,
            emitida_em: stamp(row.nfse_emitida_em),
            municipio: row.nfse_municipio,
          },
    atualizado_em: stamp(row.atualizado_em),
  }));
});

const COURSES = `
  select c.id, c.slug, c.titulo, c.tipo, c.modalidade, c.resumo, c.cidade, c.uf, c.endereco,
         c.data_inicio::text as data_inicio, c.data_fim::text as data_fim, c.carga_horaria, c.pontos_cna,
         c.inscricao_inicio, c.inscricao_fim, c.vagas, c.inscritos, c.url_inscricao, c.atualizado_em, c.status,
         (c.status = 'publicado' and c.inscricao_inicio <= now() and now() < c.inscricao_fim
           and (c.vagas is null or c.inscritos < c.vagas)) as abertas,
         coalesce((select json_agg(json_build_object('categoria', p.categoria, 'valor', p.valor::text) order by p.categoria)
                     from curso_preco p where p.curso = c.id), '[]') as precos
    from curso c
   where c.status <> 'rascunho' and (c.data_inicio, c.id) > ($1::text::date, $2)
   order by c.data_inicio, c.id
   limit $3`;

app.get<{ Querystring: Query }>('/cursos', async (request, reply) => {
  const { query } = request;
  if (!only(query, ['after', 'limit'])) return refused(reply);
  const limit = limitOf(query);
  const [day, id] = afterOf(query) ?? ['-infinity', 0];
  const rows = await sql.unsafe<Row[]>(COURSES, [day!, id!, limit + 1], { prepare: true });
  return page(reply, rows, limit, (row) => ({
    id: row.id,
    slug: row.slug,
    titulo: row.titulo,
    tipo: row.tipo,
    modalidade: row.modalidade,
    resumo: row.resumo,
    local:
      row.cidade === null || row.uf === null || row.endereco === null ? null : { cidade: row.cidade, uf: row.uf, endereco: row.endereco },
    data_inicio: row.data_inicio,
    data_fim: row.data_fim,
    carga_horaria: row.carga_horaria,
    pontos_cna: row.pontos_cna,
    inscricoes: {
      abertas: row.abertas,
      inicio: stamp(row.inscricao_inicio),
      fim: stamp(row.inscricao_fim),
      vagas: row.vagas,
      vagas_restantes: row.vagas === null ? null : Math.max(0, (row.vagas as number) - (row.inscritos as number)),
      url: row.url_inscricao,
    },
    precos: row.precos,
    status: row.status,
    atualizado_em: stamp(row.atualizado_em),
  }));
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${JSON.stringify(app.server.address())}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => sql.end({ timeout: 5 }))
    .then(() => process.exit(0));
});
