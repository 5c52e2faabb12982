import type { BulkSession, Database } from '../db/connection.js';
import type { MemberStatus } from '../domain/enums.js';
import { applyImport } from './apply.js';
import { asWritten } from './as-written.js';
import { describeMembers, runChecks } from './checks.js';
import { countChanges, createInvoiceView, findChangedParts, type Counts } from './counts.js';
import { FORMATS, KINDS, type Format, type Kind, type References } from './formats.js';
import { headerKey, openCsv, sizeOf, type Encoding, type Source } from './read.js';
import type { Finding } from './row.js';
import { createStaging, indexStaging, StagingQueue, stageFile, WORKER_FROM_BYTES } from './staging.js';
import type { FileJob } from './check-file.js';

export interface ImportOptions {
  /** Validate and count, write nothing. */
  dryRun?: boolean;
  /** Write the valid lines even when others have errors (they are listed). */
  skipInvalid?: boolean;
  /**
   * associados.csv is a complete export: the members of the database that it lacks are reported, and with a status
   * they are given it (never deleted).
   */
  full?: boolean | MemberStatus;
  /** The files' encoding; found by reading them when absent. */
  encoding?: Encoding;
  progress?: ImportProgress;
  /** Files from this size on are read in a worker thread (WORKER_FROM_BYTES). */
  workerFromBytes?: number;
}

export interface ImportProgress {
  file(name: string, kind: Kind): void;
  /** Lines read of a file since its previous call. */
  lines(file: string, count: number): void;
  stage(what: 'checks' | 'writing'): void;
}

/** Files read at once: each reading keeps a core busy, and their COPYs share the import's one session. */
const FILES_AT_ONCE = 2;

/** `work` for each item, `limit` at a time; after a failure none starts, and it is thrown once the others have settled. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    try {
      while (next < items.length && !failed) await work(items[next++]!);
    } catch (error) {
      failed = true;
      throw error;
    }
  });
  const results = await Promise.allSettled(lanes);
  const rejected = results.find((result) => result.status === 'rejected');
  if (rejected) throw rejected.reason;
}

/** How many findings of each file the report keeps; the rest are counted. */
const FINDINGS_KEPT = 200;

export interface FileReport {
  arquivo: string;
  tipo: Kind | null;
  codificacao: Encoding | null;
  separador: string | null;
  linhas: number;
  contagem: Counts | null;
  /** Lines refused, by their own checks or by those across lines. */
  recusadas: number;
  achados: Finding[];
  achadosTotal: number;
}

export interface ImportReport {
  arquivos: FileReport[];
  /** Whether the database was changed. */
  gravado: boolean;
  /** Why nothing was written, when nothing was. */
  motivo: 'simulacao' | 'erros' | 'arquivo_ilegivel' | null;
  /**
   * With --full: the members the database has and associados.csv lacks, and how many were given the status. None is
   * given it while `ilegiveis` refused lines of associados.csv name no member that can be read: one of them may be
   * any member that seems to be missing.
   */
  ausentes: { total: number; amostra: number[]; marcados: number; ilegiveis: number } | null;
}

export class ImportUsageError extends Error {}

interface Planned {
  source: Source;
  report: FileReport;
  format: Format | null;
}

/**
 * Imports CSV files into the association's tables (docs/importacao.md): every file read and checked before anything is
 * written, then written in batches by natural keys. Runs on a session of its own; its staging tables go with it.
 */
export async function importFiles(database: Database, sources: readonly Source[], options: ImportOptions = {}): Promise<ImportReport> {
  if (sources.length === 0) throw new ImportUsageError('nenhum arquivo para importar');
  return database.session(async (session) => {
    await createStaging(session);
    // The checks and counts join and group whole files: in memory rather than in temporary files.
    await session.query("set work_mem = '128MB'");
    return importStaged(session, sources, options);
  });
}

async function importStaged(session: BulkSession, sources: readonly Source[], options: ImportOptions): Promise<ImportReport> {
  const refs = await references(session);
  const planned = await plan(sources, options.encoding);
  const seen = new Map<Kind, string>();
  for (const item of planned) {
    const kind = item.format?.kind;
    if (!kind) continue;
    const earlier = seen.get(kind);
    if (earlier) {
      fileProblem(item.report, `outro arquivo (${earlier}) já traz ${kind}: junte-os num só`);
      item.format = null;
    } else seen.set(kind, item.report.arquivo);
  }
  if (options.full && !seen.has('associados')) throw new ImportUsageError('--full pede o arquivo de associados (associados.csv)');

  const readable = planned.filter((item): item is Planned & { format: Format } => item.format !== null);
  readable.sort((a, b) => KINDS.indexOf(a.format.kind) - KINDS.indexOf(b.format.kind));
  // The reference files first, whose codes the others may use; then the rest, two at a time.
  const queue = new StagingQueue(session);
  const isReference = (item: Planned & { format: Format }) => item.format.kind === 'regionais' || item.format.kind === 'categorias';
  for (const item of readable.filter(isReference)) await stage(queue, item, refs, options);
  await inParallel(
    readable.filter((item) => !isReference(item)),
    FILES_AT_ONCE,
    (item) => stage(queue, item, refs, options),
  );

  const kinds = readable.map((item) => item.format.kind);
  const fileOf = (kind: Kind) => seen.get(kind);
  const [{ membros }] = (await session.query<{ membros: boolean }>('select exists (select 1 from associado) as membros')) as [
    { membros: boolean },
  ];
  options.progress?.stage('checks');
  await indexStaging(session);
  await runChecks(session, fileOf);
  await describeMembers(session, kinds);
  await createInvoiceView(session);
  await findChangedParts(session, kinds, !membros);
  for (const item of readable) await summarise(session, item);

  const reports = planned.map((item) => item.report);
  const unreadable = planned.some((item) => item.format === null);
  const errors = reports.some((report) => report.achadosTotal > 0);
  const motivo = unreadable ? 'arquivo_ilegivel' : errors && !options.skipInvalid ? 'erros' : options.dryRun ? 'simulacao' : null;

  if (motivo === null) {
    options.progress?.stage('writing');
    await applyImport(session, { kinds, firstLoad: !membros });
  }
  const ausentes = options.full ? await missingMembers(session, motivo === null ? options.full : false) : null;
  return { arquivos: reports, gravado: motivo === null, motivo, ausentes };
}

async function references(session: BulkSession): Promise<References> {
  const codes = async (sql: string) => new Set((await session.query<{ c: string }>(sql)).map((row) => row.c));
  return {
    categorias: await codes('select codigo as c from categoria'),
    regionais: await codes('select codigo as c from regional'),
    especialidades: await codes('select codigo as c from especialidade'),
  };
}

function fileProblem(report: FileReport, mensagem: string, linha: number | null = null): void {
  report.achados.push({ linha: linha ?? 0, coluna: null, valor: null, mensagem });
  report.achadosTotal++;
}

/** Each file's format, by its name (`associados.csv`, `associados-2026.csv`) or else by its header. */
async function plan(sources: readonly Source[], encoding: Encoding | undefined): Promise<Planned[]> {
  const planned: Planned[] = [];
  for (const source of sources) {
    const report: FileReport = {
      arquivo: source.name,
      tipo: null,
      codificacao: null,
      separador: null,
      linhas: 0,
      contagem: null,
      recusadas: 0,
      achados: [],
      achadosTotal: 0,
    };
    planned.push({ source, report, format: null });
    let header: string[];
    try {
      const opened = await openCsv(source, encoding);
      report.codificacao = opened.encoding;
      report.separador = opened.delimiter;
      header = opened.header;
    } catch (error) {
      fileProblem(report, `arquivo ilegível: ${(error as Error).message}`);
      continue;
    }
    const byName = KINDS.find((kind) => headerKey(source.name).startsWith(kind));
    const keys = header.map(headerKey);
    const byHeader = KINDS.filter((kind) => FORMATS[kind].columns.filter((c) => c.required).every((c) => keys.includes(headerKey(c.name))));
    const kind = byName ?? (byHeader.length === 1 ? byHeader[0] : undefined);
    if (!kind) {
      fileProblem(
        report,
        byHeader.length > 1
          ? `o cabeçalho serve a mais de um formato (${byHeader.join(', ')}): dê ao arquivo o nome do seu, como ${FORMATS[byHeader[0]!].file}`
          : `cabeçalho não reconhecido: a primeira linha deve trazer os nomes das colunas de um dos formatos (${KINDS.map((k) => FORMATS[k].file).join(', ')})`,
        1,
      );
      continue;
    }
    const format = FORMATS[kind];
    report.tipo = kind;
    const names = new Set(format.columns.map((c) => headerKey(c.name)));
    const missing = format.columns.filter((c) => c.required && !keys.includes(headerKey(c.name))).map((c) => c.name);
    const unknown = header.filter((_name, i) => !names.has(keys[i]!));
    const twice = header.filter((_name, i) => keys.indexOf(keys[i]!) !== i);
    if (missing.length) fileProblem(report, `faltam as colunas ${missing.join(', ')} (formato ${format.file})`, 1);
    if (unknown.length) fileProblem(report, `colunas desconhecidas no formato ${format.file}: ${unknown.join(', ')}`, 1);
    if (twice.length) fileProblem(report, `colunas repetidas: ${[...new Set(twice)].join(', ')}`, 1);
    if (!missing.length && !unknown.length && !twice.length) planned[planned.length - 1]!.format = format;
  }
  return planned;
}

/** Reads a file, checks each line on its own and stages the valid ones; the codes of reference files join `refs`. */
async function stage(queue: StagingQueue, item: Planned & { format: Format }, refs: References, options: ImportOptions): Promise<void> {
  const { format, report, source } = item;
  options.progress?.file(report.arquivo, format.kind);
  const job: FileJob = { source, encoding: report.codificacao!, kind: format.kind, file: report.arquivo, refs };
  const inWorker = sizeOf(source) >= (options.workerFromBytes ?? WORKER_FROM_BYTES);
  const { linhas, added } = await stageFile(queue, job, inWorker, (batch) => options.progress?.lines(report.arquivo, batch.read));
  report.linhas = linhas;
  const into = format.kind === 'regionais' ? refs.regionais : refs.categorias;
  for (const code of added) into.add(code);
}

async function summarise(session: BulkSession, item: Planned & { format: Format }): Promise<void> {
  const { report } = item;
  report.contagem = await countChanges(session, item.format.kind);
  const [totals] = await session.query<{ achados: number; recusadas: number }>(
    'select count(*)::int as achados, count(distinct linha)::int as recusadas from imp_achado where arquivo = $1',
    [report.arquivo],
  );
  report.achadosTotal += totals!.achados;
  report.recusadas = totals!.recusadas;
  const kept = await session.query<Finding & { entre_linhas: boolean }>(
    `select linha, coluna, valor, mensagem, entre_linhas from imp_achado where arquivo = $1
      order by linha, coluna nulls first limit ${FINDINGS_KEPT}`,
    [report.arquivo],
  );
  const findings = kept.map(({ linha, coluna, valor, mensagem }) => ({ linha, coluna, valor, mensagem }));
  await asWritten(
    item.source,
    report.codificacao!,
    item.format,
    findings.filter((_finding, i) => kept[i]!.entre_linhas),
  );
  report.achados.push(...findings);
}

/**
 * Members of the database that associados.csv lacks; with a status, given it in one transaction, unless a refused line
 * names no member that can be read.
 */
async function missingMembers(session: BulkSession, status: false | true | MemberStatus): Promise<ImportReport['ausentes']> {
  const missing = 'from associado a where not exists (select 1 from imp_associados s where s.matricula = a.matricula)';
  const [row] = await session.query<{ total: number; amostra: number[]; ilegiveis: number }>(
    `select count(*)::int as total, (array_agg(matricula order by matricula))[1:20] as amostra,
            (select count(*)::int from imp_associados where recusada and matricula is null) as ilegiveis ${missing}`,
  );
  let marcados = 0;
  if (typeof status === 'string' && row!.ilegiveis === 0) {
    const updated = await session.query<{ matricula: number }>(
      `update associado set status = $1 where matricula in (select a.matricula ${missing}) and status <> $1 returning matricula`,
      [status],
    );
    marcados = updated.length;
  }
  return { total: row!.total, amostra: (row!.amostra ?? []).map(Number), marcados, ilegiveis: row!.ilegiveis };
}
