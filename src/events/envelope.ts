import { saoPauloTimestamp } from '../domain/dates.js';
import { formatMatricula } from '../domain/matricula.js';
import type { EventType } from './event-types.js';

/** An event as stored (migration 0015), once numbered. */
export interface EventRow {
  chave: string;
  tipo: string;
  sequencia: number | string;
  ocorrido_em: Date;
  dados: Record<string, unknown>;
}

export interface Envelope {
  id: string;
  type: EventType;
  sequencia: number;
  ocorrido_em: string;
  dados: Record<string, unknown>;
}

/** Fields of `dados` the triggers write as instants (JSON in UTC); the API serves them in São Paulo time. */
const INSTANTS = new Set(['pago_em', 'inscricao_inicio', 'inscricao_fim']);

/** The envelope of API-DESIGN §13, the same in a webhook and in the feed: matriculas and times as the API serves them. */
export function toEnvelope(row: EventRow): Envelope {
  const dados: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row.dados)) {
    if (key === 'matricula' && typeof value === 'number') dados[key] = formatMatricula(value);
    else if (INSTANTS.has(key) && typeof value === 'string') dados[key] = saoPauloTimestamp(new Date(value));
    else dados[key] = value;
  }
  return {
    id: row.chave,
    type: row.tipo as EventType,
    sequencia: Number(row.sequencia),
    ocorrido_em: saoPauloTimestamp(row.ocorrido_em),
    dados,
  };
}
