import type { Database } from '../db/connection.js';
import { dropIndexesAndConstraints } from '../db/bulk-indexes.js';
import { chunked } from '../db/copy-text.js';
import { seedContext, type SeedOptions } from './context.js';
import { seedEventHistory } from './event-history.js';
import { CURSO_COLUMNS, CURSO_PRECO_COLUMNS, generateCourses } from './courses.js';
import { generateExams, PROVA_COLUMNS } from './exams.js';
import { FATURA_COLUMNS, firstDataYear, generateInvoices } from './invoices.js';
import { ASSOCIADO_COLUMNS, ASSOCIADO_ESPECIALIDADE_COLUMNS, CRM_COLUMNS, generateMembers, TITULO_COLUMNS } from './members.js';

/**
 * The tables the fictitious data fills, or empties: exams and their results go with the members they concern, and
 * the answers kept for retried results with them. Tokens, administrators and the audit trail are kept.
 */
const DATA_TABLES = [
  'associado',
  'crm',
  'associado_especialidade',
  'titulo',
  'curso',
  'curso_preco',
  'prova',
  'prova_resultado',
  'chave_idempotencia',
  'fatura',
  'email_saida',
  'nfse_sequencia',
] as const;

export type SeedStage = 'members' | 'invoices' | 'indexes';
export interface SeedProgress {
  /** `total` is an estimate for invoices. */
  start(stage: SeedStage, total: number): void;
  advance(count: number): void;
  finish(): void;
}

export interface SeedResult {
  members: number;
  courses: number;
  invoices: number;
}

export class SeedRefusedError extends Error {}

/**
 * Replaces the fictitious data in one transaction: a failure or an interruption leaves the database as
 * it was. Indexes and constraints are dropped during the load and rebuilt once at the end, which is much
 * faster than maintaining them row by row.
 */
export async function seed(database: Database, options: SeedOptions & { reset: boolean }, progress?: SeedProgress): Promise<SeedResult> {
  const ctx = seedContext(options);
  return database.bulk(async (session) => {
    const [existing] = await session.query<{ n: number }>('select count(*)::int as n from (select 1 from associado limit 1) as any_member');
    if (existing!.n > 0 && !options.reset) {
      throw new SeedRefusedError('The database already holds members; run `associa seed --reset` to replace them.');
    }
    // The fictitious data replaces everything and announces nothing: no event for a row it writes (migration 0015).
    await session.query("set local associa.eventos = 'off'");
    await session.query(`truncate ${DATA_TABLES.join(', ')} restart identity`);
    // The events of the data replaced, with their deliveries: the history is the new data's (below).
    await session.query('truncate evento, webhook_entrega, webhook_tentativa restart identity');
    const rebuild = await dropIndexesAndConstraints(session, DATA_TABLES);

    const { courses, curso, cursoPreco } = generateCourses(ctx);
    await session.copy('curso', CURSO_COLUMNS, curso.chunks);
    await session.copy('curso_preco', CURSO_PRECO_COLUMNS, cursoPreco.chunks);

    progress?.start('members', options.members);
    const { facts, tables } = generateMembers(ctx);
    await session.copy(
      'associado',
      ASSOCIADO_COLUMNS,
      chunked(tables.associado, (rows) => progress?.advance(rows)),
    );
    await session.copy('crm', CRM_COLUMNS, tables.crm.chunks);
    await session.copy('associado_especialidade', ASSOCIADO_ESPECIALIDADE_COLUMNS, tables.associadoEspecialidade.chunks);
    await session.copy('titulo', TITULO_COLUMNS, tables.titulo.chunks);

    // The rows arrive marked (SeedContext.writtenDay); the trigger would only repeat the work, row by row.
    const exams = generateExams(ctx, firstDataYear(ctx));
    await session.copy('prova', PROVA_COLUMNS, exams.rows.chunks);

    await session.query('alter table fatura disable trigger fatura_marca_vencida');
    let invoices = 0;
    progress?.start('invoices', Math.round(options.members * 4.8));
    await session.copy(
      'fatura',
      FATURA_COLUMNS,
      chunked(generateInvoices(ctx, facts, courses, exams.examId), (rows) => {
        invoices += rows;
        progress?.advance(rows);
      }),
    );

    await session.query('alter table fatura enable trigger fatura_marca_vencida');

    progress?.start('indexes', rebuild.length);
    await session.query("set local maintenance_work_mem = '512MB'");
    for (const statement of rebuild) {
      await session.query(statement);
      progress?.advance(1);
    }
    for (const [table, column] of [
      ['associado', 'matricula'],
      ['curso', 'id'],
      ['prova', 'id'],
      ['fatura', 'id'],
    ] as const) {
      await session.query(
        `select setval(pg_get_serial_sequence('${table}', '${column}'), greatest((select max(${column}) from ${table}), 1))`,
      );
    }
    await seedEventHistory(session, options.now);
    await session.query(`analyze ${DATA_TABLES.join(', ')}, evento`);
    progress?.finish();
    return { members: options.members, courses: courses.length, invoices };
  });
}
