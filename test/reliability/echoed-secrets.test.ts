// Runs once, on PostgreSQL, as production runs: what the service echoes, logs and keeps in memory does not depend on the database.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { businessDate } from '../../src/domain/dates.js';
import { formatCpf } from '../../src/domain/cpf.js';
import { seed } from '../../src/seed/load.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { ApiClient } from '../helpers/api.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/** A CPF as a client may write it: bare, masked, or masked and percent-encoded. */
const CPF_SHAPED = /(?<!\d)\d{3}(?:\.|%2E)?\d{3}(?:\.|%2E)?\d{3}(?:-|%2D)?\d{2}(?!\d)/gi;

interface Route {
  path: string;
  methods: string[];
}

/** The pages of the administration area that need no session, so answer rather than redirect. */
const OPEN_ADMIN_PAGES = ['/admin/entrar', '/admin/assets/admin.css', '/admin/assets/admin.js'];

/**
 * Addresses whose answers are built from the address itself, so must drop or redact what it holds: the
 * administration area's redirect to its login and its login form (both carry the address in `proximo`), its
 * 404 page, and @fastify/swagger-ui's redirect of /docs/static/index.html, which kept the query.
 */
function echoing(url: string): boolean {
  const [path = '', query] = url.split('?');
  if (path === '/docs/static/index.html') return query !== undefined;
  return path.startsWith('/admin') && (!OPEN_ADMIN_PAGES.includes(path) || Boolean(query?.includes('proximo=')));
}

/** Every route of the app, from its own route table (a tree of path segments, four columns per level). */
function routeTable(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    segments.length = match[1]!.length / 4;
    segments.push(match[2]!);
    if (match[3]) routes.push({ path: segments.join(''), methods: match[3].split(', ') });
  }
  return routes;
}

/**
 * A token and members' CPFs placed everywhere a client can put them (path segments, query strings, headers),
 * on every route the app has: nothing in any answer, body or header, may hand them back. The caller's own
 * token lacks `associados:cpf`, so no full CPF of a member may come back either.
 */
describe('secrets a client sends', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let api: ApiClient;
  let secret: string;
  let caller: string;
  let cpfs: Set<string>;
  let placed: string[];

  before(async () => {
    t = await createTestDatabase();
    const now = new Date();
    await seed(t.database, { members: 40, seed: 11, now, today: businessDate(now), reset: false });
    // Limits would turn most answers into 429s before the routes could echo anything.
    app = await buildApp({
      config: loadConfig({
        REDIS_URL: process.env.REDIS_URL,
        METRICS: 'on',
        RATE_LIMIT_PUBLIC: '100000000',
        RATE_LIMIT_AUTH_FAILURES: '100000000',
      }),
      database: t.database,
    });
    await app.ready();
    api = new ApiClient(app);
    const scopes = ['associados:read', 'associados:situacao', 'cursos:read', 'faturas:read'] as const;
    secret = (
      await createToken(t.database.db, {
        limiteSimultaneas: 1_000,
        nome: 'segredo',
        scopes: [...scopes, 'associados:cpf'],
        criadoPor: 'test',
      })
    ).token;
    caller = (
      await createToken(t.database.db, {
        limiteSimultaneas: 1_000,
        nome: 'chamador',
        scopes,
        criadoPor: 'test',
        limitePorMinuto: 100_000_000,
      })
    ).token;
    const { rows } = await sql<{ cpf: string }>`select cpf from associado order by matricula`.execute(t.database.db);
    cpfs = new Set(rows.map((row) => row.cpf));
    const [first, second] = rows.map((row) => row.cpf);
    placed = [secret, first!, formatCpf(second!)];
  });
  after(async () => {
    await app.close();
    await t.dispose();
  });

  /** The addresses of a route with the secrets in its path and in its query string. */
  function urls(path: string): string[] {
    const [token, cpf, formatted] = placed as [string, string, string];
    const paths = [...placed, token.replace('_', '%5F')].map((value) =>
      /[:*]/.test(path) ? path.replace(/:[A-Za-z]+|\*/g, value) : `${path.replace(/\/$/, '')}/${value}`,
    );
    const queries = [
      `token=${token}`,
      `access_token=${token}`,
      `${token}=1`,
      `status=${token}`,
      `limit=${token}`,
      `cursor=${token}`,
      `crm=${token}`,
      `proximo=/admin/${token}`,
      `x=${token.replace('_', '%5F')}`,
      `cpf=${cpf}`,
      `cpf=${encodeURIComponent(formatted)}`,
      `q=${formatted}`,
      `status=${cpf}`,
      `paid_from=${formatted}`,
      `regional=${cpf}`,
      `updated_since=${cpf}`,
      `cpf=${cpf}&token=${token}&status=ativo`,
    ];
    const bare = path.replace(/:[A-Za-z]+|\*/g, '1');
    return [...paths, ...queries.map((query) => `${bare}?${query}`)];
  }

  /** The headers of a request, carrying the secrets, with the caller's token, a mangled secret one, a password or none. */
  function headerSets(): [string, Record<string, string>][] {
    const [token, cpf, formatted] = placed as [string, string, string];
    const placedInHeaders = {
      'x-request-id': token,
      referer: `https://erp.example/?token=${token}&cpf=${cpf}`,
      cookie: `associa_admin=${token}; cpf=${formatted}`,
      'x-api-key': token,
      'if-none-match': `"${token}"`,
      'x-forwarded-for': formatted,
      origin: `https://${cpf}.example`,
    };
    return [
      ['caller', { ...placedInHeaders, authorization: `Bearer ${caller}` }],
      ['mangled token', { ...placedInHeaders, authorization: `Bearer ${token}x` }],
      ['password', { ...placedInHeaders, authorization: `Basic ${Buffer.from(`${cpf}:${token}`).toString('base64')}` }],
      ['no credentials', placedInHeaders],
    ];
  }

  /** What of the secrets an answer holds, if anything. */
  function leak(response: LightMyRequestResponse): string | undefined {
    const text = `${Object.entries(response.headers)
      .map(([name, value]) => `${name}: ${String(value)}`)
      .join('\n')}\n${response.body}`;
    if ([secret, caller].some((token) => text.includes(token.slice('associa_'.length, 40)))) return 'a token';
    const full = [...text.matchAll(CPF_SHAPED)].map(([found]) => found.replace(/\D|%2E|%2D/gi, '')).filter((digits) => cpfs.has(digits));
    return full.length > 0 ? 'a full CPF' : undefined;
  }

  /** Every route, with the secrets placed in every way, where `where` holds for the address; what comes back holding them. */
  async function leaks(where: (url: string) => boolean): Promise<string[]> {
    const found: string[] = [];
    let requests = 0;
    for (const route of routeTable(app)) {
      for (const url of urls(route.path).filter(where)) {
        for (const method of route.methods) {
          for (const [credentials, headers] of headerSets()) {
            const options = { method: method as 'GET', url, headers };
            // API answers are checked against the published contract as well.
            const documented = url.startsWith('/api/v1/') && !url.startsWith('/api/v1/openapi.json');
            const response = documented ? await api.request(options) : await app.inject(options);
            const secretHeld = leak(response);
            if (secretHeld) found.push(`${method} ${url} (${credentials}) → ${response.statusCode} holds ${secretHeld}`);
            requests++;
          }
        }
      }
    }
    assert.ok(requests > 500, `only ${requests} requests`);
    return found;
  }

  it('are redacted from a problem as the logs redact them', async () => {
    const [token, cpf, formatted] = placed as [string, string, string];
    const refused = await api.get(`/api/v1/associados?token=${token}&cpf=${cpf}&status=ativo`);
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.json<{ instance: string }>().instance, '/api/v1/associados?token=[redacted]&cpf=[redacted]&status=ativo');
    const invalid = await api.get(`/api/v1/associados/${formatted}?status=${token}`, caller);
    assert.equal(invalid.statusCode, 400);
    assert.equal(invalid.json<{ instance: string }>().instance, '/api/v1/associados/[cpf]?status=[token]');
    const quoted = (await api.get(`/api/v1/associados?status=${token.replace('_', '%5F')}`, caller)).json<{
      instance: string;
      detail: string;
    }>();
    assert.equal(quoted.instance, '/api/v1/associados?status=[token]');
    assert.match(quoted.detail, /^status não aceita '\[token\]'/);
    const missing = (await api.get(`/api/v1/nada/${token}/${cpf}`)).json<{ instance: string; detail: string }>();
    assert.equal(missing.instance, '/api/v1/nada/[token]/[cpf]');
    assert.equal(missing.detail, 'Nenhum recurso em /api/v1/nada/[token]/[cpf].');
  });

  it('drives every route of the route table', () => {
    const routes = routeTable(app).map((route) => route.path);
    for (const expected of [
      '/api/v1/associados/:id/situacao',
      '/api/v1/associados/:id',
      '/api/v1/associados',
      '/api/v1/cursos/:id',
      '/api/v1/faturas',
      '/api/v1/public/cursos',
      '/api/v1/openapi.json',
      '/docs',
      '/docs/json',
      '/admin/entrar',
      '/problems/:slug',
      '/healthz',
      '/metrics',
    ]) {
      assert.ok(routes.includes(expected), `${expected} is not in the route table`);
    }
  });

  it('come back nowhere in the API, its documents, the operational routes and the login page', async () => {
    assert.deepEqual(await leaks((url) => !echoing(url)), []);
  });

  it("come back nowhere behind the administration area's login, nor in the docs' redirect", async () => {
    assert.deepEqual(await leaks(echoing), []);
  });

  it("leave the administration area's login redirect, login form and 404 page, and the docs' redirect, what they are for", async () => {
    const [token, cpf, formatted] = placed as [string, string, string];
    const location = async (url: string) => (await app.inject(url)).headers.location;
    const body = async (url: string) => (await app.inject(url)).body;
    assert.equal(await location('/admin/auditoria?status=4xx'), '/admin/entrar?proximo=%2Fadmin%2Fauditoria%3Fstatus%3D4xx');
    assert.equal(await location(`/admin/auditoria?status=4xx&token=${token}`), '/admin/entrar?proximo=%2Fadmin%2Fauditoria');
    assert.equal(await location(`/admin/simulacao?q=${formatted}`), '/admin/entrar?proximo=%2Fadmin%2Fsimulacao');
    assert.equal(await location(`/admin/simulacao/associados/${cpf}`), '/admin/entrar');
    assert.match(
      await body(`/admin/entrar?proximo=${encodeURIComponent('/admin/auditoria?status=4xx')}`),
      /name="proximo" value="\/admin\/auditoria\?status=4xx"/,
    );
    assert.doesNotMatch(await body(`/admin/entrar?proximo=${encodeURIComponent(`/admin/simulacao?q=${cpf}`)}`), /name="proximo"/);
    assert.match(await body(`/admin/nada/${token}/${formatted}?q=1`), /Nada em \/admin\/nada\/\[token\]\/\[cpf\]\./);
    assert.equal(await location(`/docs/static/index.html?token=${token}`), '/docs/');
    assert.equal(await location('/docs/static/index.html'), '/docs/');
  });
});
