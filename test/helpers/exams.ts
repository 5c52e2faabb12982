import type { Kysely } from 'kysely';
import type { Schema } from '../../src/db/schema.js';
import type { ExamStatus } from '../../src/domain/enums.js';

/** Creates an exam in `status` and makes `candidates` its candidates (a paid exam fee each) and `unpaid` not. */
export async function examWithCandidates(
  db: Kysely<Schema>,
  codigo: string,
  status: ExamStatus,
  candidates: readonly number[],
  unpaid: readonly number[] = [],
): Promise<number> {
  const { id } = await db
    .insertInto('prova')
    .values({ codigo, tipo_titulo: 'especialista', especialidade: 'cardiologia', data: '2026-10-04', status })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fee = (associado: number, paid: boolean) => ({
    numero: `${codigo}/${associado}`,
    kind: 'taxa_prova' as const,
    descricao: `Taxa de inscrição: ${codigo}`,
    associado,
    prova_id: id,
    valor: '900.00',
    vencimento: '2026-09-01',
    status: paid ? ('paid' as const) : ('open' as const),
    pago_em: paid ? '2026-08-20T12:00:00Z' : null,
    valor_pago: paid ? '900.00' : null,
    forma_pagamento: paid ? ('pix' as const) : null,
    transacao_id: paid ? `E00000000${associado}` : null,
  });
  await db
    .insertInto('fatura')
    .values([...candidates.map((m) => fee(m, true)), ...unpaid.map((m) => fee(m, false))])
    .execute();
  return id;
}
