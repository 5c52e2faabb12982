import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { titularAccesses, titularAccessesQuery } from '../src/audit/titular.queries.js';
import { reportLine, summarize } from '../src/admin/titular-report.js';
import { titularPage } from '../src/admin/views/titular.js';
import { createAdminUser } from '../src/admin/admin-users.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connect, type Database } from '../src/db/connection.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { ensureDataset } from './dataset.js';

/**
 * The audit trail at the size issue 40 asks of it, on the million-member PostgreSQL dataset: ROWS entries (kept
 * between runs, made up to ROWS when fewer) over the
 * last 12 months (most of them one member's status check, some a list page of 100 members, some a refusal with
 * none), then the titular report of members read the most and of a typical one: the page's query and rendering,
 * warm, the median of five, with `EXPLAIN (ANALYZE, BUFFERS)` of the query.
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
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = await ensureDataset(serverUrl, MEMBERS, log, { keepAuditTrail: true });
  const database = await connect({ databaseUrl: url, poolSize: 2, statementTimeoutMs: 3_600_000 });
  const { db } = database;
  try {
    const started = Date.now();
    const { rows: existing } = await sql<{ n: string }>`select count(*)::text as n from auditoria`.execute(db);
    for (let done = Number(existing[0]!.n); done < ROWS; done += BATCH) {
      // Deterministic: entry n's member, kind and time follow from n alone.
      await sql`
        insert into auditoria (ocorrido_em, origem, token_id, metodo, rota, status, request_id, ip, matriculas)
        select now() - make_interval(secs => (n % 31536000)::double precision),
               'api', 1 + n % 5, 'GET',
               case when n % 20 = 0 then '/api/v1/associados' when n % 20 = 1 then '/api/v1/faturas' else '/api/v1/associados/:id/situacao' end,
               case when n % 50 = 2 then 401 else 200 end,
               'bench-' || n, '10.0.0.' || (n % 200),
               case when n % 50 = 2 then '{}'::bigint[]
                    when n % 20 < 2 then array(select 1 + (n * 7919 + k) % ${MEMBERS} from generate_series(0, 99) k)::bigint[]
                    else array[1 + (n * 104729) % ${MEMBERS}]::bigint[] end
          from generate_series(${done + 1}::bigint, ${Math.min(done + BATCH, ROWS)}::bigint) n`.execute(db);
      log(`audit trail: ${Math.min(done + BATCH, ROWS).toLocaleString('en')} rows (${Math.round((Date.now() - started) / 1000)} s)`);
    }
    await sql`vacuum analyze auditoria`.execute(db);
    const { rows: size } = await sql<{ rows: string; bytes: string }>`
      select (select count(*) from auditoria)::text as rows, (select sum(pg_total_relation_size(inhrelid)) from pg_inherits where inhparent = 'auditoria'::regclass)::text as bytes`.execute(
      db,
    );

    // The member with the most entries, found from a sample of the trail, and one typical member.
    const { rows: busiest } = await sql<{ matricula: string }>`
      select m as matricula from (select unnest(matriculas) m from auditoria tablesample system (1)) s
       group by m order by count(*) desc limit 1`.execute(db);
    const members = { busiest: Number(busiest[0]!.matricula), typical: 424_242 };
    const from = new Date(Date.now() - 366 * 86_400_000);
    const until = new Date(Date.now() + 86_400_000);
    const results: Record<string, unknown> = { rows: Number(size[0]!.rows), bytes: Number(size[0]!.bytes) };
    for (const [name, matricula] of Object.entries(members)) {
      const times: number[] = [];
      let accesses = 0;
      for (let run = 0; run < 6; run++) {
        const begun = performance.now();
        const lines = (await titularAccesses(db, matricula, from, until)).map(reportLine);
        titularPage({
          context: { adminEmail: 'bench', csrfToken: '', simulation: false },
          form: { associado: String(matricula), de: '', ate: '' },
          errors: {},
          report: {
            association: 'bench',
            titular: { matricula, nome: 'bench', cpf: '00000000000' },
            period: 'bench',
            generatedBy: 'bench',
            generatedAt: new Date(),
            lines,
            groups: summarize(lines),
          },
          csv: '',
        });
        accesses = lines.length;
        // The first run warms the cache.
        if (run > 0) times.push(performance.now() - begun);
      }
      times.sort((a, b) => a - b);
      const { rows: plan } = await sql<{
        'QUERY PLAN': string;
      }>`explain (analyze, buffers) ${titularAccessesQuery(matricula, from, until)}`.execute(db);
      const explained = plan.map((row) => row['QUERY PLAN']);
      results[name] = { matricula, accesses, medianMs: Math.round(times[2]! * 10) / 10, plan: explained };
      log(`titular report, ${name} member ${matricula}: ${accesses} accesses, median ${times[2]!.toFixed(1)} ms`);
      log(explained.join('\n'));
    }
    results.pages = await adminPages(url, database);
    writeFileSync(new URL('./results/audit-trail.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await database.close();
  }
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
  const email = 'bench@associa.example';
  const password = 'senha-do-benchmark-longa';
  await sql`delete from admin_usuario where email = ${email}`.execute(db);
  await createAdminUser(db, email, password);
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
