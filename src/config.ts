import { resolve } from 'node:path';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** The only reader of process.env. Every variable is checked once, at start-up. */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * PostgreSQL connections per process. Statements are pipelined on busy connections, so a few keep the server's
 * cores busy; each connection beyond them adds wake-ups and context switches to every statement (docs/deployment.md).
 */
export const DEFAULT_DB_POOL_SIZE = 4;

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = '([0-9]{1,6})(ms|s|m|h|d)';
const DURATION_LIST = `^${DURATION}(,${DURATION})*$`;

const variables = {
  NODE_ENV: Type.Optional(
    Type.String({ minLength: 1, description: '`production`, or anything else (development, test) for a machine of your own' }),
  ),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// or postgresql:// URL' })),
  DATABASE_READ_URL: Type.Optional(
    Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// or postgresql:// URL of a replica of DATABASE_URL' }),
  ),
  DATA_DIR: Type.String({ minLength: 1, default: './.associa', description: 'a folder path' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'a port number from 0 to 65535' }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1', description: 'a host name or IP address to listen on' }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://', description: 'a redis:// or rediss:// URL' })),
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { default: 'info', description: `one of ${LOG_LEVELS.join(', ')}` },
  ),
  PUBLIC_BASE_URL: Type.Optional(
    Type.String({ pattern: '^https?://[^/]+(/.*)?$', description: 'an http(s):// URL, without a trailing path for the API' }),
  ),
  DB_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: DEFAULT_DB_POOL_SIZE, description: 'an integer from 1 to 200' }),
  // Work no request waits for (deliveries, numbering, marking, retention, counting, imports) while requests are served.
  BACKGROUND_SHARE: Type.Number({
    minimum: 0.05,
    maximum: 1,
    default: 0.25,
    description: 'a fraction from 0.05 to 1 of the time that background work may take while requests are served',
  }),
  DB_STATEMENT_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600000, default: 2000, description: 'milliseconds, from 100 to 600000' }),
  // Off by default: on the API's port they would tell anyone who reaches the API about the process and its traffic.
  METRICS: Type.String({
    pattern: '^(on|off|[0-9]{1,5})$',
    default: 'off',
    description: "`off`, `on` (served at /metrics on the API's port), or a port number to serve them on",
  }),
  // Apart from HOST: an API listening on every interface must not take its metrics there too.
  METRICS_HOST: Type.String({ minLength: 1, default: '127.0.0.1', description: 'a host name or IP address for the metrics port' }),
  // Read by the OpenTelemetry exporter itself; named here so that a malformed value is a start-up error.
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(
    Type.String({ pattern: '^https?://[^/]+(/.*)?$', description: 'the http(s):// base URL of an OTLP/HTTP receiver' }),
  ),
  OTEL_SERVICE_NAME: Type.String({ minLength: 1, default: 'associa', description: 'the service name on the traces' }),
  // Changes invoices (and so members' standing): on for the demo, off unless asked for in production.
  SIMULATION: Type.Optional(Type.Union([Type.Literal('on'), Type.Literal('off')], { description: '`on` or `off`' })),
  RATE_LIMIT_TOKEN: Type.Integer({
    minimum: 1,
    maximum: 100_000_000,
    default: 600,
    description: 'requests per minute, from 1 to 100000000',
  }),
  // Per instance: each has its own pool of database connections (DB_POOL_SIZE, 4 by default) for every token.
  CONCURRENCY_LIMIT_TOKEN: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 8,
    description: 'requests of a token in flight at once in an instance, from 1 to 100000',
  }),
  RATE_LIMIT_PUBLIC: Type.Integer({
    minimum: 1,
    maximum: 100_000_000,
    default: 120,
    description: 'requests per minute, from 1 to 100000000',
  }),
  RATE_LIMIT_DOCS: Type.Integer({
    minimum: 1,
    maximum: 100_000_000,
    default: 600,
    description: 'requests per minute, from 1 to 100000000',
  }),
  TRUST_PROXY: Type.Optional(
    Type.String({
      pattern: '^[0-9A-Fa-f:./]+(,[0-9A-Fa-f:./]+)*$',
      description: 'comma-separated addresses or CIDR ranges of the load balancers in front',
    }),
  ),
  RATE_LIMIT_AUTH_FAILURES: Type.Integer({
    minimum: 1,
    maximum: 100_000_000,
    default: 100,
    description: 'failed authentications per minute, from 1 to 100000000',
  }),
  CPF_LOOKUP_LIMIT_MINUTE: Type.Integer({
    minimum: 1,
    maximum: 100_000_000,
    default: 20,
    description: 'CPF lookups finding nothing per minute, from 1 to 100000000',
  }),
  CPF_LOOKUP_LIMIT_DAY: Type.Integer({
    minimum: 1,
    maximum: 100_000_000,
    default: 200,
    description: 'CPF lookups finding nothing per day, from 1 to 100000000',
  }),
  // A few tens of MiB hold every course page and course a site asks for, many times over, and keep an instance
  // flooded with distinct addresses within the memory of docs/deployment.md.
  PAGE_CACHE_MAX_BYTES: Type.Integer({
    minimum: 1_048_576,
    maximum: 1_073_741_824,
    default: 33_554_432,
    description: 'bytes, from 1048576 (1 MiB) to 1073741824 (1 GiB)',
  }),
  // Only a balancer in front gains from a drain, so a process of one's own stops at once unless asked.
  SHUTDOWN_DRAIN_MS: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000, description: 'milliseconds, from 0 to 600000' })),
  // Printed on the documents the administration hands out, such as a member's report of who accessed their data.
  ASSOCIATION_NAME: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'from 1 to 200 characters' })),
  // Outside the database, so that a copy of it (a backup, a dump) does not give away the webhooks' signing secrets.
  WEBHOOK_SECRETS_KEY: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9+/]{43}=$',
      description: 'the base64 of 32 random bytes (`openssl rand -base64 32`)',
    }),
  ),
  WEBHOOK_ALLOWED_HOSTS: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9.:_-]+(,[A-Za-z0-9.:_-]+)*$',
      description: 'comma-separated host names or addresses that webhooks may reach though they are private',
    }),
  ),
  WEBHOOK_RETRY_SCHEDULE: Type.String({
    pattern: DURATION_LIST,
    default: '5s,5m,30m,2h,5h,10h,14h,20h,24h',
    description: 'comma-separated waits before each retry, each a number and ms, s, m, h or d',
  }),
  EVENT_RETENTION_DAYS: Type.Integer({
    minimum: 30,
    maximum: 3650,
    default: 30,
    description: 'days, from 30 (what API-DESIGN promises integrators) to 3650',
  }),
  AUDIT_RETENTION_MONTHS: Type.Integer({
    minimum: 6,
    maximum: 120,
    default: 12,
    description: 'months, from 6 (Marco Civil da Internet, art. 15: access logs are kept at least 6 months) to 120',
  }),
  WEBHOOK_DISABLE_AFTER: Type.String({
    pattern: `^${DURATION}$`,
    default: '5d',
    description: 'a number and ms, s, m, h or d: how long an endpoint fails without a success before it is disabled',
  }),
} satisfies Record<string, TSchema>;

/** Milliseconds written as a number and a unit, e.g. `5s` or `24h`. */
function durationMs(text: string): number {
  const match = new RegExp(`^${DURATION}$`).exec(text)!;
  return Number(match[1]) * DURATION_UNITS_MS[match[2]!]!;
}

/**
 * SHUTDOWN_DRAIN_MS with NODE_ENV=production: longer than nginx leaves a refused instance out (`fail_timeout`) and than
 * a balancer probing /readyz every 2 s takes to give up on it (docs/deployment.md, "Restarting without errors").
 */
const PRODUCTION_SHUTDOWN_DRAIN_MS = 5000;
/** The demo's association, fictitious like its data. */
const DEMO_ASSOCIATION_NAME = 'Associação Médica de Demonstração';

/** Every variable read, with its schema: what README's table and .env.example document (a test compares them). */
export const CONFIG_VARIABLES: Readonly<Record<string, TSchema>> = variables;

const EnvSchema = Type.Object(variables);
type Env = Static<typeof EnvSchema>;

export interface Config {
  /** NODE_ENV=production: nothing is guessed (no demo, no migrations at start unless asked for, a JSON banner). */
  readonly production: boolean;
  /** PostgreSQL URL; absent: the embedded database in `dataDir`. */
  readonly databaseUrl: string | undefined;
  /** A read replica of `databaseUrl` for the API's reads (docs/deployment.md). */
  readonly databaseReadUrl: string | undefined;
  readonly dataDir: string;
  readonly port: number;
  readonly host: string;
  readonly redisUrl: string | undefined;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /** The address clients use; absent: derived from the listening address. */
  readonly publicBaseUrl: string | undefined;
  readonly dbPoolSize: number;
  readonly dbStatementTimeoutMs: number;
  /** Prometheus metrics: off (the default), on the API's port, or on a port of their own. */
  readonly metrics: 'on' | 'off' | number;
  /** Where a metrics port of its own listens. */
  readonly metricsHost: string;
  /** OTLP/HTTP receiver of the traces; absent: no tracing. */
  readonly otlpEndpoint: string | undefined;
  readonly otelServiceName: string;
  /** The admin area's Simulação (payments, NFS-e, e-mails): on by default except in production. */
  readonly simulation: boolean;
  /** Requests per minute for a token without a limit of its own. */
  readonly rateLimitToken: number;
  /** A token's requests in flight at once in this instance, unless it has its own limit. */
  readonly concurrencyLimitToken: number;
  /** The share of the time that background work takes while requests are served. */
  readonly backgroundShare: number;
  /** Requests per minute per client address on the public course list. */
  readonly rateLimitPublic: number;
  /** Requests per minute per client address on the OpenAPI document, apart from the public list's. */
  readonly rateLimitDocs: number;
  /** Load balancers whose X-Forwarded-For names the client; none by default, so the header is ignored. */
  readonly trustProxy: string[];
  /** Failed authentications per minute from one address before its further failures get 429. */
  readonly rateLimitAuthFailures: number;
  /** Lookups by CPF that find nothing, per token, before its CPF lookups get 429 (API-DESIGN §7). */
  readonly cpfLookupLimits: { perMinute: number; perDay: number };
  /** The most the page cache of the course routes may hold, in bytes (src/caching/page-cache.ts). */
  readonly pageCacheMaxBytes: number;
  /**
   * After SIGTERM or SIGINT, how long the process keeps listening while /readyz answers 503 and every response
   * closes its connection, before it closes the listener (src/observability/drain.ts).
   */
  readonly shutdownDrainMs: number;
  readonly webhooks: {
    /** The key that seals endpoints' signing secrets; absent outside production: derived from a service key. */
    readonly secretsKey: Buffer | undefined;
    /** Hosts that endpoints may reach in production though they resolve to private addresses. */
    readonly allowedHosts: readonly string[];
    /** Milliseconds before each retry. */
    readonly retrySchedule: readonly number[];
    readonly disableAfterMs: number;
  };
  /** Events, with their deliveries, are deleted this many days after they happened. */
  readonly eventRetentionDays: number;
  /** The audit trail's months kept: older months are dropped (src/audit/retention.ts). */
  readonly auditRetentionMonths: number;
  /** The association's name for its documents; unset in production until configured. */
  readonly associationName: string | undefined;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const name of Object.keys(variables)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const candidate = Value.Convert(EnvSchema, Value.Default(EnvSchema, { ...raw }));
  const error = Value.Errors(EnvSchema, candidate).First();
  if (error) {
    const name = error.path.split('/')[1] as keyof typeof variables;
    const expected = variables[name]?.description ?? error.message;
    throw new ConfigError(`Invalid configuration: ${name}=${JSON.stringify(env[name] ?? '')} — expected ${expected}.`);
  }
  const valid = candidate as Env;
  if (valid.DATABASE_READ_URL && !valid.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: DATABASE_READ_URL is set without DATABASE_URL — a replica needs its primary.');
  }
  const production = valid.NODE_ENV === 'production';
  // The embedded database is a demo (fictitious data, a token with every scope printed): never by accident.
  if (production && !valid.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL is required when NODE_ENV=production — the embedded database is a demo, e.g. postgres://associa@db:5432/associa.',
    );
  }
  // Without it, links and problem types are built from each request's Host header: a client's word, not the operator's.
  if (production && !valid.PUBLIC_BASE_URL) {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_BASE_URL is required when NODE_ENV=production — the address clients use, e.g. https://api.associa.example.',
    );
  }
  // The signing secrets would otherwise be sealed by a key kept in the same database.
  if (production && !valid.WEBHOOK_SECRETS_KEY) {
    throw new ConfigError(
      'Invalid configuration: WEBHOOK_SECRETS_KEY is required when NODE_ENV=production — the key that keeps webhook secrets encrypted, e.g. from `openssl rand -base64 32`.',
    );
  }
  return Object.freeze({
    production,
    databaseUrl: valid.DATABASE_URL,
    databaseReadUrl: valid.DATABASE_READ_URL,
    dataDir: resolve(valid.DATA_DIR),
    port: valid.PORT,
    host: valid.HOST,
    redisUrl: valid.REDIS_URL,
    logLevel: valid.LOG_LEVEL,
    publicBaseUrl: valid.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    dbPoolSize: valid.DB_POOL_SIZE,
    dbStatementTimeoutMs: valid.DB_STATEMENT_TIMEOUT_MS,
    metrics: valid.METRICS === 'on' || valid.METRICS === 'off' ? valid.METRICS : Number(valid.METRICS),
    metricsHost: valid.METRICS_HOST,
    otlpEndpoint: valid.OTEL_EXPORTER_OTLP_ENDPOINT,
    otelServiceName: valid.OTEL_SERVICE_NAME,
    simulation: valid.SIMULATION ? valid.SIMULATION === 'on' : !production,
    rateLimitToken: valid.RATE_LIMIT_TOKEN,
    concurrencyLimitToken: valid.CONCURRENCY_LIMIT_TOKEN,
    backgroundShare: valid.BACKGROUND_SHARE,
    rateLimitPublic: valid.RATE_LIMIT_PUBLIC,
    rateLimitDocs: valid.RATE_LIMIT_DOCS,
    rateLimitAuthFailures: valid.RATE_LIMIT_AUTH_FAILURES,
    cpfLookupLimits: { perMinute: valid.CPF_LOOKUP_LIMIT_MINUTE, perDay: valid.CPF_LOOKUP_LIMIT_DAY },
    trustProxy: valid.TRUST_PROXY?.split(',') ?? [],
    pageCacheMaxBytes: valid.PAGE_CACHE_MAX_BYTES,
    shutdownDrainMs: valid.SHUTDOWN_DRAIN_MS ?? (production ? PRODUCTION_SHUTDOWN_DRAIN_MS : 0),
    webhooks: {
      secretsKey: valid.WEBHOOK_SECRETS_KEY === undefined ? undefined : Buffer.from(valid.WEBHOOK_SECRETS_KEY, 'base64'),
      allowedHosts: valid.WEBHOOK_ALLOWED_HOSTS?.toLowerCase().split(',') ?? [],
      retrySchedule: valid.WEBHOOK_RETRY_SCHEDULE.split(',').map(durationMs),
      disableAfterMs: durationMs(valid.WEBHOOK_DISABLE_AFTER),
    },
    eventRetentionDays: valid.EVENT_RETENTION_DAYS,
    auditRetentionMonths: valid.AUDIT_RETENTION_MONTHS,
    associationName: valid.ASSOCIATION_NAME?.trim() || (production ? undefined : DEMO_ASSOCIATION_NAME),
  });
}
