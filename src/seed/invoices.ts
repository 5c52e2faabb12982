import { dateOfDay, dayNumber, saoPauloInstant } from '../domain/dates.js';
import { CATEGORIA_INFO, CATEGORIAS, MEMBER_STATUSES, type FormaPagamento, type InvoiceKind } from '../domain/enums.js';
import { ESPECIALIDADES } from '../domain/especialidades.js';
import { centsToDecimal } from '../domain/money.js';
import { UF_INFO, UFS } from '../domain/uf.js';
import { copyLine, timestampText } from '../db/copy-text.js';
import { STREAM, type SeedContext } from './context.js';
import type { CourseFacts } from './courses.js';
import { Payer, type MemberFacts } from './members.js';
import { Random } from './random.js';

export const FATURA_COLUMNS = [
  'id',
  'numero',
  'kind',
  'descricao',
  'associado',
  'ano_referencia',
  'curso_id',
  'prova_id',
  'valor',
  'vencimento',
  'status',
  'vencida',
  'pago_em',
  'valor_pago',
  'forma_pagamento',
  'transacao_id',
  'nfse_numero',
  'nfse_codigo_verificacao',
  'nfse_emitida_em',
  'nfse_municipio',
  'cancelado_em',
  'reembolsado_em',
  'criado_em',
  'atualizado_em',
] as const;

/** Years of annual fees: the current one and the five before it. */
export const ANUIDADE_YEARS = 6;

/** The first year of the data: of its annual fees, and of its exams. */
export function firstDataYear(ctx: SeedContext): number {
  return ctx.currentYear - ANUIDADE_YEARS + 1;
}
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** An invoice before its id is known: invoices are numbered in the order they were issued. */
interface Draft {
  criadoMs: number;
  kind: InvoiceKind;
  descricao: string;
  associado: number;
  anoReferencia: number | null;
  cursoId: number | null;
  provaId: number | null;
  valorCentavos: number;
  vencimentoDay: number;
  outcome: Outcome;
}

type Outcome =
  | { status: 'open' }
  | { status: 'paid'; pagoMs: number; forma: FormaPagamento; valorPagoCentavos: number }
  | { status: 'refunded'; pagoMs: number; forma: FormaPagamento; valorPagoCentavos: number; reembolsoMs: number }
  | { status: 'cancelled'; canceladoMs: number };

const ACTIVE = MEMBER_STATUSES.indexOf('ativo');
const PENDING = MEMBER_STATUSES.indexOf('pendente');
const LEAVE = MEMBER_STATUSES.indexOf('licenciado');

/** The annual fee of a category in a year: this year's fee, 6% less for each year back, in whole reais. */
function anuidadeCentavos(categoria: number, year: number, currentYear: number): number {
  const fee = CATEGORIA_INFO[CATEGORIAS[categoria]!].anuidadeCentavos;
  return Math.round((fee * Math.pow(1.06, year - currentYear)) / 100) * 100;
}

/** A late payment adds a 2% fine and 1% interest a month, pro rata. */
function withLateCharges(valor: number, dueDay: number, paidMs: number): number {
  const daysLate = Math.max(0, Math.floor(paidMs / DAY_MS) - dueDay);
  return daysLate === 0 ? valor : Math.round(valor * (1.02 + (0.01 * daysLate) / 30));
}

function paymentMethod(r: Random): FormaPagamento {
  return r.weighted([
    ['pix', 55],
    ['boleto', 30],
    ['cartao_credito', 15],
  ]);
}

/**
 * Yields the invoices in COPY text format, year by year and in order of issue, so ids grow with
 * `criado_em`: each January's annual fees first, then registrations, exam fees and new members' first fees.
 */
export function* generateInvoices(
  ctx: SeedContext,
  members: MemberFacts,
  courses: readonly CourseFacts[],
  examId: (year: number, specialty: number) => number,
): Generator<string> {
  let id = 0;
  const nfseNext = new Map<string, number>();
  const firstYear = firstDataYear(ctx);
  const registrations = courseRegistrations(ctx, members, courses);

  for (let year = firstYear; year <= ctx.currentYear; year++) {
    const yearStart = dayNumber(`${year}-01-01`);
    const later: Draft[] = registrations.get(year) ?? [];
    later.push(...examFees(ctx, members, year, examId));
    // Admission dates grow with the matricula: this year's new members are the last ones.
    let firstNew = members.count + 1;
    while (firstNew > 1 && members.admissao[firstNew - 1]! >= yearStart) firstNew--;
    for (let m = firstNew; m <= members.count; m++) {
      const draft = anuidadeDraft(ctx, members, m, year, yearStart);
      if (draft) later.push(draft);
    }
    later.sort((a, b) => a.criadoMs - b.criadoMs);

    let next = 0;
    for (let m = 1; m < firstNew; m++) {
      const draft = anuidadeDraft(ctx, members, m, year, yearStart);
      if (!draft) continue;
      while (next < later.length && later[next]!.criadoMs < draft.criadoMs) yield invoiceLine(++id, later[next++]!, ctx, members, nfseNext);
      yield invoiceLine(++id, draft, ctx, members, nfseNext);
    }
    while (next < later.length) yield invoiceLine(++id, later[next++]!, ctx, members, nfseNext);
  }
}

const anuidadeDescriptions = new Map<string, string>();

/** The annual fee of member m for a year, or null when the member owes none. */
function anuidadeDraft(ctx: SeedContext, members: MemberFacts, m: number, year: number, yearStart: number): Draft | null {
  const categoria = members.categoria[m]!;
  const info = CATEGORIA_INFO[CATEGORIAS[categoria]!];
  if (info.isentaAnuidade) return null;
  const admissao = members.admissao[m]!;
  const fim = members.fim[m]!;
  const status = members.status[m]!;
  if (admissao >= yearStart + 365 || admissao > ctx.todayDay) return null;
  // Members who left before the year began, or are on leave, are not billed.
  if (fim && fim < yearStart && status !== ACTIVE && status !== PENDING) return null;
  const joinedThisYear = admissao >= yearStart;
  const criadoMs = joinedThisYear ? saoPauloInstant(admissao, 11 * 60).getTime() + m : saoPauloInstant(yearStart + 4, 8 * 60).getTime() + m;
  if (criadoMs > ctx.nowMs) return null;
  const due = dayNumber(`${year}-03-31`);
  const vencimentoDay = joinedThisYear ? Math.max(due, admissao + 30) : due;
  const key = `${year}:${categoria}`;
  let descricao = anuidadeDescriptions.get(key);
  if (descricao === undefined) anuidadeDescriptions.set(key, (descricao = `Anuidade ${year}, categoria ${info.nome}`));
  const r = Random.for(ctx.seed, STREAM.invoice, m, year);
  return {
    criadoMs,
    kind: 'anuidade',
    descricao,
    associado: m,
    anoReferencia: year,
    cursoId: null,
    provaId: null,
    valorCentavos: anuidadeCentavos(categoria, year, ctx.currentYear),
    vencimentoDay,
    outcome: anuidadeOutcome(ctx, r, members, m, year, criadoMs, vencimentoDay),
  };
}

function anuidadeOutcome(
  ctx: SeedContext,
  r: Random,
  members: MemberFacts,
  m: number,
  year: number,
  criadoMs: number,
  dueDay: number,
): Outcome {
  const status = members.status[m]!;
  const fim = members.fim[m]!;
  const payer = status === PENDING && year === ctx.currentYear ? Payer.Defaulter : (members.payer[m]! as Payer);
  const dueMs = saoPauloInstant(dueDay, 23 * 60 + 59).getTime();
  let pagoMs: number | null;
  if (payer === Payer.Punctual) pagoMs = criadoMs + r.next() * Math.max(DAY_MS, dueMs - criadoMs);
  else if (payer === Payer.Late) pagoMs = dueMs + r.int(5, 120) * DAY_MS + r.int(0, 600) * MINUTE_MS;
  else pagoMs = year >= ctx.currentYear - 1 ? null : dueMs + r.int(60, 300) * DAY_MS;

  // Who leaves (cancellation, death, leave) stops paying; what was still unpaid is cancelled.
  const leftMs = fim && status !== ACTIVE && status !== PENDING && status !== LEAVE ? saoPauloInstant(fim, 12 * 60).getTime() : 0;
  if (leftMs && (pagoMs === null || pagoMs > leftMs)) {
    return { status: 'cancelled', canceladoMs: Math.min(ctx.nowMs, Math.max(leftMs, criadoMs + DAY_MS)) };
  }
  if (pagoMs === null || pagoMs > ctx.nowMs) return { status: 'open' };
  const forma = paymentMethod(r);
  return {
    status: 'paid',
    pagoMs,
    forma,
    valorPagoCentavos: withLateCharges(anuidadeCentavos(members.categoria[m]!, year, ctx.currentYear), dueDay, pagoMs),
  };
}

/** Registrations billed to members, grouped by the year they were made. */
function courseRegistrations(ctx: SeedContext, members: MemberFacts, courses: readonly CourseFacts[]): Map<number, Draft[]> {
  const byYear = new Map<number, Draft[]>();
  for (const course of courses) {
    // Nobody has registered for a course whose enrolment has not opened yet.
    if (course.status === 'rascunho' || course.memberRegistrations === 0 || course.inscricaoInicioMs > ctx.nowMs) continue;
    const r = Random.for(ctx.seed, STREAM.registration, course.id);
    const windowEnd = Math.min(course.inscricaoFimMs, ctx.nowMs);
    const taken = new Set<number>();
    for (let i = 0; i < course.memberRegistrations; i++) {
      const criadoMs = Math.min(windowEnd, course.inscricaoInicioMs + r.next() * Math.max(MINUTE_MS, windowEnd - course.inscricaoInicioMs));
      const criadoDay = Math.floor((criadoMs - 3 * 3600_000) / DAY_MS);
      let m = 0;
      for (let attempt = 0; attempt < 8 && !m; attempt++) {
        const candidate = r.int(1, members.count);
        const fim = members.fim[candidate]!;
        if (!taken.has(candidate) && members.admissao[candidate]! < criadoDay && (!fim || fim > criadoDay)) m = candidate;
      }
      const categoria = CATEGORIAS[members.categoria[m]!]!;
      const valor = course.precoCentavos[categoria] ?? 0;
      if (!m || valor === 0) continue;
      taken.add(m);
      const vencimentoDay = criadoDay + 3;
      const dueMs = saoPauloInstant(vencimentoDay, 23 * 60 + 59).getTime();
      let outcome: Outcome;
      if (r.chance(0.88)) {
        const pagoMs = Math.min(ctx.nowMs, criadoMs + r.next() * 2 * DAY_MS);
        const forma = paymentMethod(r);
        outcome =
          course.status === 'cancelado' && course.cancelledMs > pagoMs
            ? {
                status: 'refunded',
                pagoMs,
                forma,
                valorPagoCentavos: valor,
                reembolsoMs: Math.min(ctx.nowMs, course.cancelledMs + r.int(1, 5) * DAY_MS),
              }
            : { status: 'paid', pagoMs, forma, valorPagoCentavos: valor };
      } else if (course.status === 'cancelado' || (dueMs < ctx.nowMs && r.chance(0.7))) {
        // An unpaid registration lapses after its due date, or with the course.
        outcome = {
          status: 'cancelled',
          canceladoMs: Math.min(ctx.nowMs, course.status === 'cancelado' ? Math.max(course.cancelledMs, criadoMs) : dueMs + DAY_MS),
        };
      } else {
        outcome = { status: 'open' };
      }
      const year = Number(dateOfDay(criadoDay).slice(0, 4));
      const drafts = byYear.get(year) ?? [];
      drafts.push({
        criadoMs,
        kind: 'inscricao',
        descricao: `Inscrição: ${course.titulo}`,
        associado: m,
        anoReferencia: null,
        cursoId: course.id,
        provaId: null,
        valorCentavos: valor,
        vencimentoDay,
        outcome,
      });
      byYear.set(year, drafts);
    }
  }
  return byYear;
}

const EXAM_FEE_CENTAVOS = 150000;
const EXAM_CANDIDATES = new Set([CATEGORIAS.indexOf('aspirante'), CATEGORIAS.indexOf('efetivo')]);

/** Fees for the título de especialista exam, taken by some residents and efetivos each year; each names its exam. */
function examFees(ctx: SeedContext, members: MemberFacts, year: number, examId: (year: number, specialty: number) => number): Draft[] {
  const drafts: Draft[] = [];
  const r = Random.for(ctx.seed, STREAM.exam, year);
  const yearStart = dayNumber(`${year}-01-01`);
  const examCount = Math.max(3, Math.round(members.count * 0.01));
  for (let i = 0; i < examCount; i++) {
    const m = r.int(1, members.count);
    const criadoDay = yearStart + r.int(60, 240);
    if (!EXAM_CANDIDATES.has(members.categoria[m]!) || members.admissao[m]! >= criadoDay || members.fim[m]) continue;
    const criadoMs = saoPauloInstant(criadoDay, r.int(8 * 60, 20 * 60)).getTime();
    if (criadoMs > ctx.nowMs) continue;
    const vencimentoDay = criadoDay + 10;
    const dueMs = saoPauloInstant(vencimentoDay, 23 * 60 + 59).getTime();
    let outcome: Outcome;
    const roll = r.next();
    if (roll < 0.85) {
      const pagoMs = Math.min(ctx.nowMs, criadoMs + r.next() * 9 * DAY_MS);
      outcome = r.chance(0.03)
        ? {
            status: 'refunded',
            pagoMs,
            forma: paymentMethod(r),
            valorPagoCentavos: EXAM_FEE_CENTAVOS,
            reembolsoMs: Math.min(ctx.nowMs, pagoMs + 20 * DAY_MS),
          }
        : { status: 'paid', pagoMs, forma: paymentMethod(r), valorPagoCentavos: EXAM_FEE_CENTAVOS };
    } else if (roll < 0.93 && dueMs < ctx.nowMs) {
      outcome = { status: 'cancelled', canceladoMs: Math.min(ctx.nowMs, dueMs + 5 * DAY_MS) };
    } else {
      outcome = { status: 'open' };
    }
    const especialidade = r.pick(ESPECIALIDADES);
    drafts.push({
      criadoMs,
      kind: 'taxa_prova',
      descricao: `Taxa da prova de Título de Especialista em ${especialidade.nome} ${year}`,
      associado: m,
      anoReferencia: null,
      cursoId: null,
      provaId: examId(year, ESPECIALIDADES.indexOf(especialidade)),
      valorCentavos: EXAM_FEE_CENTAVOS,
      vencimentoDay,
      outcome,
    });
  }
  return drafts;
}

function transactionId(r: Random, forma: FormaPagamento, pagoMs: number): string {
  const text = timestampText(pagoMs);
  const stamp = text.slice(0, 4) + text.slice(5, 7) + text.slice(8, 10) + text.slice(11, 13) + text.slice(14, 16);
  switch (forma) {
    // PIX end-to-end id: E + payer's ISPB (8) + yyyyMMddHHmm + 11 characters.
    case 'pix':
      return `E${r.digits(8)}${stamp}${r.alphanumeric(11, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
    // Boleto: the bank's "nosso número".
    case 'boleto':
      return r.digits(17);
    // Card: acquirer NSU and authorisation code.
    case 'cartao_credito':
      return `${r.digits(12)}-${r.alphanumeric(6)}`;
  }
}

function invoiceLine(id: number, d: Draft, ctx: SeedContext, members: MemberFacts, nfseNext: Map<string, number>): string {
  const r = Random.for(ctx.seed, STREAM.invoice, 0, id);
  const o = d.outcome;
  const criado = timestampText(d.criadoMs);
  let payment: (string | null)[] = [null, null, null, null];
  let nfse: (string | null)[] = [null, null, null, null];
  let atualizadoMs = d.criadoMs;
  if (o.status === 'paid' || o.status === 'refunded') {
    // A payment takes a minute at least after the invoice, unless that would put it after the reference instant.
    const pagoMs = Math.min(ctx.nowMs, Math.max(o.pagoMs, d.criadoMs + MINUTE_MS));
    payment = [timestampText(pagoMs), centsToDecimal(o.valorPagoCentavos), o.forma, transactionId(r, o.forma, pagoMs)];
    // Every payment is followed by a simulated NFS-e from the member's branch's city, numbered per city.
    const uf = UFS[members.uf[d.associado]!]!;
    const municipio = `${UF_INFO[uf].capital}/${uf}`;
    const numero = (nfseNext.get(municipio) ?? 0) + 1;
    nfseNext.set(municipio, numero);
    const emitidaMs = Math.min(ctx.nowMs, pagoMs + r.int(1, 90) * MINUTE_MS);
    nfse = [String(numero), r.alphanumeric(9), timestampText(Math.max(emitidaMs, pagoMs)), municipio];
    atualizadoMs = Math.max(pagoMs, emitidaMs);
  }
  const canceladoMs = o.status === 'cancelled' ? Math.max(o.canceladoMs, d.criadoMs) : null;
  const reembolsoMs = o.status === 'refunded' ? Math.max(o.reembolsoMs, atualizadoMs) : null;
  atualizadoMs = Math.max(atualizadoMs, canceladoMs ?? 0, reembolsoMs ?? 0);
  return copyLine([
    id,
    `${criado.slice(0, 4)}/${String(id).padStart(8, '0')}`,
    d.kind,
    d.descricao,
    d.associado,
    d.anoReferencia,
    d.cursoId,
    d.provaId,
    centsToDecimal(d.valorCentavos),
    dateOfDay(d.vencimentoDay),
    o.status,
    o.status === 'open' && d.vencimentoDay < ctx.writtenDay ? 't' : 'f',
    ...payment,
    ...nfse,
    canceladoMs === null ? null : timestampText(canceladoMs),
    reembolsoMs === null ? null : timestampText(reembolsoMs),
    criado,
    timestampText(atualizadoMs),
  ]);
}
