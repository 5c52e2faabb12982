/** The enumerated values of the contract (API-DESIGN §2, §6). Lower-case ASCII, no accents. */

export const MEMBER_STATUSES = ['ativo', 'pendente', 'suspenso', 'licenciado', 'cancelado', 'falecido'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const CATEGORIAS = ['titular', 'efetivo', 'aspirante', 'academico', 'remido', 'honorario', 'correspondente'] as const;
export type Categoria = (typeof CATEGORIAS)[number];

/** Stored invoice statuses; `overdue` is derived at query time (open and past its due date). */
export const STORED_INVOICE_STATUSES = ['open', 'paid', 'cancelled', 'refunded'] as const;
export type StoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];
export const INVOICE_STATUSES = ['open', 'paid', 'overdue', 'cancelled', 'refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_KINDS = ['anuidade', 'inscricao', 'taxa_prova'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const FORMAS_PAGAMENTO = ['pix', 'boleto', 'cartao_credito'] as const;
export type FormaPagamento = (typeof FORMAS_PAGAMENTO)[number];

export const COURSE_TYPES = ['curso', 'congresso', 'jornada', 'simposio', 'webinar', 'workshop'] as const;
export type CourseType = (typeof COURSE_TYPES)[number];

export const MODALIDADES = ['presencial', 'online', 'hibrido'] as const;
export type Modalidade = (typeof MODALIDADES)[number];

/** `rascunho` (draft) is stored but never served. */
export const COURSE_STATUSES = ['rascunho', 'publicado', 'encerrado', 'cancelado'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const CRM_SITUACOES = [
  'regular',
  'inoperante',
  'suspenso',
  'interditado',
  'transferido',
  'aposentado',
  'cancelado',
  'cassado',
  'falecido',
] as const;
export type CrmSituacao = (typeof CRM_SITUACOES)[number];

export const TITULO_TIPOS = ['especialista', 'area_atuacao'] as const;

export interface CategoriaInfo {
  readonly nome: string;
  readonly isentaAnuidade: boolean;
  /** Annual fee in the current year, in cents. */
  readonly anuidadeCentavos: number;
  /** Whether the category requires a título de especialista. */
  readonly exigeTitulo: boolean;
  /** Whether members of the category are physicians (hold a CRM). */
  readonly medico: boolean;
}

export const CATEGORIA_INFO: Readonly<Record<Categoria, CategoriaInfo>> = {
  titular: { nome: 'Titular', isentaAnuidade: false, anuidadeCentavos: 98000, exigeTitulo: true, medico: true },
  efetivo: { nome: 'Efetivo', isentaAnuidade: false, anuidadeCentavos: 85000, exigeTitulo: false, medico: true },
  aspirante: { nome: 'Aspirante (médico residente)', isentaAnuidade: false, anuidadeCentavos: 42500, exigeTitulo: false, medico: true },
  academico: {
    nome: 'Acadêmico (estudante de Medicina)',
    isentaAnuidade: false,
    anuidadeCentavos: 12000,
    exigeTitulo: false,
    medico: false,
  },
  remido: { nome: 'Remido', isentaAnuidade: true, anuidadeCentavos: 0, exigeTitulo: true, medico: true },
  honorario: { nome: 'Honorário', isentaAnuidade: true, anuidadeCentavos: 0, exigeTitulo: true, medico: true },
  correspondente: { nome: 'Correspondente', isentaAnuidade: false, anuidadeCentavos: 42500, exigeTitulo: false, medico: true },
};

/** An exam's states (API-DESIGN §14): results are taken once it has taken place, until it is cancelled. */
export const EXAM_STATUSES = ['inscricoes_abertas', 'realizada', 'resultados_publicados', 'cancelada'] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];

/** The títulos an exam grants: those a member record holds. */
export const TITLE_TYPES = TITULO_TIPOS;
export type TitleType = (typeof TITLE_TYPES)[number];

export const EXAM_RESULTS = ['aprovado', 'reprovado', 'ausente'] as const;
export type ExamResult = (typeof EXAM_RESULTS)[number];
