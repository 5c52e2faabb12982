import type { Kind } from './formats.js';

/**
 * How each file's accepted lines meet the association's tables: the table, the natural key, the columns the file
 * sets (compared to tell a changed row from an unchanged one) and, for the parts of a member record, the member's
 * column. The staging tables use the target's column names, but for the few the file names otherwise.
 */
export interface Target {
  table: string;
  key: readonly string[];
  columns: readonly string[];
  /** For the CRMs, specialties and titles: the column holding the member, whose set of rows the file replaces. */
  member?: string;
}

export const TARGETS: Partial<Readonly<Record<Kind, Target>>> = {
  regionais: { table: 'regional', key: ['codigo'], columns: ['nome', 'municipio'] },
  categorias: { table: 'categoria', key: ['codigo'], columns: ['nome', 'isenta_anuidade', 'valor_anuidade'] },
  associados: {
    table: 'associado',
    key: ['matricula'],
    columns: ['nome', 'cpf', 'email', 'categoria', 'status', 'regional', 'data_admissao'],
  },
  crms: { table: 'crm', key: ['uf', 'numero'], columns: ['associado', 'tipo', 'situacao'], member: 'associado' },
  especialidades: { table: 'associado_especialidade', key: ['associado', 'especialidade'], columns: ['rqe', 'uf'], member: 'associado' },
  titulos: { table: 'titulo', key: ['numero'], columns: ['associado', 'tipo', 'especialidade', 'ano'], member: 'associado' },
};

export const PART_KINDS = ['crms', 'especialidades', 'titulos'] as const satisfies readonly Kind[];

export const COURSE_COLUMNS = [
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
] as const;

/** An exam's columns that provas.csv sets, besides its code. */
export const EXAM_COLUMNS = ['tipo_titulo', 'especialidade', 'data', 'status'] as const;

/** A payment's columns, on its invoice (pagamentos.csv). */
export const PAYMENT_COLUMNS = [
  'pago_em',
  'valor_pago',
  'forma_pagamento',
  'transacao_id',
  'nfse_numero',
  'nfse_codigo_verificacao',
  'nfse_emitida_em',
  'nfse_municipio',
] as const;

/** An invoice's columns that the files set, payment included. */
export const INVOICE_COLUMNS = [
  'kind',
  'descricao',
  'associado',
  'ano_referencia',
  'curso_id',
  'prova_id',
  'valor',
  'vencimento',
  'status',
  ...PAYMENT_COLUMNS,
  'cancelado_em',
  'reembolsado_em',
] as const;

/** `(a.x, a.y) is distinct from (b.x, b.y)` */
export const differs = (a: string, b: string, columns: readonly string[]) =>
  `(${columns.map((c) => `${a}.${c}`).join(', ')}) is distinct from (${columns.map((c) => `${b}.${c}`).join(', ')})`;
