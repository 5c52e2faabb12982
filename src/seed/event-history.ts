import type { BulkSession } from '../db/connection.js';

/** The history the fictitious data comes with: its last 30 days of events, as the feed keeps them. */
export const HISTORY_DAYS = 30;

/**
 * Writes the events of the seeded data's last HISTORY_DAYS days, numbered in the order they happened: invoices
 * issued, paid, refunded, cancelled and fallen due, and courses published. The seed writes its rows with the
 * triggers' capture off (a load announces nothing), so the demo's feed and webhooks would otherwise start empty.
 * Each event's id is drawn from its type and record, so that the same seed gives the same ids. Each event carries
 * the record as it was then: an invoice issued is open, one fallen due is not yet paid.
 */
export async function seedEventHistory(session: BulkSession, now: Date): Promise<number> {
  const since = new Date(now.getTime() - HISTORY_DAYS * 86_400_000);
  const [{ count } = { count: 0 }] = await session.query<{ count: number }>(
    `with historia as (
       select f.id, e.tipo, e.ocorrido_em, f.associado as matricula, a.regional, evento_dados_fatura(f) || e.estado as dados
         from fatura f
         join associado a on a.matricula = f.associado
        cross join lateral (values
            ('fatura.emitida', f.criado_em, '{"status": "open", "pago_em": null, "valor_pago": null}'::jsonb),
            ('fatura.paga', f.pago_em, '{"status": "paid"}'),
            ('fatura.estornada', f.reembolsado_em, '{"status": "refunded"}'),
            ('fatura.cancelada', f.cancelado_em, '{"status": "cancelled"}'),
            ('fatura.vencida',
             case when f.status = 'open' or (f.pago_em at time zone 'America/Sao_Paulo')::date > f.vencimento
                  then (f.vencimento + 1)::timestamp at time zone 'America/Sao_Paulo' end,
             '{"status": "overdue", "pago_em": null, "valor_pago": null}')
          ) as e (tipo, ocorrido_em, estado)
        where e.ocorrido_em > $1 and e.ocorrido_em <= $2
       union all
       select c.id, 'curso.publicado', c.criado_em, null, null, evento_dados_curso(c)
         from curso c
        where c.status <> 'rascunho' and c.criado_em > $1 and c.criado_em <= $2
     ),
     gravados as (
       insert into evento (chave, tipo, ocorrido_em, sequencia, matricula, regional, dados)
       select evento_chave_nova(h.ocorrido_em, h.tipo || ' ' || h.id), h.tipo, h.ocorrido_em,
              row_number() over (order by h.ocorrido_em, h.id, h.tipo), h.matricula, h.regional, h.dados
         from historia h
       returning sequencia
     )
     select count(*)::int as count, setval('evento_sequencia_seq', greatest(max(sequencia), 1)) from gravados`,
    [since, now],
  );
  return count;
}
