import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { BulkSession, Database } from '../db/connection.js';
import { FORMATS, KINDS, type Kind } from './formats.js';

/**
 * Writes the database's members, courses and invoices as the files `associa import` reads (docs/importacao.md): dates
 * DD/MM/AAAA, money with a decimal comma, instants ISO 8601 with São Paulo's offset, `;` between cells. Importing
 * them into an empty database gives the same API answers; the repository's examples are made this way. Cells are
 * written as they are, a name like `=1+1` too: for a spreadsheet, `forSpreadsheet` escapes them as the admin area's
 * CSVs do, and the files are then no longer the data as it is.
 */

const money = (column: string) => `replace(${column}::text, '.', ',')`;
const day = (column: string) => `to_char(${column}, 'DD/MM/YYYY')`;
const instant = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MSTZH:TZM')`;
const yesNo = (column: string) => `case when ${column} then 'sim' else 'não' end`;
/** Zeros on the left up to six digits (lpad alone would cut a longer one: 1000000 would become 100000). */
const MATRICULA = (column: string) => `lpad(${column}::text, greatest(6, length(${column}::text)), '0')`;
const STATUS_PT = `case f.status when 'open' then 'aberta' when 'paid' then 'paga' when 'cancelled' then 'cancelada' else 'estornada' end`;

const PRICE_COLUMNS = FORMATS.cursos.columns.filter((c) => c.name.startsWith('preco_')).map((c) => c.name.slice('preco_'.length));

/** Each file's cells, in the format's column order, and where they come from (`members` narrows the members, for samples). */
const SOURCES: Readonly<Record<Kind, (members: (column: string) => string) => { cells: readonly string[]; from: string }>> = {
  regionais: () => ({ cells: ['codigo', 'nome', 'municipio'], from: 'regional order by codigo' }),
  categorias: () => ({ cells: ['codigo', 'nome', yesNo('isenta_anuidade'), money('valor_anuidade')], from: 'categoria order by codigo' }),
  cursos: () => ({
    cells: [
      'slug',
      'titulo',
      'tipo',
      'modalidade',
      'resumo',
      'cidade',
      'uf',
      'endereco',
      day('data_inicio'),
      day('data_fim'),
      'carga_horaria',
      'pontos_cna',
      instant('inscricao_inicio'),
      instant('inscricao_fim'),
      'vagas',
      'inscritos',
      'url_inscricao',
      'status',
      'regional',
      ...PRICE_COLUMNS.map((c) => `(select ${money('valor')} from curso_preco p where p.curso = c.id and p.categoria = '${c}')`),
    ],
    from: 'curso c order by id',
  }),
  associados: (members) => ({
    cells: [
      MATRICULA('matricula'),
      'nome',
      "substr(cpf, 1, 3) || '.' || substr(cpf, 4, 3) || '.' || substr(cpf, 7, 3) || '-' || substr(cpf, 10, 2)",
      'email',
      'categoria',
      'status',
      'regional',
      day('data_admissao'),
    ],
    from: `associado where ${members('matricula')} order by matricula`,
  }),
  crms: (members) => ({
    cells: [MATRICULA('associado'), 'uf', 'numero', 'tipo', 'situacao'],
    from: `crm where ${members('associado')} order by associado, uf, numero`,
  }),
  especialidades: (members) => ({
    cells: [MATRICULA('associado'), 'especialidade', 'rqe', 'uf'],
    from: `associado_especialidade where ${members('associado')} order by associado, especialidade`,
  }),
  titulos: (members) => ({
    cells: [MATRICULA('associado'), 'tipo', 'especialidade', 'numero', 'ano'],
    from: `titulo where ${members('associado')} order by id`,
  }),
  provas: () => ({
    cells: ['codigo', 'tipo_titulo', 'especialidade', day('data'), 'status'],
    from: 'prova order by id',
  }),
  faturas: (members) => ({
    cells: [
      'numero',
      'kind',
      'descricao',
      MATRICULA('associado'),
      'ano_referencia',
      '(select slug from curso c where c.id = f.curso_id)',
      '(select codigo from prova p where p.id = f.prova_id)',
      money('valor'),
      day('vencimento'),
      STATUS_PT,
      instant('cancelado_em'),
      instant('reembolsado_em'),
    ],
    from: `fatura f where ${members('associado')} order by id`,
  }),
  pagamentos: (members) => ({
    cells: [
      'numero',
      instant('pago_em'),
      money('valor_pago'),
      'forma_pagamento',
      'transacao_id',
      'nfse_numero',
      'nfse_codigo_verificacao',
      instant('nfse_emitida_em'),
      'nfse_municipio',
    ],
    from: `fatura f where pago_em is not null and ${members('associado')} order by id`,
  }),
};

/**
 * The query whose rows are the file's lines, each cell named as its column. Run with the session's time zone set to
 * America/Sao_Paulo. `maxMatricula` keeps the members up to it, with their parts and invoices.
 */
export function exportQuery(kind: Kind, maxMatricula?: number): string {
  const members = (column: string) => (maxMatricula ? `${column} <= ${Math.floor(maxMatricula)}` : 'true');
  const { cells, from } = SOURCES[kind](members);
  const names = FORMATS[kind].columns.map((c) => c.name);
  return `select ${cells.map((expression, i) => `${expression} as "${names[i]!}"`).join(', ')} from ${from}`;
}

export interface ExportOptions {
  /** Only the members up to this matrícula, with their invoices (courses and reference data whole). */
  maxMatricula?: number;
  /**
   * For opening in a spreadsheet: a cell starting with `=`, `+`, `-` or `@` gets a `'` before it, so that it is not
   * run as a formula, and the file a byte-order mark. Such a cell no longer imports as it was.
   */
  forSpreadsheet?: boolean;
}

async function exportOne(session: BulkSession, kind: Kind, options: ExportOptions): Promise<string> {
  const header = FORMATS[kind].columns.map((c) => c.name);
  const rows = await session.query<Record<string, string | number | null>>(exportQuery(kind, options.maxMatricula));
  return stringify([header, ...rows.map((row) => header.map((name) => row[name]))], {
    delimiter: ';',
    record_delimiter: '\r\n',
    bom: options.forSpreadsheet ?? false,
    escape_formulas: options.forSpreadsheet ?? false,
  });
}

/** Writes the files into `dir`; returns their paths in import order. */
export async function exportCsv(database: Database, dir: string, options: ExportOptions = {}): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  return database.session(async (session) => {
    await session.query("set timezone = 'America/Sao_Paulo'");
    const paths: string[] = [];
    for (const kind of KINDS) {
      const path = join(dir, FORMATS[kind].file);
      writeFileSync(path, await exportOne(session, kind, options));
      paths.push(path);
    }
    return paths;
  });
}
