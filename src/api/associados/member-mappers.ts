import { saoPauloTimestamp } from '../../domain/dates.js';
import { formatMatricula } from '../../domain/matricula.js';
import { cpfFor, type Viewer } from '../../tokens/viewer.js';
import type { findMember, findSituacao, listMembers } from './associados.queries.js';
import type { MemberListItem, MemberRecord, Situacao } from './associados.schemas.js';

type SituacaoRow = NonNullable<Awaited<ReturnType<typeof findSituacao>>>;
type MemberListRow = Awaited<ReturnType<typeof listMembers>>[number];
type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** The exam system's answer: `associado` is an active member, `adimplente` is up to date with its fees (API-DESIGN §6). */
export function toSituacao(row: SituacaoRow, year: number): Situacao {
  return {
    matricula: formatMatricula(row.matricula),
    nome: row.nome,
    associado: row.status === 'ativo',
    categoria: row.categoria,
    adimplente: row.adimplente,
    ano_referencia: year,
  };
}

/*
 * Each view writes its fields out rather than spreading a shared part into it: over 10 s of member pages, the spread
 * cost 1.9 s of CPU against 0.16 s for the literal, and serialising the objects it made 1.15 s against 0.16 s (members
 * by branch at 0.7 × the release of 2026-11-28; docs/benchmark-findings.md).
 */
export function toMemberListItem(row: MemberListRow, viewer: Viewer | null): MemberListItem {
  return {
    matricula: formatMatricula(row.matricula),
    nome: row.nome,
    cpf: cpfFor(viewer, row.cpf),
    categoria: row.categoria,
    status: row.status,
    regional: row.regional,
    crms: row.crms,
    atualizado_em: saoPauloTimestamp(row.atualizado_em),
  };
}

export function toMemberRecord(row: MemberRow, viewer: Viewer | null): MemberRecord {
  return {
    matricula: formatMatricula(row.matricula),
    nome: row.nome,
    cpf: cpfFor(viewer, row.cpf),
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
}
