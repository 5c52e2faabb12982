import { timestampText, type CopyValue } from '../db/copy-text.js';
import {
  CATEGORIAS,
  COURSE_STATUSES,
  COURSE_TYPES,
  CRM_SITUACOES,
  EXAM_STATUSES,
  FORMAS_PAGAMENTO,
  INVOICE_KINDS,
  MEMBER_STATUSES,
  MODALIDADES,
  STORED_INVOICE_STATUSES,
  TITULO_TIPOS,
} from '../domain/enums.js';
import { examCode as storedExamCode } from '../domain/exam-code.js';
import type { Row } from './row.js';
import { COURSE_COLUMNS, PAYMENT_COLUMNS } from './tables.js';
import {
  cpf,
  date,
  email,
  fold,
  instant,
  integer,
  matricula,
  money,
  oneOf,
  optional,
  Problem,
  text,
  uf,
  yesNo,
  type Parsed,
} from './values.js';

/**
 * The files `associa import` reads (docs/importacao.md): one format per file, known by its header. Each format names its
 * columns in Portuguese, checks a line on its own (the checks across lines and against the database are SQL, in
 * src/import/checks.ts) and gives the line's values for its staging table, in that table's column order.
 */

export const KINDS = [
  'regionais',
  'categorias',
  'cursos',
  'associados',
  'crms',
  'especialidades',
  'titulos',
  'provas',
  'faturas',
  'pagamentos',
] as const;
export type Kind = (typeof KINDS)[number];

/** The codes a line may name: the database's, with those of the import's earlier files. */
export interface References {
  categorias: Set<string>;
  regionais: Set<string>;
  especialidades: Set<string>;
}

export interface Column {
  name: string;
  /** A column the header must have; the others may be left out (their cells are then empty). */
  required: boolean;
  help: string;
}

export interface Format {
  kind: Kind;
  /** The file's usual name, in reports and examples. */
  file: string;
  columns: readonly Column[];
  /** The staging table's columns after `linha`. */
  staging: readonly string[];
  /** The line's staging values, or undefined when the row has findings. */
  parse(row: Row, refs: References): CopyValue[][] | undefined;
  /**
   * What a refused line is staged with (refused): its member, invoice or course when that cell reads, so that the checks
   * tell the lines that name it ("fatura recusada") and a member's parts are left as they are.
   */
  refusedKey?: { column: string; staging: string; parse: (value: string) => Parsed<CopyValue> };
}

const MEMBER_KEY = { column: 'matricula', staging: 'associado', parse: matricula } as const;

/** An instant as COPY takes it (much faster than Date#toISOString, which would dominate a large file's reading). */
const stamp = (instant: Date | null | undefined) => (instant ? timestampText(instant.getTime()) : instant);

const col = (name: string, help: string, required = true): Column => ({ name, required, help });

/** A code of `set`, written as the code or as its name would be (`Titular`, `Clínica Médica`); `join` takes the spaces' place. */
function known(set: Set<string>, what: string, join = '_') {
  return (value: string): Parsed<string> => {
    const code = fold(value).replace(/\s+/g, join);
    return set.has(code) ? code : new Problem(`${what} desconhecida`);
  };
}

/** A branch's code (a state's abbreviation, in any case); empty only where `mayBeEmpty`. */
function optionalRegional(refs: References, value: string, mayBeEmpty: boolean): Parsed<string | null> {
  const code = value.trim().toUpperCase();
  if (code === '') return mayBeEmpty ? null : new Problem('está vazio');
  return refs.regionais.has(code) ? code : new Problem('regional desconhecida');
}

const INVOICE_STATUS_ALIASES = {
  aberta: 'open',
  paga: 'paid',
  cancelada: 'cancelled',
  estornada: 'refunded',
  reembolsada: 'refunded',
} as const;
const FORMA_ALIASES = { cartao: 'cartao_credito', cartao_de_credito: 'cartao_credito', credito: 'cartao_credito' } as const;
const CRM_TIPOS = ['principal', 'secundaria', 'provisoria'] as const;

const regionais: Format = {
  kind: 'regionais',
  file: 'regionais.csv',
  columns: [
    col('codigo', 'sigla do estado da regional (SP)'),
    col('nome', 'nome da regional'),
    col('municipio', 'município onde a regional emite suas NFS-e'),
  ],
  staging: ['codigo', 'nome', 'municipio'],
  parse(row) {
    const values = [
      row.get('codigo', uf),
      row.get('nome', (v) => text(v, { max: 200 })),
      row.get('municipio', (v) => text(v, { max: 200 })),
    ];
    return row.valid ? [values] : undefined;
  },
};

const categorias: Format = {
  kind: 'categorias',
  file: 'categorias.csv',
  columns: [
    col('codigo', `categoria de associado (${CATEGORIAS.join(', ')})`),
    col('nome', 'nome da categoria'),
    col('isenta_anuidade', 'sim ou não'),
    col('valor_anuidade', 'valor da anuidade, em reais'),
  ],
  staging: ['codigo', 'nome', 'isenta_anuidade', 'valor_anuidade'],
  parse(row) {
    const values = [
      row.get('codigo', (v) => oneOf(v, CATEGORIAS)),
      row.get('nome', (v) => text(v, { max: 100 })),
      row.get('isenta_anuidade', yesNo),
      row.get('valor_anuidade', (v) => money(v)),
    ];
    return row.valid ? [values] : undefined;
  },
};

const PRICE_CATEGORIES = [...CATEGORIAS, 'nao_associado'] as const;

const cursos: Format = {
  kind: 'cursos',
  refusedKey: { column: 'slug', staging: 'slug', parse: (v) => text(v, { max: 200 }) },
  file: 'cursos.csv',
  columns: [
    col('slug', 'identificador do curso no endereço (letras minúsculas, números e hífens); não muda'),
    col('titulo', 'título'),
    col('tipo', COURSE_TYPES.join(', ')),
    col('modalidade', MODALIDADES.join(', ')),
    col('resumo', 'resumo'),
    col('cidade', 'cidade; vazio quando online', false),
    col('uf', 'estado; vazio quando online', false),
    col('endereco', 'endereço; vazio quando online', false),
    col('data_inicio', 'primeiro dia'),
    col('data_fim', 'último dia'),
    col('carga_horaria', 'horas'),
    col('pontos_cna', 'pontos na Comissão Nacional de Acreditação'),
    col('inscricao_inicio', 'abertura das inscrições (data e hora)'),
    col('inscricao_fim', 'encerramento das inscrições (data e hora)'),
    col('vagas', 'vagas; vazio quando ilimitadas', false),
    col('inscritos', 'inscritos até agora', false),
    col('url_inscricao', 'endereço da página de inscrição'),
    col('situacao', COURSE_STATUSES.join(', ')),
    col('regional', 'sigla da regional organizadora; vazio quando nacional', false),
    ...PRICE_CATEGORIES.map((c) =>
      col(`preco_${c}`, `preço para ${c === 'nao_associado' ? 'não associados' : `a categoria ${c}`}; vazio quando não se aplica`, false),
    ),
  ],
  staging: ['slug', ...COURSE_COLUMNS, 'precos'],
  parse(row, refs) {
    const slug = row.get('slug', (v) =>
      /^[a-z0-9-]{1,200}$/.test(v.trim()) ? v.trim() : new Problem('use letras minúsculas, números e hífens'),
    );
    const modalidade = row.get('modalidade', (v) => oneOf(v, MODALIDADES));
    const cidade = row.get('cidade', (v) => optional(v, (c) => text(c, { max: 200 })));
    const estado = row.get('uf', (v) => optional(v, uf));
    const endereco = row.get('endereco', (v) => optional(v, (c) => text(c, { max: 300 })));
    const inicio = row.get('data_inicio', date);
    const fim = row.get('data_fim', date);
    const inscricaoInicio = row.get('inscricao_inicio', instant);
    const inscricaoFim = row.get('inscricao_fim', instant);
    const vagas = row.get('vagas', (v) => optional(v, (n) => integer(n, 1, 1_000_000)));
    const inscritos = row.get('inscritos', (v) => (v.trim() === '' ? 0 : integer(v, 0, 1_000_000)));
    const precos: string[] = [];
    // In the order of the codes, as the count of changes compares them (src/import/counts.ts).
    for (const categoria of [...PRICE_CATEGORIES].sort()) {
      const valor = row.get(`preco_${categoria}`, (v) => optional(v, (m) => money(m)));
      if (valor) precos.push(`${categoria}=${valor}`);
    }
    const values = [
      slug,
      row.get('titulo', (v) => text(v, { max: 300 })),
      row.get('tipo', (v) => oneOf(v, COURSE_TYPES)),
      modalidade,
      row.get('resumo', (v) => text(v, { max: 5000 })),
      cidade,
      estado,
      endereco,
      inicio,
      fim,
      row.get('carga_horaria', (v) => integer(v, 1, 100_000)),
      row.get('pontos_cna', (v) => integer(v, 0, 100_000)),
      stamp(inscricaoInicio),
      stamp(inscricaoFim),
      vagas,
      inscritos,
      row.get('url_inscricao', (v) => (/^https?:\/\/\S+$/.test(v.trim()) ? v.trim() : new Problem('não é um endereço http(s)'))),
      row.get('situacao', (v) => oneOf(v, COURSE_STATUSES)),
      row.get('regional', (v) => optionalRegional(refs, v, true)),
      precos.join(' '),
    ];
    if (!row.valid) return undefined;
    if (fim! < inicio!) row.problem('data_fim', 'é anterior a data_inicio');
    if (inscricaoFim! <= inscricaoInicio!) row.problem('inscricao_fim', 'não é posterior a inscricao_inicio');
    if (vagas !== null && inscritos! > vagas!) row.problem('inscritos', 'é maior que vagas');
    if ((modalidade === 'online') !== (cidade === null))
      row.problem('cidade', modalidade === 'online' ? 'deve ficar vazia num curso online' : 'falta: o curso não é online');
    if ((cidade === null) !== (estado === null) || (cidade === null) !== (endereco === null))
      row.problem(null, 'cidade, uf e endereco vêm juntos, ou ficam os três vazios');
    return row.valid ? [values] : undefined;
  },
};

const associados: Format = {
  kind: 'associados',
  refusedKey: { column: 'matricula', staging: 'matricula', parse: matricula },
  file: 'associados.csv',
  columns: [
    col('matricula', 'número de matrícula (com ou sem zeros à esquerda); não muda'),
    col('nome', 'nome completo'),
    col('cpf', 'CPF, com ou sem pontos e traço'),
    col('email', 'e-mail'),
    col('categoria', CATEGORIAS.join(', ')),
    col('situacao', MEMBER_STATUSES.join(', ')),
    col('regional', 'sigla da regional'),
    col('data_admissao', 'data de admissão'),
  ],
  staging: ['matricula', 'nome', 'cpf', 'email', 'categoria', 'status', 'regional', 'data_admissao'],
  parse(row, refs) {
    const values = [
      row.get('matricula', matricula),
      row.get('nome', (v) => text(v, { min: 3, max: 200 })),
      row.get('cpf', cpf),
      row.get('email', email),
      row.get('categoria', known(refs.categorias, 'categoria')),
      row.get('situacao', (v) => oneOf(v, MEMBER_STATUSES)),
      row.get('regional', (v) => optionalRegional(refs, v, false)),
      row.get('data_admissao', date),
    ];
    return row.valid ? [values] : undefined;
  },
};

const crms: Format = {
  kind: 'crms',
  refusedKey: MEMBER_KEY,
  file: 'crms.csv',
  columns: [
    col('matricula', 'matrícula do associado'),
    col('uf', 'estado do conselho regional'),
    col('numero', 'número da inscrição'),
    col('tipo', CRM_TIPOS.join(', ')),
    col('situacao', CRM_SITUACOES.join(', ')),
  ],
  staging: ['associado', 'uf', 'numero', 'tipo', 'situacao'],
  parse(row) {
    const values = [
      row.get('matricula', matricula),
      row.get('uf', uf),
      row.get('numero', (v) => integer(v, 1, 99_999_999)),
      row.get('tipo', (v) => oneOf(v, CRM_TIPOS)),
      row.get('situacao', (v) => oneOf(v, CRM_SITUACOES)),
    ];
    return row.valid ? [values] : undefined;
  },
};

const especialidades: Format = {
  kind: 'especialidades',
  refusedKey: MEMBER_KEY,
  file: 'especialidades.csv',
  columns: [
    col('matricula', 'matrícula do associado'),
    col('especialidade', 'código da especialidade ou área de atuação (docs/importacao.md)'),
    col('rqe', 'número do Registro de Qualificação de Especialista'),
    col('uf', 'estado do RQE'),
  ],
  staging: ['associado', 'especialidade', 'rqe', 'uf'],
  parse(row, refs) {
    const values = [
      row.get('matricula', matricula),
      row.get('especialidade', known(refs.especialidades, 'especialidade', '-')),
      row.get('rqe', (v) => (/^\d{1,7}$/.test(v.trim()) ? v.trim() : new Problem('não é um RQE (de 1 a 7 dígitos)'))),
      row.get('uf', uf),
    ];
    return row.valid ? [values] : undefined;
  },
};

const titulos: Format = {
  kind: 'titulos',
  refusedKey: MEMBER_KEY,
  file: 'titulos.csv',
  columns: [
    col('matricula', 'matrícula do associado'),
    col('tipo', TITULO_TIPOS.join(', ')),
    col('especialidade', 'código da especialidade ou área de atuação'),
    col('numero', 'número do título; não muda'),
    col('ano', 'ano de obtenção'),
  ],
  staging: ['associado', 'tipo', 'especialidade', 'numero', 'ano'],
  parse(row, refs) {
    const values = [
      row.get('matricula', matricula),
      row.get('tipo', (v) => oneOf(v, TITULO_TIPOS)),
      row.get('especialidade', known(refs.especialidades, 'especialidade', '-')),
      row.get('numero', (v) => text(v, { max: 50 })),
      row.get('ano', (v) => integer(v, 1950, 2100)),
    ];
    return row.valid ? [values] : undefined;
  },
};

const EXAM_STATUS_ALIASES = { aberta: 'inscricoes_abertas', inscricoes: 'inscricoes_abertas', publicada: 'resultados_publicados' } as const;

function examCode(value: string): Parsed<string> {
  return storedExamCode(value) ?? new Problem('não é um código de prova (como TE-CARDIO-2026)');
}

const provas: Format = {
  kind: 'provas',
  refusedKey: { column: 'codigo', staging: 'codigo', parse: examCode },
  file: 'provas.csv',
  columns: [
    col('codigo', 'código da prova (TE-CARDIO-2026); não muda'),
    col('tipo_titulo', TITULO_TIPOS.join(' ou ')),
    col('especialidade', 'código da especialidade ou área de atuação do título'),
    col('data', 'dia da prova'),
    col('situacao', EXAM_STATUSES.join(', ')),
  ],
  staging: ['codigo', 'tipo_titulo', 'especialidade', 'data', 'status'],
  parse(row, refs) {
    const values = [
      row.get('codigo', examCode),
      row.get('tipo_titulo', (v) => oneOf(v, TITULO_TIPOS)),
      row.get('especialidade', known(refs.especialidades, 'especialidade', '-')),
      row.get('data', date),
      row.get('situacao', (v) => oneOf(v, EXAM_STATUSES, EXAM_STATUS_ALIASES)),
    ];
    return row.valid ? [values] : undefined;
  },
};

const faturas: Format = {
  kind: 'faturas',
  refusedKey: { column: 'numero', staging: 'numero', parse: (v) => text(v, { max: 50 }) },
  file: 'faturas.csv',
  columns: [
    col('numero', 'número da fatura; não muda'),
    col('tipo', INVOICE_KINDS.join(', ')),
    col('descricao', 'descrição'),
    col('matricula', 'matrícula do associado'),
    col('ano_referencia', 'ano da anuidade; só numa anuidade', false),
    col('curso', 'slug do curso; só numa inscrição', false),
    col('prova', 'código da prova; só numa taxa de prova', false),
    col('valor', 'valor, em reais'),
    col('vencimento', 'data de vencimento'),
    col('situacao', 'aberta, paga, cancelada ou estornada (uma vencida é aberta)'),
    col('cancelada_em', 'data e hora do cancelamento; só numa cancelada', false),
    col('estornada_em', 'data e hora do estorno; só numa estornada', false),
  ],
  staging: [
    'numero',
    'kind',
    'descricao',
    'associado',
    'ano_referencia',
    'curso',
    'prova',
    'valor',
    'vencimento',
    'status',
    'cancelado_em',
    'reembolsado_em',
  ],
  parse(row) {
    const kind = row.get('tipo', (v) => oneOf(v, INVOICE_KINDS));
    const ano = row.get('ano_referencia', (v) => optional(v, (n) => integer(n, 1950, 2100)));
    const curso = row.get('curso', (v) => optional(v, (s) => text(s, { max: 200 })));
    const prova = row.get('prova', (v) => optional(v, examCode));
    const status = row.get('situacao', (v) => oneOf(v, STORED_INVOICE_STATUSES, INVOICE_STATUS_ALIASES));
    const canceladaEm = row.get('cancelada_em', (v) => optional(v, instant));
    const estornadaEm = row.get('estornada_em', (v) => optional(v, instant));
    const values = [
      row.get('numero', (v) => text(v, { max: 50 })),
      kind,
      row.get('descricao', (v) => text(v, { max: 500 })),
      row.get('matricula', matricula),
      ano,
      curso,
      prova,
      row.get('valor', (v) => money(v, { min: 0.01 })),
      row.get('vencimento', date),
      status,
      stamp(canceladaEm),
      stamp(estornadaEm),
    ];
    if (!row.valid) return undefined;
    if ((kind === 'anuidade') !== (ano !== null))
      row.problem('ano_referencia', kind === 'anuidade' ? 'falta numa anuidade' : 'só se aplica a uma anuidade');
    if ((kind === 'inscricao') !== (curso !== null))
      row.problem('curso', kind === 'inscricao' ? 'falta numa inscrição' : 'só se aplica a uma inscrição');
    if (prova !== null && kind !== 'taxa_prova') row.problem('prova', 'só se aplica a uma taxa de prova');
    if ((status === 'cancelled') !== (canceladaEm !== null))
      row.problem('cancelada_em', status === 'cancelled' ? 'falta numa fatura cancelada' : 'só se aplica a uma fatura cancelada');
    if ((status === 'refunded') !== (estornadaEm !== null))
      row.problem('estornada_em', status === 'refunded' ? 'falta numa fatura estornada' : 'só se aplica a uma fatura estornada');
    return row.valid ? [values] : undefined;
  },
};

const pagamentos: Format = {
  kind: 'pagamentos',
  refusedKey: { column: 'fatura', staging: 'fatura', parse: (v) => text(v, { max: 50 }) },
  file: 'pagamentos.csv',
  columns: [
    col('fatura', 'número da fatura paga'),
    col('pago_em', 'data e hora do pagamento'),
    col('valor_pago', 'valor pago, em reais'),
    col('forma', 'pix, boleto ou cartao_credito'),
    col('transacao_id', 'identificador da transação no meio de pagamento'),
    col('nfse_numero', 'número da NFS-e; vazio quando não emitida', false),
    col('nfse_codigo_verificacao', 'código de verificação da NFS-e', false),
    col('nfse_emitida_em', 'data e hora da emissão da NFS-e', false),
    col('nfse_municipio', 'município emissor da NFS-e', false),
  ],
  staging: ['fatura', ...PAYMENT_COLUMNS],
  parse(row) {
    const nfse = [
      row.get('nfse_numero', (v) => optional(v, (s) => text(s, { max: 50 }))),
      row.get('nfse_codigo_verificacao', (v) => optional(v, (s) => text(s, { max: 50 }))),
      stamp(row.get('nfse_emitida_em', (v) => optional(v, instant))),
      row.get('nfse_municipio', (v) => optional(v, (s) => text(s, { max: 200 }))),
    ];
    const values = [
      row.get('fatura', (v) => text(v, { max: 50 })),
      stamp(row.get('pago_em', instant)),
      row.get('valor_pago', (v) => money(v, { min: 0.01 })),
      row.get('forma', (v) => oneOf(v, FORMAS_PAGAMENTO, FORMA_ALIASES)),
      row.get('transacao_id', (v) => text(v, { max: 100 })),
      ...nfse,
    ];
    if (!row.valid) return undefined;
    if (new Set(nfse.map((v) => v === null)).size > 1)
      row.problem(null, 'as quatro colunas da NFS-e vêm juntas, ou ficam as quatro vazias');
    return row.valid ? [values] : undefined;
  },
};

export const FORMATS: Readonly<Record<Kind, Format>> = {
  regionais,
  categorias,
  cursos,
  associados,
  crms,
  especialidades,
  titulos,
  provas,
  faturas,
  pagamentos,
};
