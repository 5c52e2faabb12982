import { API_PREFIX } from '../routes/urls.js';
import type { AccessSource, TitularAccess, TitularSummaryRow } from '../audit/titular.queries.js';

/** What one access showed of the member, in the words of LGPD art. 18 VII's answer: kinds of data, not fields. */
export type DataKind =
  | 'situação'
  | 'ficha'
  | 'CPF completo'
  | 'CPF mascarado'
  | 'faturas'
  | 'inscrição em prova'
  | 'resultado de prova'
  | 'telas da administração';

/** The kinds of data a token's events carried, by the scopes that let it receive them (API-DESIGN §13). */
function eventKinds(scopes: readonly string[]): DataKind[] {
  const kinds: DataKind[] = [];
  if (scopes.includes('associados:read')) kinds.push('ficha', 'situação');
  else if (scopes.includes('associados:situacao')) kinds.push('situação');
  if (scopes.includes('faturas:read')) kinds.push('faturas');
  if (scopes.includes('provas:read')) kinds.push('resultado de prova');
  return kinds;
}

const cpf = (scopes: readonly string[]): DataKind => (scopes.includes('associados:cpf') ? 'CPF completo' : 'CPF mascarado');

/** The API's operations that answer with members' data: what each is called and what it shows, given the token's scopes. */
const API_OPERATIONS: Record<string, { label: string | Record<string, string>; kinds: (scopes: readonly string[]) => DataKind[] }> = {
  [`${API_PREFIX}/associados/:id/situacao`]: { label: 'Situação do associado', kinds: () => ['situação'] },
  [`${API_PREFIX}/associados/situacao`]: { label: 'Situação de vários associados', kinds: () => ['situação'] },
  [`${API_PREFIX}/associados`]: { label: 'Lista de associados', kinds: (scopes) => ['ficha', cpf(scopes)] },
  [`${API_PREFIX}/associados/:id`]: { label: 'Ficha do associado', kinds: (scopes) => ['ficha', cpf(scopes)] },
  [`${API_PREFIX}/faturas`]: { label: 'Lista de faturas', kinds: () => ['faturas'] },
  [`${API_PREFIX}/faturas/:id`]: { label: 'Fatura', kinds: () => ['faturas'] },
  [`${API_PREFIX}/eventos`]: { label: 'Eventos (feed)', kinds: eventKinds },
  [`${API_PREFIX}/provas/:id/candidatos`]: { label: 'Candidatos de uma prova', kinds: (scopes) => ['inscrição em prova', cpf(scopes)] },
  // The same address lists an exam's results and takes them (API-DESIGN §14): who wrote a member's result is told apart.
  [`${API_PREFIX}/provas/:id/resultados`]: {
    label: { GET: 'Resultados de uma prova', POST: 'Envio de resultados de prova (escrita)' },
    kinds: () => ['resultado de prova'],
  },
  [`${API_PREFIX}/provas/:id/resultados/:matricula`]: {
    label: { PUT: 'Correção de resultado de prova (escrita)' },
    kinds: () => ['resultado de prova'],
  },
};

/** What an event of this type carries of its member. */
function webhookKinds(type: string): DataKind[] {
  if (type.startsWith('fatura.')) return ['faturas'];
  if (type === 'associado.situacao_alterada') return ['situação'];
  return ['ficha'];
}

/** Who saw the member's data, through what, and which kinds of it. */
export interface AccessDescription {
  /** The integration (a token's name, its prefix and who created it) or the administrator. */
  who: string;
  operation: string;
  kinds: DataKind[];
}

export function describeAccess(access: AccessSource): AccessDescription {
  const scopes = access.token_scopes ?? [];
  const integration =
    access.token_nome === null
      ? 'token não identificado'
      : `${access.token_nome} (${access.token_prefixo ?? ''}…), criado por ${access.token_criado_por ?? '—'}`;
  if (access.origem === 'admin')
    return {
      who: access.admin_email ?? 'administrador não identificado',
      operation: `Administração: ${access.metodo} ${access.rota}`,
      kinds: ['telas da administração'],
    };
  if (access.origem === 'webhook') return { who: integration, operation: `Webhook ${access.rota}`, kinds: webhookKinds(access.rota) };
  const known = API_OPERATIONS[access.rota];
  const label = typeof known?.label === 'string' ? known.label : known?.label[access.metodo];
  return { who: integration, operation: label ?? `${access.metodo} ${access.rota}`, kinds: known ? known.kinds(scopes) : [] };
}

/** One access as the report shows it. */
export interface ReportLine extends AccessDescription {
  at: Date;
  rota: string;
  status: number;
  /** Identical accesses counted together in one entry (refusals are, one row a minute). */
  count: number;
}

export function reportLine(access: TitularAccess): ReportLine {
  return { ...describeAccess(access), at: access.ocorrido_em, rota: access.rota, status: access.status, count: access.quantidade };
}

/** The accesses of one integration or administrator through one operation, in the period or in one month. */
export interface ReportGroup extends AccessDescription {
  count: number;
  first: Date;
  last: Date;
}

/** The report's summary: the totals, and the accesses by who and operation, in the period and month by month. */
export interface ReportSummary {
  /** Accesses, identical ones counted together in an entry counting as many. */
  total: number;
  /** Entries of the trail, the lines of the detail and of the CSV. */
  entries: number;
  /** In the order each group first appeared. */
  groups: ReportGroup[];
  /** By month (`YYYY-MM`), oldest first; in a month, in the order each group first appeared. */
  months: { month: string; groups: ReportGroup[] }[];
}

/**
 * The database's counts as the report shows them. Operations of the trail that read the same (a GET and a HEAD of
 * one route) are one group: their counts are added.
 */
export function summarize(rows: readonly TitularSummaryRow[]): ReportSummary {
  const periodGroups = new Map<string, ReportGroup>();
  const months = new Map<string, Map<string, ReportGroup>>();
  let total = 0;
  let entries = 0;
  for (const row of rows) {
    const description = describeAccess(row);
    const key = `${description.who}\u0000${description.operation}\u0000${description.kinds.join(',')}`;
    let groups = periodGroups;
    if (row.mes === null) {
      total += Number(row.vezes);
      entries += Number(row.entradas);
    } else {
      groups = months.get(row.mes) ?? new Map<string, ReportGroup>();
      months.set(row.mes, groups);
    }
    const group = groups.get(key);
    if (group) {
      group.count += Number(row.vezes);
      if (row.primeiro < group.first) group.first = row.primeiro;
      if (row.ultimo > group.last) group.last = row.ultimo;
    } else groups.set(key, { ...description, count: Number(row.vezes), first: row.primeiro, last: row.ultimo });
  }
  const byFirst = (groups: Map<string, ReportGroup>) => [...groups.values()].sort((a, b) => a.first.getTime() - b.first.getTime());
  return {
    total,
    entries,
    groups: byFirst(periodGroups),
    months: [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, groups]) => ({ month, groups: byFirst(groups) })),
  };
}
