// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const OPS = fileURLToPath(new URL('../../ops/', import.meta.url));
const ALERTS = `${OPS}prometheus-alerts.yml`;
const DASHBOARD = `${OPS}grafana-dashboard.json`;

/** Series Prometheus makes itself for every target, not exported by the app. */
const FROM_PROMETHEUS = new Set(['up']);

const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'atan2',
]);
/** Aggregations may put their `by (…)` between their name and their parenthesis: `sum by (route) (…)`. */
const AGGREGATIONS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'group',
  'stddev',
  'stdvar',
  'count',
  'count_values',
  'bottomk',
  'topk',
  'quantile',
  'limitk',
  'limit_ratio',
]);
const LITERALS = new Set(['inf', 'nan']);

/**
 * The metric names a PromQL expression (or a Grafana query, with its $variables) reads: its identifiers once
 * strings, label matchers, ranges, label lists of `by`/`on`/…, functions and keywords are set aside.
 */
function metricNames(expression: string): string[] {
  const bare = expression
    // Strings first: they may hold any character, braces included.
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\$\{[^}]*\}|\$\w+/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w.])([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    const [, name, call] = match;
    if (call || KEYWORDS.has(name!) || AGGREGATIONS.has(name!) || LITERALS.has(name!.toLowerCase())) continue;
    names.add(name!);
  }
  return [...names];
}

/** The `expr` of every rule in a rules file written as ops/prometheus-alerts.yml is: inline, or a block (`|`). */
function ruleExpressions(yaml: string): string[] {
  const lines = yaml.split('\n');
  const expressions: string[] = [];
  lines.forEach((line, index) => {
    const match = /^(\s*)expr:\s*(.*)$/.exec(line);
    if (!match) return;
    const [, indent, rest] = match;
    if (!/^[|>][-+]?$/.test(rest!.trim())) return void expressions.push(rest!.trim());
    const block: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() !== '' && next.length - next.trimStart().length <= indent!.length) break;
      block.push(next.trim());
    }
    expressions.push(block.join(' ').trim());
  });
  return expressions;
}

interface Panel {
  title?: string;
  targets?: { expr?: string }[];
  panels?: Panel[];
}

/** Every query of the dashboard: its panels' (rows' panels included) and its variables'. */
function dashboardQueries(dashboard: {
  panels: Panel[];
  templating: { list: { type: string; query?: unknown }[] };
}): { where: string; expr: string }[] {
  const queries: { where: string; expr: string }[] = [];
  const walk = (panels: Panel[]) => {
    for (const panel of panels) {
      for (const target of panel.targets ?? []) if (target.expr) queries.push({ where: `panel "${panel.title}"`, expr: target.expr });
      walk(panel.panels ?? []);
    }
  };
  walk(dashboard.panels);
  for (const variable of dashboard.templating.list) {
    if (variable.type !== 'query') continue;
    const query = typeof variable.query === 'string' ? variable.query : (variable.query as { query: string }).query;
    // label_values(<selector>, <label>): its label is no metric.
    const selector = /^label_values\((.*),\s*\w+\)$/.exec(query)?.[1] ?? query;
    queries.push({ where: 'a variable', expr: selector });
  }
  return queries;
}

/** The names of the series in Prometheus text, as Prometheus stores them (a histogram's `_bucket`, `_sum`, `_count`). */
function exportedSeries(text: string): Set<string> {
  return new Set(
    text
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => /^[a-zA-Z_:][\w:]*/.exec(line)![0]),
  );
}

const promtool = spawnSync('promtool', ['--version']).status === 0;
const withoutPromtool = promtool
  ? false
  : process.env.REQUIRE_PROMTOOL
    ? false
    : "promtool is not installed (Debian's prometheus package); REQUIRE_PROMTOOL=1 makes its absence a failure";

describe('monitoring: the alert rules and the dashboard', () => {
  it('has rules promtool accepts, and whose unit tests pass', { skip: withoutPromtool }, () => {
    assert.ok(promtool, 'REQUIRE_PROMTOOL is set and promtool is not installed: apt-get install prometheus');
    const check = spawnSync('promtool', ['check', 'rules', ALERTS], { encoding: 'utf8' });
    assert.equal(check.status, 0, check.stdout + check.stderr);
    assert.match(check.stdout, /SUCCESS: \d+ rules found/);
    const test = spawnSync('promtool', ['test', 'rules', 'prometheus-alerts.test.yml'], { cwd: OPS, encoding: 'utf8' });
    assert.equal(test.status, 0, test.stdout + test.stderr);
  });

  it('reads the metric names of PromQL', () => {
    assert.deepEqual(
      metricNames(
        'histogram_quantile(0.99, sum by (le, route) (rate(associa_http_request_duration_seconds_bucket{job="$job",route=~"/api/.*"}[$__rate_interval])))',
      ),
      ['associa_http_request_duration_seconds_bucket'],
    );
    assert.deepEqual(metricNames('count by (job) (count by (job, version) (associa_build_info{job="associa"})) > 1'), [
      'associa_build_info',
    ]);
    assert.deepEqual(metricNames('a_total > 0 and on (instance) max without (x) (increase(b_total[5m] offset 1h)) == bool 0 unless c'), [
      'a_total',
      'b_total',
      'c',
    ]);
    assert.deepEqual(metricNames('process_resident_memory_bytes{job="a",note="{not_a_metric}"} > 350 * 1024 * 1024'), [
      'process_resident_memory_bytes',
    ]);
    assert.deepEqual(metricNames('up == 0'), ['up']);
  });

  it('reads every rule of the rules file', () => {
    const yaml = readFileSync(ALERTS, 'utf8');
    const expressions = ruleExpressions(yaml);
    assert.equal(expressions.length, [...yaml.matchAll(/^\s*- (alert|record):/gm)].length);
    for (const expression of expressions) assert.ok(metricNames(expression).length > 0, expression);
  });

  describe('names only metrics the app exports', () => {
    let t: TestDatabase;
    let app: FastifyInstance;
    let series: Set<string>;

    before(async () => {
      t = await createTestDatabase();
      app = await buildApp({
        config: loadConfig({
          METRICS: 'on',
          RATE_LIMIT_PUBLIC: '1',
          // Without a Redis of its own, one nobody listens on: the Redis metrics exist whenever REDIS_URL is set.
          REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:1',
        }),
        database: t.database,
      });
      // Requests that make every labelled series appear: answers, a refusal (429) and a token's warning.
      assert.equal((await app.inject({ url: '/api/v1/public/cursos', remoteAddress: '10.8.0.1' })).statusCode, 200);
      assert.equal((await app.inject({ url: '/api/v1/public/cursos', remoteAddress: '10.8.0.1' })).statusCode, 429);
      const { token } = await createToken(t.database.db, {
        nome: 'monitoring',
        scopes: ['cursos:read'],
        criadoPor: 'test',
        lifetimeSeconds: 3 * 86_400,
      });
      const warned = await app.inject({ url: '/api/v1/cursos', headers: { authorization: `Bearer ${token}` } });
      assert.equal(warned.statusCode, 200);
      assert.ok(warned.headers.sunset, 'a token in its last days is warned');
      await app.audit.flush();
      series = exportedSeries((await app.inject('/metrics')).body);
    });
    after(async () => {
      await app.close();
      await t.dispose();
    });

    const missing = (names: string[]) => names.filter((name) => !series.has(name) && !FROM_PROMETHEUS.has(name));

    it('in the alert rules', () => {
      for (const expression of ruleExpressions(readFileSync(ALERTS, 'utf8'))) {
        assert.deepEqual(missing(metricNames(expression)), [], `not exported, in ${expression}`);
      }
    });

    it('in the dashboard', () => {
      const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Parameters<typeof dashboardQueries>[0];
      const queries = dashboardQueries(dashboard);
      assert.ok(queries.length >= 20, `${queries.length} queries`);
      for (const { where, expr } of queries) assert.deepEqual(missing(metricNames(expr)), [], `not exported, in ${where}: ${expr}`);
    });
  });

  it('has a dashboard Grafana can import: a data source variable, unique panel ids, panels on the grid', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      uid: string;
      title: string;
      panels: { id: number; type: string; datasource?: { uid: string }; gridPos: { x: number; y: number; w: number; h: number } }[];
      templating: { list: { name: string; type: string; query?: unknown }[] };
    };
    assert.ok(dashboard.uid && dashboard.title);
    const source = dashboard.templating.list.find((variable) => variable.type === 'datasource');
    assert.equal(source?.query, 'prometheus');
    const ids = dashboard.panels.map((panel) => panel.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const panel of dashboard.panels) {
      if (panel.type !== 'row') assert.equal(panel.datasource?.uid, `\${${source.name}}`);
      assert.ok(panel.gridPos.x >= 0 && panel.gridPos.x + panel.gridPos.w <= 24, `panel ${panel.id} fits the grid's 24 columns`);
    }
  });
});
