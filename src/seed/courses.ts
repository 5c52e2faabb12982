import { CATEGORIAS, type CourseType, type Modalidade } from '../domain/enums.js';
import { ESPECIALIDADES } from '../domain/especialidades.js';
import { dateOfDay, saoPauloInstant } from '../domain/dates.js';
import { centsToDecimal } from '../domain/money.js';
import { UF_INFO, UFS, type Uf } from '../domain/uf.js';
import { CIDADES, LOCAIS_EVENTO, LOGRADOUROS } from './data/cidades.js';
import { ChunkBuffer, copyLine, timestampText } from '../db/copy-text.js';
import { STREAM, type SeedContext } from './context.js';
import { Random } from './random.js';

export const COURSE_COUNT = 160;

/** What the invoice generator needs to know of a course. */
export interface CourseFacts {
  id: number;
  titulo: string;
  status: 'rascunho' | 'publicado' | 'encerrado' | 'cancelado';
  inscricaoInicioMs: number;
  inscricaoFimMs: number;
  /** Registrations to bill to members (the rest of `inscritos` are non-members). */
  memberRegistrations: number;
  precoCentavos: Readonly<Record<string, number>>;
  cancelledMs: number;
}

export const CURSO_COLUMNS = [
  'id',
  'slug',
  'titulo',
  'tipo',
  'modalidade',
  'resumo',
  'cidade',
  'uf',
  'endereco',
  'data_inicio',
  'data_fim',
  'carga_horaria',
  'pontos_cna',
  'inscricao_inicio',
  'inscricao_fim',
  'vagas',
  'inscritos',
  'url_inscricao',
  'status',
  'regional',
  'criado_em',
  'atualizado_em',
] as const;
export const CURSO_PRECO_COLUMNS = ['curso', 'categoria', 'valor'] as const;

const TYPE_WEIGHTS: readonly (readonly [CourseType, number])[] = [
  ['curso', 30],
  ['congresso', 10],
  ['jornada', 15],
  ['simposio', 12],
  ['webinar', 20],
  ['workshop', 13],
];

const TITLE: Record<CourseType, (tema: string, lugar: string, ano: number) => string> = {
  curso: (tema) => `Curso de Atualização em ${tema}`,
  congresso: (tema, _lugar, ano) => `Congresso Brasileiro de ${tema} ${ano}`,
  jornada: (tema, lugar) => `Jornada ${lugar} de ${tema}`,
  simposio: (tema) => `Simpósio de ${tema}`,
  webinar: (tema) => `Webinar: novidades em ${tema}`,
  workshop: (tema) => `Workshop prático de ${tema}`,
};

/** Base price for members in cents, by type. */
const BASE_PRICE: Record<CourseType, number> = {
  curso: 60000,
  congresso: 150000,
  jornada: 45000,
  simposio: 35000,
  webinar: 8000,
  workshop: 90000,
};

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function generateCourses(ctx: SeedContext): { courses: CourseFacts[]; curso: ChunkBuffer; cursoPreco: ChunkBuffer } {
  const curso = new ChunkBuffer();
  const cursoPreco = new ChunkBuffer();
  const courses: CourseFacts[] = [];
  const memberShare = Math.max(1, Math.round(ctx.members * 0.01));

  for (let id = 1; id <= COURSE_COUNT; id++) {
    const r = Random.for(ctx.seed, STREAM.course, id);
    const tipo = r.weighted(TYPE_WEIGHTS);
    const modalidade: Modalidade =
      tipo === 'webinar'
        ? 'online'
        : r.weighted([
            ['presencial', 70],
            ['hibrido', 20],
            ['online', 10],
          ]);
    const tema = r.pick(ESPECIALIDADES).nome;
    const regional: Uf | null =
      tipo === 'congresso' || r.chance(0.4) ? null : r.weighted(UFS.map((uf) => [uf, UF_INFO[uf].medicosPorMil] as const));
    const uf: Uf = regional ?? r.weighted(UFS.map((u) => [u, UF_INFO[u].medicosPorMil] as const));
    const cidade = r.chance(0.7) ? UF_INFO[uf].capital : r.pick(CIDADES[uf]);

    // Spread over three years before and one after today, so past, running and future courses all exist.
    const start = ctx.todayDay - 1100 + Math.floor(((id - 1) * 1465) / COURSE_COUNT) + r.int(0, 6);
    const days = tipo === 'congresso' ? r.int(3, 4) : tipo === 'curso' ? r.int(1, 3) : tipo === 'webinar' ? 1 : r.int(1, 2);
    const end = start + days - 1;
    const enrolmentStart = saoPauloInstant(start - r.int(45, 150), 9 * 60);
    const enrolmentEnd = saoPauloInstant(tipo === 'webinar' ? start : start - r.int(1, 7), 23 * 60 + 59);
    const vagas = tipo === 'webinar' ? null : tipo === 'congresso' ? r.int(8, 30) * 100 : r.int(3, 25) * 10;

    const past = end < ctx.todayDay;
    const enrolmentOpened = enrolmentStart.getTime() <= ctx.nowMs;
    let status: CourseFacts['status'];
    if (r.chance(0.06)) status = 'cancelado';
    else if (past) status = 'encerrado';
    else if (!enrolmentOpened && r.chance(0.35)) status = 'rascunho';
    else status = 'publicado';

    // Enrolment progress: full for past courses, partial while open, and some courses sell out.
    const elapsed = !enrolmentOpened
      ? 0
      : Math.min(1, (ctx.nowMs - enrolmentStart.getTime()) / (enrolmentEnd.getTime() - enrolmentStart.getTime()));
    const fill = status === 'rascunho' ? 0 : r.chance(0.15) ? 1 : Math.min(1, (elapsed * r.int(50, 100)) / 100);
    const capacity = vagas ?? r.int(2, 40) * 100;
    const inscritos = Math.round(capacity * fill);
    const memberRegistrations = Math.min(Math.round(inscritos * 0.6), memberShare);

    const ano = Number(dateOfDay(start).slice(0, 4));
    const lugar = regional ? UF_INFO[regional].nome : 'Nacional';
    const titulo = TITLE[tipo](tema, lugar, ano);
    const slug = `${slugify(titulo)}-${id}`;
    const local = modalidade === 'online' ? null : r.pick(LOCAIS_EVENTO).replace('{cidade}', cidade);
    const endereco = local === null ? null : `${local}, ${r.pick(LOGRADOUROS)}, ${r.int(10, 3999)}`;
    const cargaHoraria = tipo === 'webinar' ? 2 : days * r.int(6, 9);
    // Announced 10 to 60 days before its enrolment opens, or before now when its enrolment is still ahead.
    const created = new Date(Math.min(enrolmentStart.getTime(), ctx.nowMs) - r.int(10, 60) * 86_400_000);
    const cancelledMs = status === 'cancelado' ? Math.min(ctx.nowMs, saoPauloInstant(start - r.int(3, 20), 14 * 60).getTime()) : 0;
    const updated = new Date(
      Math.min(ctx.nowMs, Math.max(created.getTime(), cancelledMs, past ? saoPauloInstant(end + 1, 10 * 60).getTime() : 0)),
    );
    const resumo =
      `${TITLE[tipo](tema, lugar, ano)}, ${modalidade === 'online' ? 'transmitido ao vivo' : `em ${cidade}/${uf}`}: ` +
      `${cargaHoraria} horas de programação científica com especialistas convidados, discussão de casos e atualização de diretrizes.`;

    curso.push(
      copyLine([
        id,
        slug,
        titulo,
        tipo,
        modalidade,
        resumo,
        local ? cidade : null,
        local ? uf : null,
        endereco,
        dateOfDay(start),
        dateOfDay(end),
        cargaHoraria,
        tipo === 'webinar' ? 1 : Math.min(20, Math.ceil(cargaHoraria / 2)),
        timestampText(enrolmentStart.getTime()),
        timestampText(enrolmentEnd.getTime()),
        vagas,
        inscritos,
        `https://eventos.associa.example/inscricoes/${slug}`,
        status,
        regional,
        timestampText(created.getTime()),
        timestampText(updated.getTime()),
      ]),
    );

    const base = Math.round(BASE_PRICE[tipo] * (0.8 + r.next() * 0.5));
    const precoCentavos: Record<string, number> = {};
    for (const categoria of [...CATEGORIAS, 'nao_associado'] as const) {
      const factor =
        categoria === 'nao_associado'
          ? 1.8
          : categoria === 'aspirante' || categoria === 'academico'
            ? 0.5
            : categoria === 'remido' || categoria === 'honorario'
              ? 0
              : 1;
      precoCentavos[categoria] = Math.round((base * factor) / 1000) * 1000;
      cursoPreco.push(copyLine([id, categoria, centsToDecimal(precoCentavos[categoria])]));
    }
    courses.push({
      id,
      titulo,
      status,
      inscricaoInicioMs: enrolmentStart.getTime(),
      inscricaoFimMs: enrolmentEnd.getTime(),
      memberRegistrations,
      precoCentavos,
      cancelledMs,
    });
  }
  curso.flush();
  cursoPreco.flush();
  return { courses, curso, cursoPreco };
}
