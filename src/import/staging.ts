import type { BulkSession } from '../db/connection.js';
import { copyLine, type CopyValue } from '../db/copy-text.js';
import type { Kind } from './formats.js';
import type { Finding } from './row.js';

/**
 * The import's temporary tables: each file's valid lines with their line numbers (`linha`), and every finding.
 * They live in the import's own session and go with it; nothing in them is the association's data until applied.
 * `recusada` marks a line that a check across lines or against the database refused.
 */
const STAGING: Readonly<Record<Kind, string>> = {
  regionais: 'codigo text collate "C", nome text, municipio text collate "C"',
  categorias: 'codigo text collate "C", nome text, isenta_anuidade boolean, valor_anuidade numeric(10, 2)',
  cursos: `slug text collate "C", titulo text, tipo text collate "C", modalidade text collate "C", resumo text, cidade text,
    uf char(2) collate "C", endereco text, data_inicio date, data_fim date, carga_horaria integer, pontos_cna integer,
    inscricao_inicio timestamptz, inscricao_fim timestamptz, vagas integer, inscritos integer, url_inscricao text,
    status text collate "C", regional text collate "C", precos text`,
  associados: `matricula bigint, nome text, cpf char(11) collate "C", email text collate "C", categoria text collate "C",
    status text collate "C", regional text collate "C", data_admissao date`,
  crms: 'associado bigint, uf char(2) collate "C", numero integer, tipo text collate "C", situacao text collate "C"',
  especialidades: 'associado bigint, especialidade text collate "C", rqe text collate "C", uf char(2) collate "C"',
  titulos: 'associado bigint, tipo text collate "C", especialidade text collate "C", numero text collate "C", ano smallint',
  faturas: `numero text collate "C", kind text collate "C", descricao text, associado bigint, ano_referencia smallint,
    curso text collate "C", valor numeric(10, 2), vencimento date, status text collate "C", cancelado_em timestamptz,
    reembolsado_em timestamptz`,
  pagamentos: `fatura text collate "C", pago_em timestamptz, valor_pago numeric(10, 2), forma_pagamento text collate "C",
    transacao_id text collate "C", nfse_numero text collate "C", nfse_codigo_verificacao text collate "C",
    nfse_emitida_em timestamptz, nfse_municipio text collate "C"`,
};

export const stagingTable = (kind: Kind) => `imp_${kind}`;

const BATCH_LINES = 20_000;

/** The staging tables, temporary: they end with the import's session (Database.session, on both databases). */
export async function createStaging(session: BulkSession): Promise<void> {
  for (const [kind, columns] of Object.entries(STAGING) as [Kind, string][])
    await session.query(
      `create temp table ${stagingTable(kind)} (linha integer not null, ${columns}, recusada boolean not null default false)`,
    );
  await session.query(
    'create temp table imp_achado (arquivo text collate "C" not null, linha integer, coluna text, valor text, mensagem text not null)',
  );
}

/** What the checks and the writing look staged lines up by. */
const STAGING_INDEXES: Readonly<Record<Kind, readonly string[]>> = {
  regionais: ['codigo'],
  categorias: ['codigo'],
  cursos: ['slug'],
  associados: ['matricula', 'cpf'],
  crms: ['associado', 'uf, numero'],
  especialidades: ['associado'],
  titulos: ['associado', 'numero'],
  faturas: ['linha', 'numero'],
  pagamentos: ['fatura'],
};

/**
 * Indexes the staged lines and gathers their statistics: temporary tables are never analysed by autovacuum, and
 * without statistics the planner takes a million staged lines for a few hundred.
 */
export async function indexStaging(session: BulkSession): Promise<void> {
  for (const [kind, indexes] of Object.entries(STAGING_INDEXES) as [Kind, string[]][]) {
    for (const columns of indexes) await session.query(`create index on ${stagingTable(kind)} (${columns})`);
    await session.query(`analyze ${stagingTable(kind)}`);
  }
}

/**
 * Collects a file's lines and findings and writes them to the staging tables a batch at a time. One batch is written
 * while the next is read: reading and checking lines, and PostgreSQL's COPY, each keep a core busy.
 */
export class StagingWriter {
  private lines: string[] = [];
  private findings: string[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly session: BulkSession,
    private readonly kind: Kind,
    private readonly columns: readonly string[],
    private readonly file: string,
  ) {}

  add(linha: number, values: readonly CopyValue[]): Promise<void> | undefined {
    this.lines.push(copyLine([linha, ...values]));
    return this.lines.length >= BATCH_LINES ? this.send() : undefined;
  }

  addFindings(findings: readonly Finding[]): Promise<void> | undefined {
    for (const f of findings) this.findings.push(copyLine([this.file, f.linha, f.coluna, f.valor, f.mensagem]));
    return this.findings.length >= BATCH_LINES ? this.send() : undefined;
  }

  /** Waits for the batch being written, then starts writing this one. */
  private async send(): Promise<void> {
    const lines = this.lines;
    const findings = this.findings;
    this.lines = [];
    this.findings = [];
    await this.writing;
    this.writing = (async () => {
      if (lines.length) await this.session.copy(stagingTable(this.kind), ['linha', ...this.columns], [lines.join('')]);
      if (findings.length) await this.session.copy('imp_achado', ['arquivo', 'linha', 'coluna', 'valor', 'mensagem'], [findings.join('')]);
    })();
    // A failed write is thrown to whoever waits next (the next batch, or flush), not as an unhandled rejection meanwhile.
    this.writing.catch(() => {});
  }

  /** Writes what is left; resolves once every batch is written. */
  async flush(): Promise<void> {
    await this.send();
    await this.writing;
  }
}
