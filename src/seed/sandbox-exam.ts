import { sql } from 'kysely';
import type { Database } from '../db/connection.js';
import { businessDate, dateOfDay, dayNumber, saoPauloInstant } from '../domain/dates.js';
import { payInvoice } from '../simulation/payments.js';

const DAY_MS = 86_400_000;
/** Candidates with the fee paid, and two more whose fee is still open. */
const PAID = 20;
const OPEN = 2;
const FEE = '1500.00';

/**
 * The demo's sandbox exam (API-DESIGN §14): held a week before the demo was made and awaiting its results, with twenty
 * members whose exam fee is paid, so that an integrator can send a batch of results with the demo token whatever the
 * day; the seeded exams follow the calendar. Added after the seed, numbered after its exams and invoices, so it
 * changes none of them. Answers the exam's id.
 */
export async function addSandboxExam(database: Database, now: Date): Promise<number> {
  const today = dayNumber(businessDate(now));
  const year = Number(businessDate(now).slice(0, 4));
  const db = database.db;
  const exam = await db
    .insertInto('prova')
    .values({
      codigo: `TE-DEMO-${year}`,
      tipo_titulo: 'especialista',
      especialidade: 'clinica-medica',
      data: dateOfDay(today - 7),
      status: 'realizada',
      criado_em: new Date(now.getTime() - 90 * DAY_MS),
      atualizado_em: saoPauloInstant(today - 6, 9 * 60) < now ? saoPauloInstant(today - 6, 9 * 60) : now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The first active residents and efetivos: those who sit the título exams.
  const members = await db
    .selectFrom('associado')
    .select(['matricula'])
    .where('status', '=', 'ativo')
    .where('categoria', 'in', ['aspirante', 'efetivo'])
    .orderBy('matricula')
    .limit(PAID + OPEN)
    .execute();
  const { max } = await db
    .selectFrom('fatura')
    .select(sql<number>`coalesce(max(id), 0)::int`.as('max'))
    .executeTakeFirstOrThrow();
  const issued = new Date(now.getTime() - 60 * DAY_MS);
  const fees = members.map(({ matricula }, i) => ({
    id: max + i + 1,
    numero: `${businessDate(issued).slice(0, 4)}/${String(max + i + 1).padStart(8, '0')}`,
    kind: 'taxa_prova' as const,
    descricao: `Taxa da prova de Título de Especialista em Clínica Médica ${year} (demonstração)`,
    associado: matricula,
    prova_id: exam.id,
    valor: FEE,
    vencimento: dateOfDay(today - 30),
    status: 'open' as const,
    criado_em: issued,
    atualizado_em: issued,
  }));
  if (fees.length === 0) return exam.id;
  await db.insertInto('fatura').values(fees).execute();
  await sql`select setval(pg_get_serial_sequence('fatura', 'id'), ${max + fees.length})`.execute(db);
  for (const fee of fees.slice(0, PAID)) {
    await payInvoice(db, { faturaId: fee.id, forma: 'pix', now: new Date(issued.getTime() + 10 * DAY_MS) });
  }
  return exam.id;
}
