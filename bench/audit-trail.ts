import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { countedUntil, countTitularDays, periodParts } from '../src/audit/titular-counts.js';
import { titularAccessesQuery, titularSummaryQuery, PROBE_ENTRIES } from '../src/audit/titular.queries.js';
import { createAdminUser } from '../src/admin/admin-users.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connect, type Database } from '../src/db/connection.js';
import { businessDate, dateOfDay, dayNumber, startOfBusinessDay } from '../src/domain/dates.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { ensureDataset } from './dataset.js';
import { BENCH_SECRETS_KEY, NODE_FLAGS, startService, type Service } from './processes.js';

/**
 * The audit trail at the size issue 40 asks of it, on the million-member PostgreSQL dataset: ROWS entries (kept
 * between runs, made up to ROWS when fewer) over the last 12 months (most of them one member's status check, some a
 * list page of 100 members, some a refusal with none) of which one in ten is member HEAVY's, read by three
 * integrations as an ERP paging through the members every few minutes would (1,000,000 of 10,000,000). Then the
 * days not yet counted by member are counted, as the service does (timed: the whole trail on a first run), and the
 * Relatório do titular of that member and of a typical one, over HTTP from the service as production runs it
 * (compiled, `--max-old-space-size=192`, in a process of its own): the page (warm, the median of five), the next
 * page, and the CSV, streamed, with the service's peak RSS sampled while it streams; with `EXPLAIN (ANALYZE, BUFFERS)`
 * of the report's queries.
 *
 *   node --import tsx bench/audit-trail.ts [--rows 10000000]
 */

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const MEMBERS = 1_000_000;
const ROWS = argument('rows', 10_000_000);
const BATCH = 1_000_000;
/** The member read by every integration's paging: entry n is theirs when n % 10 = 3. */
const HEAVY = 777_777;
const TYPICAL = 424_242;
const log = (line: string) => process.stdout.write(`${line}\n`);
const round = (ms: number) => Math.round(ms * 10) / 10;

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = await ensureDataset(serverUrl, MEMBERS, log, { keepAuditTrail: true });
  const database = await connect({ databaseUrl: url, poolSize: 2, statementTimeoutMs: 3_600_000 });
  const { db } = database;
  try {
    const tokens = await trailTokens(database);
    const started = Date.now();
    const { rows: existing } = await sql<{ n: string }>`select coalesce(max(id), 0)::text as n from auditoria`.execute(db);
    for (let done = Number(existing[0]!.n); done < ROWS; done += BATCH) {
      // Deterministic: entry n's member, kind and time follow from n alone (ids follow n on an empty trail).
      await sql`
        insert into auditoria (ocorrido_em, origem, token_id, metodo, rota, status, request_id, ip, matriculas)
        select now() - make_interval(secs => (n % 31536000)::double precision),
               'api', case when n % 10 = 3 then (${tokens}::bigint[])[1 + (n / 10) % 3] else (${tokens}::bigint[])[1 + n % 5] end, 'GET',
               case when n % 10 = 3 then (case when (n / 10) % 4 = 0 then '/api/v1/associados/:id' else '/api/v1/associados/:id/situacao' end)
                    when n % 20 = 0 then '/api/v1/associados' when n % 20 = 1 then '/api/v1/faturas' else '/api/v1/associados/:id/situacao' end,
               case when n % 50 = 2 then 401 else 200 end,
               'bench-' || n, '10.0.0.' || (n % 200),
               case when n % 10 = 3 then array[${HEAVY}]::bigint[]
                    when n % 50 = 2 then '{}'::bigint[]
                    when n % 20 < 2 then array(select 1 + (n * 7919 + k) % ${MEMBERS} from generate_series(0, 99) k)::bigint[]
                    else array[1 + (n * 104729) % ${MEMBERS}]::bigint[] end
          from generate_series(${done + 1}::bigint, ${Math.min(done + BATCH, ROWS)}::bigint) n`.execute(db);
      log(`audit trail: ${Math.min(done + BATCH, ROWS).toLocaleString('en')} rows (${Math.round((Date.now() - started) / 1000)} s)`);
    }
    await sql`vacuum analyze auditoria`.execute(db);
    const { rows: size } = await sql<{ rows: string; bytes: string; heavy: string }>`
      select (select count(*) from auditoria)::text as rows,
             (select count(*) from auditoria where matriculas @> array[${HEAVY}]::bigint[])::text as heavy,
             (select sum(pg_total_relation_size(inhrelid)) from pg_inherits where inhparent = 'auditoria'::regclass)::text as bytes`.execute(
      db,
    );
    const results: Record<string, unknown> = {
      rows: Number(size[0]!.rows),
      bytes: Number(size[0]!.bytes),
      heavyEntries: Number(size[0]!.heavy),
    };
    log(
      `audit trail: ${Number(size[0]!.rows).toLocaleString('en')} rows, member ${HEAVY} in ${Number(size[0]!.heavy).toLocaleString('en')}`,
    );
    results.counting = await countDays(database);
    results.titular = await titularReports(url, database);
    results.pages = await adminPages(url, database);
    writeFileSync(new URL('./results/audit-trail.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await database.close();
  }
}

/**
 * Counts the days of the trail not yet counted, as the service does (src/audit/titular-counts.ts): the whole trail on
 * the first run, the days since on the next. Timed, with the size the counts take.
 */
async function countDays(database: Database): Promise<Record<string, unknown>> {
  const { db } = database;
  const entries = async (until: Date | null) =>
    until === null
      ? 0
      : Number((await sql<{ n: string }>`select count(*)::text as n from auditoria where ocorrido_em < ${until}`.execute(db)).rows[0]!.n);
  const before = await entries(await countedUntil(db));
  const begun = performance.now();
  const { days, until } = await countTitularDays(database, new Date());
  const seconds = (performance.now() - begun) / 1000;
  const counted = (await entries(until)) - before;
  const { rows } = await sql<{ rows: string; bytes: string }>`
    select (select count(*) from auditoria_titular)::text as rows,
           (select coalesce(sum(pg_total_relation_size(inhrelid)), 0) from pg_inherits where inhparent = 'auditoria_titular'::regclass)::text as bytes`.execute(
    db,
  );
  const result = {
    days,
    entries: counted,
    seconds: Math.round(seconds * 10) / 10,
    entriesPerSecond: seconds > 0 ? Math.round(counted / seconds) : null,
    countRows: Number(rows[0]!.rows),
    countBytes: Number(rows[0]!.bytes),
  };
  log(`counting: ${JSON.stringify(result)}`);
  return result;
}

/** The five integrations of the trail, made when absent. */
async function trailTokens(database: Database): Promise<number[]> {
  const { db } = database;
  const names = ['ERP', 'Portal', 'Provas', 'Financeiro', 'Aplicativo'].map((name) => `bench-trilha ${name}`);
  for (const nome of names) {
    if (!(await db.selectFrom('api_token').select('id').where('nome', '=', nome).executeTakeFirst()))
      await createToken(db, { nome, scopes: ['associados:read', 'faturas:read'], criadoPor: 'bench@associa.example' });
  }
  const rows = await db.selectFrom('api_token').select(['id', 'nome']).where('nome', 'in', names).execute();
  return names.map((name) => rows.find((row) => row.nome === name)!.id);
}

const ADMIN_EMAIL = 'bench@associa.example';
const ADMIN_PASSWORD = 'senha-do-benchmark-longa';

/** The administrator's session cookie on `base`, signed in through the login form. */
async function signIn(base: string): Promise<string> {
  const form = await fetch(`${base}/admin/entrar`);
  const cookies = form.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  const login = await fetch(`${base}/admin/entrar`, {
    method: 'POST',
    body: new URLSearchParams({ _csrf: csrf, email: ADMIN_EMAIL, senha: ADMIN_PASSWORD }),
    headers: { cookie: cookies.join('; ') },
    redirect: 'manual',
  });
  const session = login.headers.getSetCookie().find((cookie) => cookie.startsWith('associa_admin='));
  if (!session) throw new Error(`sign-in failed: ${login.status}`);
  return session.split(';')[0]!;
}

/** The service's peak resident memory so far (VmHWM), in MiB. */
const highWaterMiB = (pid: number) =>
  Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/**
 * The report's page and CSV over HTTP from the service, compiled and in a process of its own with production's heap
 * limit, so that its memory is its own: the page warm (the median of five after one), the page after it, and the
 * whole CSV read as it streams, counting its lines, with the service's RSS sampled every 100 ms meanwhile.
 */
async function titularReports(url: string, database: Database): Promise<Record<string, unknown>> {
  await sql`delete from admin_usuario where email = ${ADMIN_EMAIL}`.execute(database.db);
  await createAdminUser(database.db, ADMIN_EMAIL, ADMIN_PASSWORD);
  log('building…');
  if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('the build failed');
  // As startAssociaProcess, ready once it listens: nothing here waits for its background work.
  // Not 4190: fetch refuses it (a "bad port" of the Fetch standard, ManageSieve's), and the readiness wait never ends.
  const port = 4180;
  const service: Service = await startService(
    'associa',
    process.execPath,
    [...NODE_FLAGS, 'bin/associa.js', 'serve'],
    {
      NODE_ENV: 'production',
      DATABASE_URL: url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      DB_POOL_SIZE: '2',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      WEBHOOK_SECRETS_KEY: BENCH_SECRETS_KEY,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
    },
    port,
    '/healthz',
  );
  const results: Record<string, unknown> = {};
  try {
    const cookie = await signIn(service.base);
    const get = async (path: string) => {
      const begun = performance.now();
      const response = await fetch(`${service.base}${path}`, { headers: { cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.slice(0, 500)}`);
      return { ms: performance.now() - begun, body };
    };
    for (const [name, matricula] of [
      ['heavy', HEAVY],
      ['typical', TYPICAL],
    ] as const) {
      const path = `/admin/auditoria/titular?associado=${matricula}`;
      const first = await get(path);
      const times: number[] = [];
      for (let run = 0; run < 5; run++) times.push((await get(path)).ms);
      times.sort((a, b) => a - b);
      const total = /Resumo: ([0-9.]+) acesso/.exec(first.body)?.[1] ?? '0';
      const lines = first.body.match(/<tr data-acesso>/g)?.length ?? 0;
      const next = /href="([^"]+)#cada-acesso" rel="next"/.exec(first.body)?.[1]?.replace(/&amp;/g, '&');
      const nextMs = next ? round((await get(next)).ms) : null;
      service.assertRunning(`the titular report of ${matricula}`);

      // The CSV, read as it arrives; the service's RSS is sampled from its first byte to its last.
      const rssBefore = service.peakRssMiB();
      service.resetPeak();
      const begun = performance.now();
      const response = await fetch(`${service.base}/admin/auditoria/titular.csv?associado=${matricula}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`CSV of ${matricula}: ${response.status}`);
      let bytes = 0;
      let newlines = 0;
      let firstByteMs = 0;
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const buffer = read.value;
        if (bytes === 0) firstByteMs = performance.now() - begun;
        bytes += buffer.length;
        for (const byte of buffer) if (byte === 10) newlines++;
      }
      const csvMs = performance.now() - begun;
      service.assertRunning(`the titular CSV of ${matricula}`);
      const report = {
        matricula,
        accesses: Number(total.replace(/\./g, '')),
        summaryShown: /Resumo: /.test(first.body),
        pageLines: lines,
        firstPageColdMs: round(first.ms),
        pageMedianMs: round(times[2]!),
        nextPageMs: nextMs,
        csv: { lines: newlines - 1, bytes, firstByteMs: round(firstByteMs), ms: Math.round(csvMs) },
        rssMiB: { beforeCsv: rssBefore, peakWhileStreaming: service.peakRssMiB(), highWater: highWaterMiB(service.pid) },
      };
      results[name] = report;
      log(`titular report of ${matricula}: ${JSON.stringify(report)}`);
    }
  } finally {
    await service.stop();
  }
  results.plans = await titularPlans(database);
  return results;
}

/** `EXPLAIN (ANALYZE, BUFFERS)` of the report's statements for both members, as the service runs them. */
async function titularPlans(database: Database): Promise<Record<string, string[]>> {
  const { db } = database;
  // As the report's default: from before any entry to the end of today (São Paulo).
  const period = { from: new Date('2000-01-01T03:00:00Z'), until: startOfBusinessDay(dateOfDay(dayNumber(businessDate(new Date())) + 1)) };
  const plans: Record<string, string[]> = {};
  for (const matricula of [HEAVY, TYPICAL]) {
    const member = sql`array[${matricula}]::bigint[]`;
    for (const [name, query] of [
      ['summary', titularSummaryQuery(matricula, periodParts(period.from, period.until, await countedUntil(db)))],
      [
        'page-probe',
        sql`with probe as materialized (select * from auditoria a where a.ocorrido_em >= ${period.from} and (a.ocorrido_em, a.id) > (${period.from}, 0)
                 and a.ocorrido_em < ${period.until} order by a.ocorrido_em, a.id limit ${PROBE_ENTRIES})
            select id, (select count(*) from probe) from probe where matriculas @> ${member} order by ocorrido_em, id limit 201`,
      ],
      [
        'page-gin',
        sql`select id from (select * from auditoria where matriculas @> ${member} offset 0) a
             where a.ocorrido_em >= ${period.from} and a.ocorrido_em < ${period.until} order by a.ocorrido_em, a.id limit 201`,
      ],
      ['csv', titularAccessesQuery(matricula, period)],
    ] as const) {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${query}`.execute(db);
      plans[`${matricula}-${name}`] = rows.map((row) => row['QUERY PLAN']);
      log(`${matricula} ${name}:\n${plans[`${matricula}-${name}`]!.join('\n')}`);
    }
  }
  return plans;
}

/** Tokens of the usage rollups, and the operations each calls. */
const TOKENS = 20;
const ROUTES = [
  '/api/v1/associados/:id/situacao',
  '/api/v1/associados/situacao',
  '/api/v1/associados',
  '/api/v1/associados/:id',
  '/api/v1/faturas',
  '/api/v1/faturas/:id',
  '/api/v1/cursos',
];

/**
 * The pages drawn from the usage rollups, through the app (query and rendering, as an administrator gets them): a
 * token's Uso, Integrações and Auditoria with its overview. The rollups hold 35 days of TOKENS tokens calling every
 * operation every hour (117,600 rows, more than a deployment keeps), made when absent. Warm, the median of five.
 */
async function adminPages(url: string, database: Database): Promise<Record<string, unknown>> {
  const { db } = database;
  let tokens = (await db.selectFrom('api_token').select('id').where('nome', 'like', 'bench-uso-%').orderBy('id').execute()).map(
    (t) => t.id,
  );
  if (tokens.length < TOKENS) {
    for (let n = tokens.length; n < TOKENS; n++)
      await createToken(db, { nome: `bench-uso-${n + 1}`, scopes: ['associados:situacao'], criadoPor: 'bench' });
    tokens = (await db.selectFrom('api_token').select('id').where('nome', 'like', 'bench-uso-%').orderBy('id').execute()).map((t) => t.id);
    await sql`delete from uso_token_hora`.execute(db);
    await sql`insert into uso_token_hora (token_id, hora, rota, requisicoes, erros, recusadas)
      select t, date_trunc('hour', now()) - make_interval(hours => h), r, 1 + (t * 7919 + h * 104729) % 3000, (t + h) % 7, (t * h) % 5
        from unnest(${tokens}::bigint[]) t, generate_series(0, 35 * 24 - 1) h, unnest(${ROUTES}::text[]) r`.execute(db);
    await sql`vacuum analyze uso_token_hora`.execute(db);
  }
  const email = ADMIN_EMAIL;
  const password = ADMIN_PASSWORD;
  const app = await buildApp({ config: loadConfig({ DATABASE_URL: url, SIMULATION: 'off' }), database });
  try {
    let cookie = '';
    const get = async (path: string) => {
      const response = await app.inject({ url: path, headers: cookie ? { cookie } : {} });
      const session = response.cookies.find((c) => c.name === 'associa_admin');
      if (session?.value) cookie = `associa_admin=${session.value}`;
      return response;
    };
    const form = await get('/admin/entrar');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)![1]!;
    const login = await app.inject({
      method: 'POST',
      url: '/admin/entrar',
      payload: new URLSearchParams({ _csrf: csrf, email, senha: password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    });
    const session = login.cookies.find((c) => c.name === 'associa_admin');
    cookie = `associa_admin=${session!.value}`;
    const token = tokens[0]!;
    const results: Record<string, unknown> = {};
    for (const [name, path] of [
      ['uso', `/admin/integracoes/${token}/uso`],
      ['integracoes', '/admin/integracoes'],
      ['auditoria', '/admin/auditoria'],
    ] as const) {
      const times: number[] = [];
      for (let run = 0; run < 6; run++) {
        const begun = performance.now();
        const response = await get(path);
        if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
        if (run > 0) times.push(performance.now() - begun);
      }
      times.sort((a, b) => a - b);
      results[name] = { path, medianMs: Math.round(times[2]! * 10) / 10 };
      log(`${path}: median ${times[2]!.toFixed(1)} ms`);
    }
    for (const [name, query] of [
      ['uso-days', sql`select * from uso_token_hora where token_id = ${token} and hora >= now() - interval '30 days'`],
      [
        'overview',
        sql`select token_id, hora, sum(requisicoes) from uso_token_hora where hora >= date_trunc('hour', now()) - interval '167 hours' group by token_id, hora`,
      ],
      ['auditoria-first-page', sql`select * from auditoria order by ocorrido_em desc, id desc limit 101`],
    ] as const) {
      const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${query}`.execute(db);
      results[`plan-${name}`] = plan.map((row) => row['QUERY PLAN']);
      log(plan.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return results;
  } finally {
    await app.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench/audit-trail: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
