import { saoPauloTimestamp } from '../../domain/dates.js';
import { formatMatricula } from '../../domain/matricula.js';
import { cpfFor, type Viewer } from '../../tokens/viewer.js';
import type { findInvoice } from './faturas.queries.js';
import type { Invoice } from './faturas.schemas.js';

type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

/** An invoice as the ERP reconciles it, the member's CPF as `viewer` may see it. */
export function toInvoice(row: InvoiceRow, viewer: Viewer | null): Invoice {
  return {
    id: row.id,
    numero: row.numero,
    kind: row.kind,
    descricao: row.descricao,
    associado: { matricula: formatMatricula(row.associado), nome: row.nome, cpf: cpfFor(viewer, row.cpf) },
    ano_referencia: row.ano_referencia,
    curso_id: row.curso_id,
    prova_id: row.prova_id,
    valor: row.valor,
    vencimento: row.vencimento,
    status: row.status,
    pago_em: row.pago_em && saoPauloTimestamp(row.pago_em),
    valor_pago: row.valor_pago,
    forma_pagamento: row.forma_pagamento,
    transacao_id: row.transacao_id,
    nfse:
      row.nfse_numero === null || row.nfse_codigo_verificacao === null || row.nfse_emitida_em === null || row.nfse_municipio === null
        ? null
        : {
            numero: row.nfse_numero,
            codigo_verificacao: row.nfse_codigo_verificacao,
            emitida_em: saoPauloTimestamp(row.nfse_emitida_em),
            municipio: row.nfse_municipio,
          },
    atualizado_em: saoPauloTimestamp(row.atualizado_em),
  };
}
