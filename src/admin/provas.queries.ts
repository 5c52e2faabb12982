import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** An exam as its page shows it. */
export function findExamPage(db: Kysely<Schema>, id: number) {
  return db
    .selectFrom('prova as p')
    .innerJoin('especialidade as e', 'e.codigo', 'p.especialidade')
    .select([
      'p.id',
      'p.codigo',
      'p.tipo_titulo',
      'e.nome as especialidade',
      sql<string>`to_char(p.data, 'YYYY-MM-DD')`.as('data'),
      'p.status',
      'p.titulos_emitidos',
      'p.atualizado_em',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/** The members with an exam fee of the exam (paid or open), each with the result and título it holds, by matrícula. */
export function examCandidates(db: Kysely<Schema>, id: number) {
  return db
    .selectFrom('fatura as f')
    .innerJoin('associado as a', 'a.matricula', 'f.associado')
    .leftJoin('prova_resultado as r', (join) => join.onRef('r.prova', '=', 'f.prova_id').onRef('r.associado', '=', 'f.associado'))
    .leftJoin('titulo as t', 't.id', 'r.titulo_id')
    .leftJoin('api_token as k', 'k.id', 'r.token_id')
    .distinctOn('f.associado')
    .select([
      'f.associado as matricula',
      'a.nome',
      'f.status as fatura_status',
      'r.resultado',
      'r.nota',
      't.numero as titulo',
      'k.nome as token',
      'r.atualizado_em',
    ])
    .where('f.prova_id', '=', id)
    .where('f.kind', '=', 'taxa_prova')
    .where('f.status', 'in', ['paid', 'open'])
    .orderBy('f.associado')
    .orderBy(sql`f.status = 'paid'`, 'desc')
    .execute();
}

/** The specialties and áreas de atuação an exam may be of, by name. */
export function specialtyOptions(db: Kysely<Schema>) {
  return db.selectFrom('especialidade').select(['codigo', 'nome', 'tipo']).orderBy('nome').execute();
}

/** A member's result of an exam, as the page that annuls it shows it. */
export function examResult(db: Kysely<Schema>, id: number, matricula: number) {
  return db
    .selectFrom('prova_resultado as r')
    .innerJoin('associado as a', 'a.matricula', 'r.associado')
    .leftJoin('titulo as t', 't.id', 'r.titulo_id')
    .select(['r.associado as matricula', 'a.nome', 'r.resultado', 'r.nota', 't.numero as titulo'])
    .where('r.prova', '=', id)
    .where('r.associado', '=', matricula)
    .executeTakeFirst();
}
