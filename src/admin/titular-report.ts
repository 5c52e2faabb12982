import { API_PREFIX } from '../http/urls.js';
import type { TitularAccess } from '../audit/titular.queries.js';

/** What one access showed of the member, in the words of LGPD art. 18 VII's answer: kinds of data, not fields. */
export type DataKind = 'situação' | 'ficha' | 'CPF completo' | 'CPF mascarado' | 'faturas' | 'telas da administração';

/** The kinds of data a token's events carried, by the scopes that let it receive them (API-DESIGN §13). */
function eventKinds(scopes: readonly string[]): DataKind[] {
  const kinds: DataKind[] = [];
  if (scopes.includes('associados:read')) kinds.push('ficha', 'situação');
  else if (scopes.includes('associados:situacao')) kinds.push('situação');
  if (scopes.includes('faturas:read')) kinds.push('faturas');
  return kinds;
}

const cpf = (scopes: readonly string[]): DataKind => (scopes.includes('associados:cpf') ? 'CPF completo' : 'CPF mascarado');

/** The API's operations that answer with members' data: what each is called and what it shows, given the token's scopes. */
const API_OPERATIONS: Record<string, { label: string; kinds: (scopes: readonly string[]) => DataKind[] }> = {
  [`${API_PREFIX}/associados/:id/situacao`]: { label: 'Situação do associado', kinds: () => ['situação'] },
  [`${API_PREFIX}/associados/situacao`]: { label: 'Situação de vários associados', kinds: () => ['situação'] },
  [`${API_PREFIX}/associados`]: { label: 'Lista de associados', kinds: (scopes) => ['ficha', cpf(scopes)] },
  [`${API_PREFIX}/associados/:id`]: { label: 'Ficha do associado', kinds: (scopes) => ['ficha', cpf(scopes)] },
  [`${API_PREFIX}/faturas`]: { label: 'Lista de faturas', kinds: () => ['faturas'] },
  [`${API_PREFIX}/faturas/:id`]: { label: 'Fatura', kinds: () => ['faturas'] },
  [`${API_PREFIX}/eventos`]: { label: 'Eventos (feed)', kinds: eventKinds },
};

/** What an event of this type carries of its member. */
function webhookKinds(type: string): DataKind[] {
  if (type.startsWith('fatura.')) return ['faturas'];
  if (type === 'associado.situacao_alterada') return ['situação'];
  return ['ficha'];
}

/** One access as the report shows it. */
export interface ReportLine {
  at: Date;
  /** The integration (a token's name, its prefix and who created it) or the administrator. */
  who: string;
  operation: string;
  kinds: DataKind[];
  rota: string;
  status: number;
  /** Identical accesses counted together in one entry (refusals are, one row a minute). */
  count: number;
}

export function reportLine(access: TitularAccess): ReportLine {
  const scopes = access.token_scopes ?? [];
  const integration =
    access.token_nome === null
      ? 'token não identificado'
      : `${access.token_nome} (${access.token_prefixo ?? ''}…), criado por ${access.token_criado_por ?? '—'}`;
  const base = { at: access.ocorrido_em, rota: access.rota, status: access.status, count: access.quantidade };
  if (access.origem === 'admin')
    return {
      ...base,
      who: access.admin_email ?? 'administrador não identificado',
      operation: `Administração: ${access.metodo} ${access.rota}`,
      kinds: ['telas da administração'],
    };
  if (access.origem === 'webhook')
    return { ...base, who: integration, operation: `Webhook ${access.rota}`, kinds: webhookKinds(access.rota) };
  const known = API_OPERATIONS[access.rota];
  return {
    ...base,
    who: integration,
    operation: known?.label ?? `${access.metodo} ${access.rota}`,
    kinds: known ? known.kinds(scopes) : [],
  };
}

/** The accesses of one integration or administrator through one operation: how many, the first and the last. */
export interface ReportGroup {
  who: string;
  operation: string;
  kinds: DataKind[];
  count: number;
  first: Date;
  last: Date;
}

/** Groups the lines (oldest first) by who and operation, in the order each group first appeared. */
export function summarize(lines: readonly ReportLine[]): ReportGroup[] {
  const groups = new Map<string, ReportGroup>();
  for (const line of lines) {
    const key = `${line.who}\u0000${line.operation}\u0000${line.kinds.join(',')}`;
    const group = groups.get(key);
    if (group) {
      group.count += line.count;
      group.last = line.at;
    } else
      groups.set(key, { who: line.who, operation: line.operation, kinds: line.kinds, count: line.count, first: line.at, last: line.at });
  }
  return [...groups.values()];
}
