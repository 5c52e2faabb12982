import { Problem } from '../../errors/problems.js';
import { parseRecordId } from '../record-id.js';
import type { ListDeclaration, PageRequest } from '../list-pipeline.js';
import { PERSONAL_DATA_CACHE } from '../personal-data.js';
import { toCandidato, toProva, toResultado } from './exam-mappers.js';
import {
  findExam,
  listCandidates,
  listExams,
  listResults,
  type ByMatricula,
  type ExamMembersFilters,
  type ExamOrder,
} from './provas.queries.js';
import type { Candidato, ExamMembersQuery, Prova, ProvaListQuery, Resultado } from './provas.schemas.js';
import { EXAM_STATUSES, type ExamStatus } from '../../domain/enums.js';
import { enumValues } from '../../lists/list-params.js';

type Row<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

/** Exams by date and id, of every state or of those asked for. */
export const examList: ListDeclaration<ProvaListQuery, { status?: ExamStatus[] }, ExamOrder, Row<typeof listExams>, Prova> = {
  filters: (query) => {
    const status = enumValues('status', query.status, EXAM_STATUSES);
    return status ? { status } : {};
  },
  orders: { data: { key: 'date' } },
  order: () => 'data',
  query: listExams,
  id: (row) => row.id,
  item: toProva,
  cacheControl: 'private, no-cache',
};

/** The rows of one exam, of the viewer's branch: a 404 for an exam that does not exist. */
function ofExam<R>(query: (page: PageRequest<ExamMembersFilters, ByMatricula>) => Promise<R[]>) {
  return async (page: PageRequest<ExamMembersFilters, ByMatricula>): Promise<R[]> => {
    const [exam, rows] = await Promise.all([findExam(page.db, page.filters.exam), query(page)]);
    if (!exam) throw new Problem('not_found', `Nenhuma prova com o id ${page.filters.exam}.`);
    return rows;
  };
}

const examMembers = (_query: ExamMembersQuery, viewer: { regional: string | null } | null, params: Record<string, string>) => ({
  exam: parseRecordId(params.id!, 'O id da prova'),
  regional: viewer?.regional ?? null,
});

/** An exam's candidates by matrícula; CPFs as the viewer may see them. */
export const candidateList: ListDeclaration<ExamMembersQuery, ExamMembersFilters, ByMatricula, Row<typeof listCandidates>, Candidato> = {
  filters: examMembers,
  orders: { matricula: { key: 'id' } },
  order: () => 'matricula',
  query: ofExam(listCandidates),
  id: (row) => row.matricula,
  item: toCandidato,
  matricula: (row) => row.matricula,
  cacheControl: PERSONAL_DATA_CACHE,
};

/** An exam's results by matrícula. */
export const resultList: ListDeclaration<ExamMembersQuery, ExamMembersFilters, ByMatricula, Row<typeof listResults>, Resultado> = {
  filters: examMembers,
  orders: { matricula: { key: 'id' } },
  order: () => 'matricula',
  query: ofExam(listResults),
  id: (row) => row.matricula,
  item: toResultado,
  matricula: (row) => row.matricula,
  cacheControl: PERSONAL_DATA_CACHE,
};
