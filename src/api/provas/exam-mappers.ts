import { saoPauloTimestamp } from '../../domain/dates.js';
import type { TitleType } from '../../domain/enums.js';
import { formatMatricula } from '../../domain/matricula.js';
import { resultEtag } from '../../operations/exam-results.js';
import { cpfFor, type Viewer } from '../../tokens/viewer.js';
import type { ExamRow, listCandidates, listResults } from './provas.queries.js';
import type { Candidato, Prova, Resultado } from './provas.schemas.js';

export function toProva(row: ExamRow): Prova {
  return {
    id: row.id,
    codigo: row.codigo,
    tipo_titulo: row.tipo_titulo,
    especialidade: { codigo: row.especialidade, nome: row.especialidade_nome },
    data: row.data,
    status: row.status,
    atualizado_em: saoPauloTimestamp(row.atualizado_em),
  };
}

type CandidateRow = Awaited<ReturnType<typeof listCandidates>>[number];

export function toCandidato(row: CandidateRow, viewer: Viewer | null): Candidato {
  return {
    matricula: formatMatricula(row.matricula),
    nome: row.nome,
    cpf: cpfFor(viewer, row.cpf),
    fatura: { id: row.fatura_id, status: row.fatura_status },
  };
}

type ResultRow = Awaited<ReturnType<typeof listResults>>[number];

/** A título as a result shows it, or null. */
export function titleOf(title: { numero: string | null; tipo: TitleType | null; especialidade: string | null; ano: number | null }) {
  return title.numero === null
    ? null
    : { numero: title.numero, tipo: title.tipo!, especialidade: title.especialidade!, ano: Number(title.ano) };
}

export function toResultado(row: ResultRow): Resultado {
  return {
    matricula: formatMatricula(row.matricula),
    nome: row.nome,
    resultado: row.resultado,
    nota: row.nota,
    titulo: titleOf(row),
    etag: resultEtag(row.prova, row.matricula, row.versao),
    registrado_em: saoPauloTimestamp(row.registrado_em),
    atualizado_em: saoPauloTimestamp(row.atualizado_em),
  };
}
