import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { titularAccesses, titularAccessesQuery } from '../src/audit/titular.queries.js';
import { reportLine, summarize } from '../src/admin/titular-report.js';
import { titularPage } from '../src/admin/views/titular.js';
import { connect } from '../src/db/connection.js';
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
      select (select count(*) from auditoria)::text as rows, pg_total_relation_size('auditoria')::text as bytes`.execute(db);

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
    writeFileSync(new URL('./results/audit-trail.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench/audit-trail: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
