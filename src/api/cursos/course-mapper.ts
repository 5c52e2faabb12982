import { saoPauloTimestamp } from '../../domain/dates.js';
import type { CourseRow } from './cursos.queries.js';
import type { Course } from './cursos.schemas.js';

export function toCourse(row: CourseRow): Course {
  return {
    id: row.id,
    slug: row.slug,
    titulo: row.titulo,
    tipo: row.tipo,
    modalidade: row.modalidade,
    resumo: row.resumo,
    local:
      row.cidade === null || row.uf === null || row.endereco === null ? null : { cidade: row.cidade, uf: row.uf, endereco: row.endereco },
    data_inicio: row.data_inicio,
    data_fim: row.data_fim,
    carga_horaria: row.carga_horaria,
    pontos_cna: row.pontos_cna,
    inscricoes: {
      abertas: row.abertas,
      inicio: saoPauloTimestamp(row.inscricao_inicio),
      fim: saoPauloTimestamp(row.inscricao_fim),
      vagas: row.vagas,
      vagas_restantes: row.vagas === null ? null : Math.max(0, row.vagas - row.inscritos),
      url: row.url_inscricao,
    },
    precos: row.precos,
    status: row.status,
    atualizado_em: saoPauloTimestamp(row.atualizado_em),
  };
}
