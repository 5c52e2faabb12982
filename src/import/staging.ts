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

/** Every temporary object of an import; the embedded database's one session would otherwise keep them. */
const TEMPORARY = [
  ...Object.keys(STAGING).map((kind) => stagingTable(kind as Kind)),
  'imp_achado',
  'imp_partes_alteradas',
  'imp_escopo',
  'imp_tocado',
];

export async function dropStaging(session: BulkSession): Promise<void> {
  await session.query(`drop table if exists ${TEMPORARY.join(', ')} cascade`);
}

export async function createStaging(session: BulkSession): Promise<void> {
  await dropStaging(session);
  for (const [kind, columns] of Object.entries(STAGING) as [Kind, string][])
    await session.query(
      `create temp table ${stagingTable(kind)} (linha integer not null, ${columns}, recusada boolean not null default false)`,
    );
  await session.query(
    'create temp table imp_achado (arquivo text collate "C" not null, linha integer, coluna text, valor text, mensagem text not null)',
  );
}

/** Collects a file's lines and findings and writes them to the staging tables a batch at a time. */
export class StagingWriter {
  private lines: string[] = [];
  private findings: string[] = [];

  constructor(
    private readonly session: BulkSession,
    private readonly kind: Kind,
    private readonly columns: readonly string[],
    private readonly file: string,
  ) {}

  add(linha: number, values: readonly CopyValue[]): Promise<void> {
    this.lines.push(copyLine([linha, ...values]));
    return this.lines.length >= 5000 ? this.flush() : Promise.resolve();
  }

  addFindings(findings: readonly Finding[]): Promise<void> {
    for (const f of findings) this.findings.push(copyLine([this.file, f.linha, f.coluna, f.valor, f.mensagem]));
    return this.findings.length >= 5000 ? this.flush() : Promise.resolve();
  }

  async flush(): Promise<void> {
    if (this.lines.length) await this.session.copy(stagingTable(this.kind), ['linha', ...this.columns], [this.lines.join('')]);
    if (this.findings.length)
      await this.session.copy('imp_achado', ['arquivo', 'linha', 'coluna', 'valor', 'mensagem'], [this.findings.join('')]);
    this.lines = [];
    this.findings = [];
  }
}
