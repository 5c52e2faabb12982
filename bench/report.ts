import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { LoadResult } from './load.js';
import { resultsWriteTable, type ResultsWrite } from './results-write.js';
import { EXAMINED_LIMIT, scaleTable, violates, type ScaleRow } from './scale-check.js';
import { median } from './stats.js';

export interface Measurement extends LoadResult {
  id: string;
  label: string;
  runs: number[];
  peakRssMiB: number;
  /**
   * The ids of this measurement's ceilings: (a) the runtime with a body of its size, (b) or (c) the same query on a
   * minimal route, (h) a list's SQL written by hand, (p) the previous release (`--against`).
   */
  ceilings?: { a?: string; b?: string; c?: string; h?: string; p?: string };
}

/** Two measurements whose requests/s may differ by at most `limit` (fast ÷ slow). */
export interface Comparison {
  label: string;
  fast: string;
  slow: string;
  limit: number;
}

export interface Report {
  when: string;
  quick: boolean;
  members: number;
  smallMembers: number;
  connections: number;
  /** PostgreSQL connections of the service and of the ceilings (b). */
  poolSize: number;
  seconds: number;
  times: number;
  warmup: number;
  deepRows: number;
  durationSeconds: number;
  measurements: Measurement[];
  comparisons: Comparison[];
  scale: ScaleRow[];
  /** The README's ERP example, one client alone: each of the sequential requests, ms. */
  erp: { path: string; ms: number[] };
  /** `npm start` to ready on an existing embedded database, each try. */
  startupMs: number[];
  /** The exam results' write against the same rows in bare transactions. */
  resultsWrite: ResultsWrite;
}

type CeilingName = 'a' | 'b' | 'c' | 'h' | 'p';
/**
 * The share of its ceiling each endpoint must reach, with no errors and, on PostgreSQL, within the resident
 * memory limit; the other ceilings' ratios are shown for information. A list is also held to `hand`, its share of
 * (h), which does not move with the service's code as (b) does. The embedded service holds its database (PGlite's
 * WebAssembly memory) in its own process, so the limit of a service process does not apply to it.
 */
const TARGETS: Record<string, { on: CeilingName; ratio: number; hand?: number; p99?: number; rss?: false }> = {
  e1_public_cursos: { on: 'a', ratio: 0.5 },
  e2_associados: { on: 'b', ratio: 0.8, hand: 0.8 },
  e3_associado: { on: 'b', ratio: 0.6 },
  e4_situacao: { on: 'b', ratio: 0.8, p99: 25 },
  e5_cursos: { on: 'b', ratio: 0.8 },
  e6_curso: { on: 'b', ratio: 0.6 },
  e7_faturas_paid: { on: 'b', ratio: 0.8 },
  e7_faturas_erp: { on: 'b', ratio: 0.8 },
  e7_faturas_updated: { on: 'b', ratio: 0.8 },
  e4_embedded: { on: 'c', ratio: 0.8, rss: false },
};
/** A list (measured against its hand-written SQL) may not fall under this share of the previous release's figure. */
const PREVIOUS_LIMIT = 0.9;
const RSS_LIMIT_MIB = 300;
const STARTUP_LIMIT_MS = 3000;
const ERP_LIMIT_MS = 50;

const mark = (ok: boolean) => (ok ? 'yes' : '**no**');
// Three decimals: a ratio just short of its target (or just over its limit) must not read as equal to it.
const fixed = (value: number) => value.toFixed(3);

export function ratios(report: Report) {
  const byId = new Map(report.measurements.map((m) => [m.id, m]));
  const ratioTo = (m: Measurement, name: CeilingName) => {
    const ceiling = byId.get(m.ceilings?.[name] ?? '');
    return ceiling ? m.rps / ceiling.rps : undefined;
  };
  const endpoints = report.measurements.flatMap((m) => {
    const target = TARGETS[m.id];
    const ratio = target && ratioTo(m, target.on);
    if (!target || ratio === undefined) return [];
    const rssLimit = target.rss === false ? undefined : RSS_LIMIT_MIB;
    const hand = ratioTo(m, 'h');
    const previous = ratioTo(m, 'p');
    const previousLimit = previous !== undefined && m.ceilings?.h !== undefined ? PREVIOUS_LIMIT : undefined;
    const met =
      ratio >= target.ratio &&
      (target.hand === undefined || (hand !== undefined && hand >= target.hand)) &&
      (previousLimit === undefined || previous! >= previousLimit) &&
      (target.p99 === undefined || m.p99 <= target.p99) &&
      m.errors === 0 &&
      (rssLimit === undefined || m.peakRssMiB <= rssLimit);
    return [
      {
        id: m.id,
        label: m.label,
        ratio,
        target: target.ratio,
        ceiling: `(${target.on})`,
        hand: target.hand,
        previous,
        previousLimit,
        p99Limit: target.p99,
        rssLimit,
        met,
      },
    ];
  });
  const shown = Object.fromEntries(
    report.measurements.map((m) => [
      m.id,
      { a: ratioTo(m, 'a'), b: ratioTo(m, 'b') ?? ratioTo(m, 'c'), h: ratioTo(m, 'h'), p: ratioTo(m, 'p') },
    ]),
  );
  const comparisons = report.comparisons.flatMap(({ label, fast, slow, limit }) => {
    const f = byId.get(fast);
    const s = byId.get(slow);
    return f && s ? [{ label, factor: f.rps / s.rps, limit }] : [];
  });
  return { endpoints, shown, comparisons };
}

/** Ceilings first, then the endpoints, then the depth measurements. */
function RANK(id: string): number {
  if (id.startsWith('a_') || id.startsWith('h_')) return 0;
  if (id.startsWith('b_') || id.startsWith('p_')) return 1;
  if (id.startsWith('c_')) return 3;
  if (id === 'e4_embedded') return 4;
  return id.startsWith('depth_') ? 5 : 2;
}

function table(report: Report): string {
  const { endpoints, shown } = ratios(report);
  const target = new Map(endpoints.map((e) => [e.id, e]));
  const lines = [
    '| Measurement | req/s | p50 ms | p99 ms | errors | peak RSS MiB | ÷ (a) | ÷ (b) or (c) | ÷ (h) | ÷ (p) | target | met |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|',
  ];
  const ordered = [...report.measurements].sort((x, y) => RANK(x.id) - RANK(y.id));
  for (const m of ordered) {
    const t = target.get(m.id);
    const { a, b, h, p } = shown[m.id]!;
    const limits = [
      ...(t?.p99Limit === undefined ? [] : [`p99 ≤ ${t.p99Limit} ms`]),
      ...(t?.rssLimit === undefined ? [] : [`RSS ≤ ${t.rssLimit} MiB`]),
    ];
    const goal = t
      ? [
          `≥ ${t.target} × ${t.ceiling}`,
          ...(t.hand === undefined ? [] : [`≥ ${t.hand} × (h)`]),
          ...(t.previousLimit === undefined ? [] : [`≥ ${t.previousLimit} × (p)`]),
          ...limits,
          'no errors',
        ].join(', ')
      : '';
    const shownRatio = (ratio: number | undefined) => (ratio === undefined ? '' : fixed(ratio));
    lines.push(
      `| ${m.label} | ${m.rps} | ${m.p50} | ${m.p99} | ${m.errors} | ${m.peakRssMiB} | ${shownRatio(a)} | ${shownRatio(b)} | ` +
        `${shownRatio(h)} | ${shownRatio(p)} | ${goal} | ${t ? mark(t.met) : ''} |`,
    );
  }
  return lines.join('\n');
}

function comparisonTable(report: Report): string {
  const lines = ['| Comparison (ratio of requests/s) | factor | limit | met |', '|---|---:|---:|:---:|'];
  for (const c of ratios(report).comparisons)
    lines.push(`| ${c.label} | ${fixed(c.factor)} | ≤ ${c.limit} | ${mark(c.factor <= c.limit)} |`);
  return lines.join('\n');
}

function scaleSummary(report: Report): string {
  const failed = report.scale.filter(violates).length;
  return (
    `Pages examining more than ${EXAMINED_LIMIT} × the rows they return: ${failed} ` +
    `(${failed === 0 ? 'yes' : '**no**'}; the rule fails full runs, a \`--quick\` run only reports it).`
  );
}

function erpLine(report: Report): string {
  const ms = median(report.erp.ms);
  return (
    `The README's ERP example (\`${report.erp.path}\`) for one client alone: median ${ms} ms over ${report.erp.ms.length} sequential requests ` +
    `(target < ${ERP_LIMIT_MS} ms: ${mark(ms < ERP_LIMIT_MS)}).`
  );
}

function startupLine(report: Report): string {
  const ms = median(report.startupMs);
  return (
    `\`npm start\` to ready on the existing embedded database: ${report.startupMs.join(', ')} ms ` +
    `(median ${ms} ms; target < ${STARTUP_LIMIT_MS} ms: ${mark(ms < STARTUP_LIMIT_MS)}).`
  );
}

/** A horizontal bar per endpoint: its share of the ceiling it is held to, with the target marked. */
export function chart(report: Report): string {
  const { endpoints } = ratios(report);
  const width = 940;
  const left = 470;
  const barWidth = width - left - 70;
  const rowHeight = 34;
  const height = 50 + endpoints.length * rowHeight + 30;
  const maxRatio = Math.max(1, ...endpoints.map((e) => e.ratio));
  const x = (ratio: number) => left + (ratio / maxRatio) * barWidth;
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const rows = endpoints.map((e, i) => {
    const y = 40 + i * rowHeight;
    return [
      `<text x="${left - 8}" y="${y + 17}" text-anchor="end">${escape(e.label)}</text>`,
      `<rect x="${left}" y="${y + 4}" width="${(x(e.ratio) - left).toFixed(1)}" height="20" fill="${e.met ? '#2f7d4a' : '#b3412f'}"/>`,
      `<line x1="${x(e.target).toFixed(1)}" x2="${x(e.target).toFixed(1)}" y1="${y}" y2="${y + 28}" stroke="#1b1f24" stroke-width="2" stroke-dasharray="3 2"/>`,
      `<text x="${(x(e.ratio) + 6).toFixed(1)}" y="${y + 19}">${fixed(e.ratio)} ${e.ceiling}</text>`,
    ].join('');
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="system-ui, sans-serif" font-size="13" role="img" aria-label="Requests per second of each endpoint as a share of its ceiling">
<title>Each endpoint's requests/s as a share of its ceiling ((a) bare node:http with a body of the endpoint's size, (b) a minimal Fastify route running the endpoint's query, (c) the same on PGlite); dashed: target; green: every target of the row met</title>
<text x="${left}" y="22" font-weight="bold">Share of the ceiling (req/s ÷ ceiling req/s); dashed line: target</text>
<line x1="${x(1)}" x2="${x(1)}" y1="34" y2="${height - 20}" stroke="#8c959f"/>
${rows.join('\n')}
<text x="${x(1)}" y="${height - 6}" text-anchor="middle" fill="#55606e">1.0</text>
</svg>
`;
}

const BEGIN = '<!-- bench:begin (written by npm run bench) -->';
const END = '<!-- bench:end -->';

function markdown(report: Report): string {
  return [
    BEGIN,
    `Run of ${report.when} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}: ` +
      `PostgreSQL with ${report.members.toLocaleString('en')} members (and ${report.smallMembers.toLocaleString('en')} for the size comparison and on the embedded database), ` +
      `${report.poolSize} PostgreSQL connections for the service and for (b), ` +
      `wrk (one thread) with ${report.connections} connections, ${report.warmup} s warm-up, median of ${report.times} × ${report.seconds} s; the whole run took ${report.durationSeconds} s.`,
    '',
    table(report),
    '',
    comparisonTable(report),
    '',
    `Scale check: EXPLAIN (ANALYZE, BUFFERS) of the first page and of the page after ${report.deepRows.toLocaleString('en')} rows of every list filter and README example` +
      ' (rows examined: the rows every table scan read, kept or filtered out, times its loops; a per-row subquery reading details of a returned row is not counted; the generic plan is the one a prepared statement may switch to after five executions).',
    '',
    scaleTable(report.scale),
    '',
    scaleSummary(report),
    '',
    erpLine(report),
    '',
    startupLine(report),
    '',
    resultsWriteTable(report.resultsWrite),
    '',
    '![Share of the ceiling per endpoint](benchmarks.svg)',
    END,
  ].join('\n');
}

export function writeReport(report: Report, log: (line: string) => void): void {
  for (const part of [
    table(report),
    comparisonTable(report),
    scaleSummary(report),
    erpLine(report),
    startupLine(report),
    resultsWriteTable(report.resultsWrite),
  ]) {
    log('');
    log(part);
  }
  const json = `${JSON.stringify({ ...report, ratios: ratios(report) }, null, 2)}\n`;
  if (report.quick) {
    writeFileSync('bench/results/quick.json', json);
    log('\nwrote bench/results/quick.json (a --quick run leaves docs/benchmarks.md alone)');
    return;
  }
  writeFileSync('bench/results/latest.json', json);
  writeFileSync('docs/benchmarks.svg', chart(report));
  const path = 'docs/benchmarks.md';
  const current = existsSync(path) ? readFileSync(path, 'utf8') : `# Benchmarks\n\n${BEGIN}\n${END}\n`;
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  const updated =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${markdown(report)}${current.slice(end + END.length)}`
      : `${current}\n${markdown(report)}\n`;
  writeFileSync(path, updated);
  log('\nwrote bench/results/latest.json, docs/benchmarks.md and docs/benchmarks.svg');
}
