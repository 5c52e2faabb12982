import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { EXAM_RESULTS, type ExamResult, type ExamStatus, type TitleType } from '../domain/enums.js';
import { formatMatricula } from '../domain/matricula.js';
import { memberKey, type MemberKey } from '../domain/member-key.js';
import { audit, type Actor } from './actor.js';
import { Refused } from './refused.js';

/** The most results one request may carry (API-DESIGN §14). */
export const MAX_RESULTS = 500;

/** An exam takes results once it has taken place, until it is cancelled. */
const TAKES_RESULTS: readonly ExamStatus[] = ['realizada', 'resultados_publicados'];

/** A result as the exam system sends it: `candidato` a matrícula or a CPF, `nota` a decimal string or null. */
export interface ResultItem {
  candidato: string;
  resultado: string;
  nota: string | null;
}

/** Why a batch was refused whole: a problem of one item (its position in the batch) or of the exam (`posicao` null). */
export type ResultReason =
  | { rule: 'exam_not_open'; posicao: null; campo: 'prova'; status: ExamStatus }
  | { rule: 'batch_size'; posicao: null; campo: 'resultados'; count: number }
  | { rule: 'malformed_item'; posicao: number; campo: 'item' }
  | { rule: 'unknown_field'; posicao: number | null; campo: string }
  | { rule: 'malformed_candidate'; posicao: number; campo: 'candidato' }
  | { rule: 'invalid_cpf'; posicao: number; campo: 'candidato' }
  | { rule: 'unknown_member'; posicao: number; campo: 'candidato' }
  | { rule: 'not_a_candidate'; posicao: number; campo: 'candidato'; matricula: number }
  | { rule: 'repeated_member'; posicao: number; campo: 'candidato'; matricula: number; primeira: number }
  | { rule: 'unknown_result'; posicao: number; campo: 'resultado' }
  | { rule: 'malformed_grade'; posicao: number; campo: 'nota' }
  | { rule: 'grade_required'; posicao: number; campo: 'nota'; resultado: ExamResult };

/** A result that differs from the one stored for that member: the batch is refused whole (409); a correction is a PUT. */
export interface ResultConflict {
  rule: 'result_conflict';
  posicao: number;
  matricula: number;
  armazenado: { resultado: ExamResult; nota: string | null };
}

/** What is wrong with a batch, in Portuguese: the API's `errors[].mensagem` and the admin area's. */
export function describeResultReason(reason: ResultReason | ResultConflict): string {
  switch (reason.rule) {
    case 'exam_not_open':
      return `A prova está em "${reason.status}": resultados só são aceitos depois de realizada (realizada ou resultados_publicados).`;
    case 'batch_size':
      return `Um lote tem de 1 a ${MAX_RESULTS} resultados; este tem ${reason.count}.`;
    case 'malformed_item':
      return 'Cada resultado é um objeto com candidato, resultado e nota.';
    case 'unknown_field':
      return `Campo desconhecido: ${reason.campo}. Um resultado tem só candidato, resultado e nota.`;
    case 'malformed_candidate':
      return 'Candidato deve ser uma matrícula (até 10 dígitos, ex.: 004217) ou um CPF (000.000.000-00 ou 11 dígitos).';
    case 'invalid_cpf':
      return 'O CPF informado tem dígitos verificadores inválidos.';
    case 'unknown_member':
      return 'Nenhum associado com esse identificador.';
    case 'not_a_candidate':
      return `O associado ${formatMatricula(reason.matricula)} não é candidato desta prova (sem taxa de prova paga para ela).`;
    case 'repeated_member':
      return `O associado ${formatMatricula(reason.matricula)} já aparece na posição ${reason.primeira} deste lote.`;
    case 'unknown_result':
      return `Resultado deve ser um de: ${EXAM_RESULTS.join(', ')}.`;
    case 'malformed_grade':
      return 'Nota deve ser um número decimal de 0.00 a 10.00, como texto (ex.: "8.75").';
    case 'grade_required':
      return `Nota é obrigatória para o resultado "${reason.resultado}"; só "ausente" aceita nota nula.`;
    case 'result_conflict':
      return (
        `O associado ${formatMatricula(reason.matricula)} já tem o resultado "${reason.armazenado.resultado}"` +
        `${reason.armazenado.nota === null ? '' : ` (nota ${reason.armazenado.nota})`} nesta prova; ` +
        'para corrigi-lo, use PUT /api/v1/provas/{id}/resultados/{matricula} com If-Match.'
      );
  }
}

/** A batch refused whole for a result that differs from a stored one. */
export class ConflictingResults extends Refused<ResultConflict> {}

export interface Exam {
  id: number;
  codigo: string;
  tipo_titulo: TitleType;
  especialidade: string;
  data: string;
  status: ExamStatus;
}

export interface GrantedTitle {
  id: number;
  numero: string;
  tipo: TitleType;
  especialidade: string;
  ano: number;
}

export interface RecordedResult {
  posicao: number;
  matricula: number;
  resultado: ExamResult;
  nota: string | null;
  estado: 'criado' | 'inalterado';
  titulo: GrantedTitle | null;
}

/** Who may be seen: a token restricted to a branch finds only that branch's members. */
export interface ResultScope {
  regional: string | null;
}

const GRADE = /^(10(\.0{1,2})?|[0-9](\.[0-9]{1,2})?)$/;

/** `8.7` → `8.70`: a grade as numeric(4,2) stores and returns it, so that equal grades compare equal as text. */
function normalGrade(nota: string): string {
  return Number(nota).toFixed(2);
}

type ParsedItem = { posicao: number; key: MemberKey; resultado: ExamResult; nota: string | null };

const ITEM_FIELDS = new Set(['candidato', 'resultado', 'nota']);

/**
 * The checks an item needs no database for, on items as they were sent (a JSON body's values may be of any type):
 * every problem of every item, so that one answer lists them all.
 */
function parseItems(items: readonly unknown[]): { parsed: ParsedItem[]; reasons: ResultReason[] } {
  const parsed: ParsedItem[] = [];
  const reasons: ResultReason[] = [];
  if (items.length < 1 || items.length > MAX_RESULTS)
    reasons.push({ rule: 'batch_size', posicao: null, campo: 'resultados', count: items.length });
  items.forEach((sent, posicao) => {
    if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) {
      reasons.push({ rule: 'malformed_item', posicao, campo: 'item' });
      return;
    }
    const item = sent as Record<string, unknown>;
    const errors: ResultReason[] = Object.keys(item)
      .filter((field) => !ITEM_FIELDS.has(field))
      .map((campo) => ({ rule: 'unknown_field' as const, posicao, campo }));
    const parsedKey = typeof item.candidato === 'string' ? memberKey(item.candidato, true) : 'malformed';
    const key = typeof parsedKey === 'string' ? undefined : parsedKey;
    if (parsedKey === 'malformed') errors.push({ rule: 'malformed_candidate', posicao, campo: 'candidato' });
    if (parsedKey === 'invalid_cpf') errors.push({ rule: 'invalid_cpf', posicao, campo: 'candidato' });
    const resultado = EXAM_RESULTS.find((known) => known === item.resultado);
    if (!resultado) errors.push({ rule: 'unknown_result', posicao, campo: 'resultado' });
    const nota = item.nota;
    const grade = typeof nota === 'string' && GRADE.test(nota) ? normalGrade(nota) : null;
    if (nota !== null && grade === null) errors.push({ rule: 'malformed_grade', posicao, campo: 'nota' });
    else if (nota === null && resultado && resultado !== 'ausente')
      errors.push({ rule: 'grade_required', posicao, campo: 'nota', resultado });
    if (errors.length > 0 || !key || !resultado) reasons.push(...errors);
    else parsed.push({ posicao, key, resultado, nota: grade });
  });
  return { parsed, reasons };
}

interface Candidate {
  matricula: number;
  cpf: string;
  candidato: boolean;
}

/** The members the items name, as the token may see them, and whether each is a candidate of the exam. */
async function findMembers(tx: Kysely<Schema>, examId: number, parsed: readonly ParsedItem[], scope: ResultScope): Promise<Candidate[]> {
  const matriculas = parsed.flatMap(({ key }) => ('matricula' in key ? [key.matricula] : []));
  const cpfs = parsed.flatMap(({ key }) => ('cpf' in key ? [key.cpf] : []));
  let query = tx
    .selectFrom('associado as a')
    .select(['a.matricula', 'a.cpf'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('fatura as f')
            .select(sql.lit(1).as('um'))
            .whereRef('f.associado', '=', 'a.matricula')
            .where('f.prova_id', '=', examId)
            .where('f.kind', '=', 'taxa_prova')
            .where('f.status', '=', 'paid'),
        )
        .as('candidato'),
    )
    .where((eb) =>
      eb.or([
        eb('a.matricula', '=', eb.fn.any(eb.val(matriculas).$castTo<number[]>())),
        eb('a.cpf', '=', eb.fn.any(eb.val(cpfs).$castTo<string[]>())),
      ]),
    );
  if (scope.regional !== null) query = query.where('a.regional', '=', scope.regional);
  return (await query.execute()).map((row) => ({ matricula: Number(row.matricula), cpf: row.cpf, candidato: Boolean(row.candidato) }));
}

/** The exam, locked for the rest of the transaction: batches for one exam take their turns, and its títulos their numbers. */
export async function lockExam(tx: Kysely<Schema>, examId: number): Promise<Exam | undefined> {
  return tx
    .selectFrom('prova')
    .select(['id', 'codigo', 'tipo_titulo', 'especialidade', sql<string>`to_char(data, 'YYYY-MM-DD')`.as('data'), 'status'])
    .where('id', '=', examId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Grants a título to each member, numbered after the exam's last (`TE-CARDIO-2026/0007`), with the exam's year: the
 * exam's count taken and the títulos inserted in one statement, the members as one array (a batch's 100 approvals
 * would otherwise be 500 parameters to compile, send and parse).
 */
async function grantTitles(tx: Kysely<Schema>, exam: Exam, matriculas: readonly number[]): Promise<Map<number, GrantedTitle>> {
  const granted = new Map<number, GrantedTitle>();
  if (matriculas.length === 0) return granted;
  const { rows } = await sql<GrantedTitle & { associado: number }>`
    with numbered as (
      update prova set titulos_emitidos = titulos_emitidos + ${matriculas.length}
       where id = ${exam.id}
      returning titulos_emitidos - ${matriculas.length} as antes)
    insert into titulo (associado, tipo, especialidade, numero, ano)
    select m.associado, ${exam.tipo_titulo}::text, ${exam.especialidade}::text,
           ${exam.codigo}::text || '/' || lpad((numbered.antes + m.n)::text, 4, '0'), ${Number(exam.data.slice(0, 4))}::smallint
      from numbered, unnest(${matriculas}::bigint[]) with ordinality as m (associado, n)
    returning id, associado, numero, tipo, especialidade, ano`.execute(tx);
  for (const row of rows) granted.set(Number(row.associado), { ...row, id: Number(row.id), ano: Number(row.ano) });
  return granted;
}

/** The título a stored result holds, from the result joined to it (null columns: none). */
export function heldTitle(row: {
  titulo_id: number | null;
  numero: string | null;
  tipo: TitleType | null;
  especialidade: string | null;
  ano: number | null;
}): GrantedTitle | null {
  if (row.titulo_id === null) return null;
  return { id: Number(row.titulo_id), numero: row.numero!, tipo: row.tipo!, especialidade: row.especialidade!, ano: Number(row.ano) };
}

interface StoredResult {
  associado: number;
  resultado: ExamResult;
  nota: string | null;
  titulo_id: number | null;
  numero: string | null;
  tipo: TitleType | null;
  especialidade: string | null;
  ano: number | null;
}

/**
 * The stored results of these members in the exam, with the títulos they hold: one lookup by primary key a member (the
 * lateral subquery with its `limit` is never flattened into a join), so a batch costs the same whether the exam has
 * ten results or a hundred thousand, and whatever the table's statistics say.
 */
async function storedResults(tx: Kysely<Schema>, examId: number, matriculas: readonly number[]): Promise<StoredResult[]> {
  const { rows } = await sql<StoredResult>`
    select r.associado, r.resultado, r.nota, r.titulo_id, r.numero, r.tipo, r.especialidade, r.ano
      from unnest(${matriculas}::bigint[]) as m (associado)
     cross join lateral (
       select r.associado, r.resultado, r.nota, t.id as titulo_id, t.numero, t.tipo, t.especialidade, t.ano
         from prova_resultado r
         left join titulo t on t.id = r.titulo_id
        where r.prova = ${examId} and r.associado = m.associado
        limit 1) r`.execute(tx);
  return rows;
}

export interface RecordOptions {
  scope: ResultScope;
  /** The token writing (null: an administrator or the import), kept with each result. */
  tokenId: number | null;
  /**
   * Called first in the transaction that writes, before anything is read: what it takes (an idempotency key's lock)
   * is held until the results commit or roll back; what it throws ends the operation.
   */
  atStart?: (tx: Kysely<Schema>) => Promise<void>;
  /**
   * Called with the outcome inside the transaction that writes it, before it commits: what it writes (an idempotent
   * request's stored answer) is kept with the results or not at all.
   */
  withinTransaction?: (tx: Kysely<Schema>, outcome: RecordedResults) => Promise<void>;
}

export interface RecordedResults {
  exam: Exam;
  results: RecordedResult[];
}

/**
 * Records an exam's results, all or nothing (API-DESIGN §14): every item is checked before anything is written (a
 * Refused with every reason, by position); an item equal to the stored result is `inalterado`; one that differs
 * refuses the batch (ConflictingResults). An approval grants the exam's título. Audited with the members and the
 * counts. Undefined when no exam has that id.
 */
export async function recordResults(
  db: Kysely<Schema>,
  actor: Actor,
  examId: number,
  items: readonly unknown[],
  options: RecordOptions,
): Promise<RecordedResults | undefined> {
  const { parsed, reasons } = parseItems(items);
  return inTransaction(db, async (tx) => {
    await options.atStart?.(tx);
    const exam = await lockExam(tx, examId);
    if (!exam) return undefined;
    if (!TAKES_RESULTS.includes(exam.status))
      reasons.unshift({ rule: 'exam_not_open', posicao: null, campo: 'prova', status: exam.status });
    const members = parsed.length > 0 ? await findMembers(tx, exam.id, parsed, options.scope) : [];
    const byMatricula = new Map(members.map((member) => [member.matricula, member]));
    const byCpf = new Map(members.map((member) => [member.cpf, member]));
    const firstAt = new Map<number, number>();
    const resolved: (ParsedItem & { matricula: number })[] = [];
    for (const item of parsed) {
      const member = 'matricula' in item.key ? byMatricula.get(item.key.matricula) : byCpf.get(item.key.cpf);
      const { posicao } = item;
      if (!member) reasons.push({ rule: 'unknown_member', posicao, campo: 'candidato' });
      else if (firstAt.has(member.matricula))
        reasons.push({
          rule: 'repeated_member',
          posicao,
          campo: 'candidato',
          matricula: member.matricula,
          primeira: firstAt.get(member.matricula)!,
        });
      else {
        firstAt.set(member.matricula, posicao);
        if (!member.candidato) reasons.push({ rule: 'not_a_candidate', posicao, campo: 'candidato', matricula: member.matricula });
        else resolved.push({ ...item, matricula: member.matricula });
      }
    }
    if (reasons.length > 0) throw new Refused(reasons.sort((a, b) => (a.posicao ?? -1) - (b.posicao ?? -1)));

    const stored = await storedResults(
      tx,
      exam.id,
      resolved.map((item) => item.matricula),
    );
    const storedBy = new Map(stored.map((row) => [Number(row.associado), row]));
    const conflicts: ResultConflict[] = [];
    for (const item of resolved) {
      const row = storedBy.get(item.matricula);
      if (row && (row.resultado !== item.resultado || row.nota !== item.nota)) {
        conflicts.push({
          rule: 'result_conflict',
          posicao: item.posicao,
          matricula: item.matricula,
          armazenado: { resultado: row.resultado, nota: row.nota },
        });
      }
    }
    if (conflicts.length > 0) throw new ConflictingResults(conflicts);

    const fresh = resolved.filter((item) => !storedBy.has(item.matricula));
    const titles = await grantTitles(
      tx,
      exam,
      fresh.filter((item) => item.resultado === 'aprovado').map((item) => item.matricula),
    );
    if (fresh.length > 0) {
      // Four arrays rather than six parameters a result: a batch of 500 is 3,000 otherwise.
      await sql`
        insert into prova_resultado (prova, associado, resultado, nota, titulo_id, token_id)
        select ${exam.id}::int, r.associado, r.resultado, r.nota, r.titulo_id, ${options.tokenId}::int
          from unnest(${fresh.map((item) => item.matricula)}::bigint[], ${fresh.map((item) => item.resultado)}::text[],
                      ${fresh.map((item) => item.nota)}::numeric[], ${fresh.map((item) => titles.get(item.matricula)?.id ?? null)}::bigint[])
            as r (associado, resultado, nota, titulo_id)`.execute(tx);
    }
    const results = resolved.map((item): RecordedResult => {
      const row = storedBy.get(item.matricula);
      const titulo = row ? heldTitle(row) : (titles.get(item.matricula) ?? null);
      return {
        posicao: item.posicao,
        matricula: item.matricula,
        resultado: item.resultado,
        nota: item.nota,
        estado: row ? 'inalterado' : 'criado',
        titulo,
      };
    });
    await audit(tx, actor, {
      detalhe:
        `prova ${exam.codigo}: ${results.length} resultado(s) enviados, ${fresh.length} registrado(s), ` +
        `${results.length - fresh.length} inalterado(s), ${titles.size} título(s) concedido(s)`,
      matriculas: fresh.map((item) => item.matricula),
    });
    const outcome = { exam, results };
    await options.withinTransaction?.(tx, outcome);
    return outcome;
  });
}

/**
 * A member's stored result of the exam with the título it holds, locked until the transaction ends; undefined when
 * there is none the scope may see (for a branch token, a member of another branch has none).
 */
export async function lockResult(tx: Kysely<Schema>, examId: number, matricula: number, scope: ResultScope) {
  let query = tx
    .selectFrom('prova_resultado as r')
    .innerJoin('associado as a', 'a.matricula', 'r.associado')
    .leftJoin('titulo as t', 't.id', 'r.titulo_id')
    .select(['r.resultado', 'r.nota', 'r.versao', 't.id as titulo_id', 't.numero', 't.tipo', 't.especialidade', 't.ano'])
    .where('r.prova', '=', examId)
    .where('r.associado', '=', matricula)
    .forUpdate('r');
  if (scope.regional !== null) query = query.where('a.regional', '=', scope.regional);
  return query.executeTakeFirst();
}

/** A stored result's ETag: the exam, the member and the result's version, which every correction moves on. */
export function resultEtag(examId: number, matricula: number, versao: number): string {
  return `"${examId}-${matricula}-${versao}"`;
}

/** A correction that named another version of the result than the stored one (412), or none (428). */
export class StaleResult extends Error {
  constructor(readonly current: string | null) {
    super(current === null ? 'If-Match missing' : `the result is now ${current}`);
  }
}

export interface CorrectedResult {
  exam: Exam;
  matricula: number;
  resultado: ExamResult;
  nota: string | null;
  etag: string;
  estado: 'alterado' | 'inalterado';
  titulo: GrantedTitle | null;
}

/**
 * Corrects a member's stored result (API-DESIGN §14, the PUT): `ifMatch` must name its current version (StaleResult
 * otherwise). Moving to `aprovado` grants the exam's título; moving away from it withdraws the one it granted. Audited;
 * the same result again changes nothing. Undefined when the exam or the member's result does not exist (for a branch
 * token, a member of another branch has none).
 */
export async function correctResult(
  db: Kysely<Schema>,
  actor: Actor,
  examId: number,
  matricula: number,
  item: unknown,
  options: RecordOptions & { ifMatch: string | null },
): Promise<CorrectedResult | undefined> {
  // The member is the address's; a body is only its result.
  const sent = typeof item === 'object' && item !== null && !Array.isArray(item) ? { candidato: String(matricula), ...item } : item;
  const { parsed, reasons } = parseItems([sent]);
  return inTransaction(db, async (tx) => {
    const exam = await lockExam(tx, examId);
    if (!exam) return undefined;
    if (!TAKES_RESULTS.includes(exam.status))
      reasons.unshift({ rule: 'exam_not_open', posicao: null, campo: 'prova', status: exam.status });
    const stored = await lockResult(tx, exam.id, matricula, options.scope);
    if (!stored) return undefined;
    const current = resultEtag(exam.id, matricula, stored.versao);
    if (options.ifMatch !== current) throw new StaleResult(options.ifMatch === null ? null : current);
    if (reasons.length > 0) throw new Refused(reasons);
    const { resultado, nota } = parsed[0]!;
    const storedTitle = heldTitle(stored);
    if (stored.resultado === resultado && stored.nota === nota) {
      return { exam, matricula, resultado, nota, etag: current, estado: 'inalterado', titulo: storedTitle };
    }
    const titulo = resultado !== 'aprovado' ? null : (storedTitle ?? (await grantTitles(tx, exam, [matricula])).get(matricula) ?? null);
    const { versao } = await tx
      .updateTable('prova_resultado')
      .set((eb) => ({
        resultado,
        nota,
        titulo_id: titulo?.id ?? null,
        token_id: options.tokenId,
        versao: eb('versao', '+', 1),
        atualizado_em: new Date(),
      }))
      .where('prova', '=', exam.id)
      .where('associado', '=', matricula)
      .returning('versao')
      .executeTakeFirstOrThrow();
    // Withdrawn once the result no longer holds it: its member's record stops showing it.
    if (storedTitle && !titulo) await tx.deleteFrom('titulo').where('id', '=', storedTitle.id).execute();
    const was = `${stored.resultado}${stored.nota === null ? '' : ` (${stored.nota})`}`;
    const now = `${resultado}${nota === null ? '' : ` (${nota})`}`;
    const titleChange =
      storedTitle && !titulo
        ? `; título ${storedTitle.numero} retirado`
        : !storedTitle && titulo
          ? `; título ${titulo.numero} concedido`
          : '';
    await audit(tx, actor, {
      detalhe: `prova ${exam.codigo}: resultado de ${formatMatricula(matricula)} corrigido, ${was} → ${now}${titleChange}`,
      matriculas: [matricula],
    });
    return { exam, matricula, resultado, nota, etag: resultEtag(exam.id, matricula, versao), estado: 'alterado', titulo };
  });
}
