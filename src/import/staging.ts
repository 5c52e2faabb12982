import { Worker } from 'node:worker_threads';
import type { BulkSession } from '../db/connection.js';
import { checkFile, type CheckedBatch, type FileChecked, type FileJob } from './check-file.js';
import type { FromWorker } from './check-worker.js';
import { FORMATS, type Kind } from './formats.js';

/**
 * The import's temporary tables: each file's valid lines with their line numbers (`linha`), and every finding.
 * They live in the import's own session and go with it; nothing in them is the association's data until applied.
 * `recusada` marks a refused line: one refused on its own is staged with its key alone (the format's refusedKey), so
 * that the checks across lines know it.
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
  provas: 'codigo text collate "C", tipo_titulo text collate "C", especialidade text collate "C", data date, status text collate "C"',
  faturas: `numero text collate "C", kind text collate "C", descricao text, associado bigint, ano_referencia smallint,
    curso text collate "C", prova text collate "C", valor numeric(10, 2), vencimento date, status text collate "C", cancelado_em timestamptz,
    reembolsado_em timestamptz`,
  pagamentos: `fatura text collate "C", pago_em timestamptz, valor_pago numeric(10, 2), forma_pagamento text collate "C",
    transacao_id text collate "C", nfse_numero text collate "C", nfse_codigo_verificacao text collate "C",
    nfse_emitida_em timestamptz, nfse_municipio text collate "C"`,
};

export const stagingTable = (kind: Kind) => `imp_${kind}`;

/** The staging tables, temporary: they end with the import's session (Database.session, on both databases). */
export async function createStaging(session: BulkSession): Promise<void> {
  for (const [kind, columns] of Object.entries(STAGING) as [Kind, string][])
    await session.query(
      `create temp table ${stagingTable(kind)} (linha integer not null, ${columns}, recusada boolean not null default false)`,
    );
  // entre_linhas: a finding of the checks across lines, whose value the report reads again as the file writes it.
  await session.query(
    `create temp table imp_achado (arquivo text collate "C" not null, linha integer, coluna text, valor text, mensagem text not null,
      entre_linhas boolean not null default false)`,
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
  provas: ['codigo'],
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
 * The staging tables' writer: one COPY at a time on the import's session, in the order asked, whichever file it comes
 * from. A failed COPY fails every one after it.
 */
export class StagingQueue {
  private last: Promise<void> = Promise.resolve();

  constructor(private readonly session: BulkSession) {}

  /** Resolves once the batch is written. */
  write(kind: Kind, columns: readonly string[], batch: CheckedBatch): Promise<void> {
    this.last = this.last.then(async () => {
      if (batch.lines) await this.session.copy(stagingTable(kind), ['linha', ...columns], [batch.lines]);
      const key = FORMATS[kind].refusedKey;
      if (batch.refused && key) await this.session.copy(stagingTable(kind), ['linha', key.staging, 'recusada'], [batch.refused]);
      if (batch.findings) await this.session.copy('imp_achado', ['arquivo', 'linha', 'coluna', 'valor', 'mensagem'], [batch.findings]);
    });
    return this.last;
  }
}

/** The worker thread's module: the bundle's, beside it; or, run from the source, the TypeScript through tsx's loader. */
function startWorker(job: FileJob): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./check-worker.js', import.meta.url), { workerData: job });
  const source = JSON.stringify(new URL('./check-worker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); })`, {
    eval: true,
    workerData: job,
  });
}

/** Files from this size on are read in a worker thread, two at a time; smaller ones cost more to start one for. */
export const WORKER_FROM_BYTES = 4 << 20;

/**
 * Reads and checks a file into its staging table. While one batch is written the next is read: the reading and
 * PostgreSQL's COPY each keep a core busy.
 */
export async function stageFile(
  queue: StagingQueue,
  job: FileJob,
  inWorker: boolean,
  onBatch: (batch: CheckedBatch) => void,
): Promise<FileChecked> {
  const columns = FORMATS[job.kind].staging;
  if (!inWorker) {
    let previous: Promise<void> = Promise.resolve();
    const result = await checkFile(job, async (batch) => {
      onBatch(batch);
      await previous;
      previous = queue.write(job.kind, columns, batch);
      // Thrown to whoever waits next (the next batch, or the end), not as an unhandled rejection meanwhile.
      previous.catch(() => {});
    });
    await previous;
    return result;
  }
  const worker = startWorker(job);
  try {
    return await new Promise<FileChecked>((resolve, reject) => {
      let written: Promise<void> = Promise.resolve();
      worker.on('message', (message: FromWorker) => {
        if ('done' in message) {
          written.then(() => resolve(message.done), reject);
          return;
        }
        onBatch(message.batch);
        written = queue.write(job.kind, columns, message.batch);
        written.then(() => worker.postMessage('taken'), reject);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`a leitura de ${job.file} parou (código ${code})`)));
    });
  } finally {
    await worker.terminate();
  }
}
