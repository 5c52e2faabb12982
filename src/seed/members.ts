import { cpfCheckDigits } from '../domain/cpf.js';
import { dateOfDay, dayNumber, saoPauloInstant, yearOfDay } from '../domain/dates.js';
import { CATEGORIA_INFO, CATEGORIAS, MEMBER_STATUSES, type Categoria, type CrmSituacao, type MemberStatus } from '../domain/enums.js';
import { AREAS_ATUACAO, ESPECIALIDADES, type Especialidade } from '../domain/especialidades.js';
import { UF_INFO, UFS, type Uf } from '../domain/uf.js';
// Nomes e sobrenomes frequentes no Brasil, para médicos fictícios com aparência realista.
import nomes from './data/nomes.json' with { type: 'json' };
import { ChunkBuffer, copyLine, timestampText } from '../db/copy-text.js';
import { STREAM, type SeedContext } from './context.js';
import { Random } from './random.js';

export const ASSOCIADO_COLUMNS = [
  'matricula',
  'nome',
  'cpf',
  'email',
  'categoria',
  'status',
  'regional',
  'data_admissao',
  'criado_em',
  'atualizado_em',
] as const;
export const CRM_COLUMNS = ['associado', 'uf', 'numero', 'tipo', 'situacao'] as const;
export const ASSOCIADO_ESPECIALIDADE_COLUMNS = ['associado', 'especialidade', 'rqe', 'uf'] as const;
export const TITULO_COLUMNS = ['associado', 'tipo', 'especialidade', 'numero', 'ano'] as const;

/** Payment behaviour of a member, used when billing the annual fee. */
export const enum Payer {
  Punctual = 0,
  Late = 1,
  Defaulter = 2,
}

/** A member whose traits the seed fixes instead of drawing them: a case the documentation promises. */
export interface MemberFixture {
  matricula: number;
  status: MemberStatus;
  categoria: Categoria;
  regional: Uf;
  payer: Payer;
}

/** Compact per-member facts the invoice generator reads (index = matricula). */
export interface MemberFacts {
  count: number;
  categoria: Uint8Array;
  status: Uint8Array;
  uf: Uint8Array;
  admissao: Int32Array;
  /** Day of cancellation, death or start of leave; 0 when none. */
  fim: Int32Array;
  payer: Uint8Array;
}

export interface MemberTables {
  /** Rows of `associado`, generated as they are read; the other tables and the facts are complete once it is exhausted. */
  associado: Iterable<string>;
  crm: ChunkBuffer;
  associadoEspecialidade: ChunkBuffer;
  titulo: ChunkBuffer;
}

const FIRST_ADMISSION = dayNumber('1985-01-02');
const UF_WEIGHTS = UFS.map((uf) => [uf, UF_INFO[uf].medicosPorMil] as const);
/** The most common specialties among Brazilian physicians weigh more. */
const COMMON = new Set([
  'clinica-medica',
  'pediatria',
  'ginecologia-e-obstetricia',
  'cirurgia-geral',
  'anestesiologia',
  'ortopedia-e-traumatologia',
  'medicina-do-trabalho',
  'cardiologia',
  'oftalmologia',
  'radiologia-e-diagnostico-por-imagem',
  'psiquiatria',
]);
const SPECIALTY_WEIGHTS = ESPECIALIDADES.map((e) => [e, COMMON.has(e.codigo) ? 6 : 1] as const);

/** How categories are spread among members by years since admission: the first row whose bound is above them. */
// prettier-ignore
const CATEGORY_WEIGHTS: readonly (readonly [number, readonly (readonly [Categoria, number])[]])[] = [
  [2, [['aspirante', 55], ['academico', 25], ['efetivo', 15], ['correspondente', 5]]],
  [5, [['aspirante', 25], ['efetivo', 40], ['titular', 25], ['correspondente', 7], ['academico', 3]]],
  [30, [['titular', 50], ['efetivo', 35], ['correspondente', 10], ['honorario', 1]]],
  [Infinity, [['remido', 45], ['titular', 35], ['efetivo', 10], ['honorario', 7], ['correspondente', 3]]],
];

function categoryWeights(yearsSinceAdmission: number): readonly (readonly [Categoria, number])[] {
  return CATEGORY_WEIGHTS.find(([below]) => yearsSinceAdmission < below)![1];
}

function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * A CPF unique per matricula: its first eight digits are a bijection of the matricula (valid below 10^8),
 * the ninth is the fiscal region of the member's state, the last two are the check digits.
 */
export function memberCpf(matricula: number, seed: number, uf: Uf): string {
  const region = String(UF_INFO[uf].regiaoFiscalCpf);
  const offset = (seed >>> 0) % 100_000_000;
  const scramble = (m: number) => String((m * 48271 + offset) % 100_000_000).padStart(8, '0');
  let base = scramble(matricula) + region;
  // Nine equal digits are never a valid CPF; the mirrored matricula cannot belong to another member.
  if (/^(\d)\1{8}$/.test(base)) base = scramble(99_999_999 - matricula) + region;
  return base + cpfCheckDigits(base);
}

export function generateMembers(ctx: SeedContext): { facts: MemberFacts; tables: MemberTables } {
  const facts: MemberFacts = {
    count: ctx.members,
    categoria: new Uint8Array(ctx.members + 1),
    status: new Uint8Array(ctx.members + 1),
    uf: new Uint8Array(ctx.members + 1),
    admissao: new Int32Array(ctx.members + 1),
    fim: new Int32Array(ctx.members + 1),
    payer: new Uint8Array(ctx.members + 1),
  };
  const crm = new ChunkBuffer();
  const associadoEspecialidade = new ChunkBuffer();
  const titulo = new ChunkBuffer();
  return { facts, tables: { associado: memberRows(ctx, facts, crm, associadoEspecialidade, titulo), crm, associadoEspecialidade, titulo } };
}

function* memberRows(
  ctx: SeedContext,
  facts: MemberFacts,
  crm: ChunkBuffer,
  associadoEspecialidade: ChunkBuffer,
  titulo: ChunkBuffer,
): Generator<string> {
  const n = ctx.members;
  // CRM numbers grow with time in each state; the step keeps small datasets' numbers realistic too.
  const crmNext = new Map<Uf, number>(UFS.map((uf, i) => [uf, 1000 + ((ctx.seed + i * 7919) % 5000)]));
  const crmStep = new Map<Uf, number>(
    UFS.map((uf) => [uf, Math.max(2, Math.floor(200_000 / Math.max(1, (n * UF_INFO[uf].medicosPorMil) / 1000)))]),
  );
  const nextCrm = (r: Random, uf: Uf) => {
    const numero = crmNext.get(uf)!;
    crmNext.set(uf, numero + r.int(1, crmStep.get(uf)!));
    return numero;
  };
  let tituloSeq = 0;
  const span = ctx.todayDay - FIRST_ADMISSION;

  for (let m = 1; m <= n; m++) {
    const r = Random.for(ctx.seed, STREAM.member, m);
    // Matriculas are sequential, so admission dates grow with them; membership has grown over time.
    const admissao = Math.min(ctx.todayDay, FIRST_ADMISSION + Math.floor(span * Math.pow((m - 1 + r.next()) / n, 2 / 3)));
    const years = (ctx.todayDay - admissao) / 365.25;
    // A fixture's traits replace the drawn ones only after the draws, so the rest of its stream is unchanged.
    const fixture = ctx.fixtures.get(m);
    const regional = pinned(r.weighted(UF_WEIGHTS), fixture?.regional);
    const categoria = pinned(r.weighted(categoryWeights(years)), fixture?.categoria);
    const info = CATEGORIA_INFO[categoria];

    let status: MemberStatus;
    if (ctx.todayDay - admissao < 75 && r.chance(0.6)) status = 'pendente';
    else
      status = r.weighted([
        ['ativo', 82],
        ['suspenso', 4],
        ['licenciado', 3],
        ['cancelado', 7],
        ['falecido', years > 25 ? 6 : 1],
      ]);
    if (status === 'pendente' && admissao > ctx.todayDay) status = 'ativo';
    status = pinned(status, fixture?.status);
    let fim = 0;
    if (status === 'cancelado' || status === 'falecido') fim = r.int(Math.min(admissao + 200, ctx.todayDay - 1), ctx.todayDay - 1);
    else if (status === 'licenciado') fim = ctx.todayDay - r.int(30, 500);
    if (fim && fim <= admissao) fim = Math.min(ctx.todayDay - 1, admissao + 1);
    const payer = pinned(
      status === 'suspenso'
        ? Payer.Defaulter
        : r.weighted([
            [Payer.Punctual, 88],
            [Payer.Late, 9],
            [Payer.Defaulter, 3],
          ]),
      fixture?.payer,
    );

    const feminino = r.chance(0.5);
    const given = feminino ? nomes.nomes_femininos : nomes.nomes_masculinos;
    const nome =
      `${r.pick(given)}${r.chance(0.2) ? ` ${r.pick(given)}` : ''}` +
      `${r.chance(0.6) ? ` ${r.pick(nomes.sobrenomes)}` : ''} ${r.pick(nomes.sobrenomes)}`;
    const parts = stripAccents(nome).toLowerCase().split(' ');
    const email = `${parts[0]}.${parts[parts.length - 1]}${m}@associados.example`;
    const cpf = memberCpf(m, ctx.seed, regional);
    // Recorded in office hours on the admission day, but never after the reference instant (an admission today).
    const criado = new Date(Math.min(ctx.nowMs, saoPauloInstant(admissao, r.int(8 * 60, 18 * 60)).getTime()));
    const lastChange = Math.max(admissao, fim, ctx.todayDay - r.int(0, 900));
    const atualizado = new Date(
      Math.min(ctx.nowMs, Math.max(criado.getTime(), saoPauloInstant(Math.min(lastChange, ctx.todayDay), r.int(0, 1439)).getTime())),
    );

    facts.categoria[m] = CATEGORIAS.indexOf(categoria);
    facts.status[m] = MEMBER_STATUSES.indexOf(status);
    facts.uf[m] = UFS.indexOf(regional);
    facts.admissao[m] = admissao;
    facts.fim[m] = fim;
    facts.payer[m] = payer;
    yield copyLine([
      m,
      nome,
      cpf,
      email,
      categoria,
      status,
      regional,
      dateOfDay(admissao),
      timestampText(criado.getTime()),
      timestampText(atualizado.getTime()),
    ]);

    if (!info.medico) continue;

    // Correspondents live outside the branch's state, so their principal inscription is elsewhere.
    const crmUf: Uf = categoria === 'correspondente' ? r.pick(UFS.filter((uf) => uf !== regional)) : regional;
    crm.push(copyLine([m, crmUf, nextCrm(r, crmUf), 'principal', principalSituacao(r, status)]));
    if (r.chance(0.08)) {
      const other = r.pick(UFS.filter((uf) => uf !== crmUf));
      const situacao: CrmSituacao = r.weighted([
        ['regular', 60],
        ['inoperante', 30],
        ['transferido', 10],
      ]);
      crm.push(copyLine([m, other, nextCrm(r, other), 'secundaria', status === 'falecido' ? 'falecido' : situacao]));
    }

    const specialties = specialtiesFor(r, categoria);
    const graduation = Math.max(1975, yearOfDay(admissao) - r.int(0, 3));
    for (const esp of specialties) {
      associadoEspecialidade.push(copyLine([m, esp.codigo, String(r.int(1000, 99999)), crmUf]));
    }
    if (specialties.length === 0) continue;
    const withTitle = info.exigeTitulo ? specialties.length : categoria === 'correspondente' && r.chance(0.4) ? 1 : 0;
    for (let i = 0; i < withTitle; i++) {
      if (i > 0 && r.chance(0.5)) break;
      const ano = r.int(graduation, ctx.currentYear);
      titulo.push(copyLine([m, 'especialista', specialties[i]!.codigo, `TE ${String(++tituloSeq).padStart(7, '0')}/${ano}`, ano]));
    }
    if (withTitle > 0 && r.chance(0.25)) {
      const owned = new Set(specialties.map((e) => e.codigo));
      const areas = AREAS_ATUACAO.filter((area) => area.requisitos.some((req) => owned.has(req)));
      if (areas.length) {
        const ano = r.int(graduation, ctx.currentYear);
        titulo.push(copyLine([m, 'area_atuacao', r.pick(areas).codigo, `AA ${String(++tituloSeq).padStart(7, '0')}/${ano}`, ano]));
      }
    }
  }
  crm.flush();
  associadoEspecialidade.flush();
  titulo.flush();
}

function pinned<T>(drawn: T, fixed: T | undefined): T {
  return fixed ?? drawn;
}

function principalSituacao(r: Random, status: MemberStatus): CrmSituacao {
  switch (status) {
    case 'falecido':
      return 'falecido';
    case 'cancelado':
      return r.weighted([
        ['regular', 50],
        ['aposentado', 20],
        ['cancelado', 15],
        ['transferido', 10],
        ['cassado', 5],
      ]);
    case 'suspenso':
      return r.weighted([
        ['regular', 65],
        ['suspenso', 25],
        ['interditado', 10],
      ]);
    case 'licenciado':
      return r.weighted([
        ['regular', 80],
        ['inoperante', 20],
      ]);
    default:
      return 'regular';
  }
}

function specialtiesFor(r: Random, categoria: Categoria): Especialidade[] {
  let count = 0;
  if (CATEGORIA_INFO[categoria].exigeTitulo) count = r.chance(0.8) ? 1 : 2;
  else if (categoria === 'efetivo') count = r.chance(0.6) ? 1 : 0;
  else if (categoria === 'correspondente') count = r.chance(0.5) ? 1 : 0;
  const chosen: Especialidade[] = [];
  while (chosen.length < count) {
    const esp = r.weighted(SPECIALTY_WEIGHTS);
    if (!chosen.includes(esp)) chosen.push(esp);
  }
  return chosen;
}
