import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.js';
import { TEST_SECRETS_KEY } from './helpers/processes.js';

describe('configuration', () => {
  it('has defaults for a fresh machine', () => {
    const config = loadConfig({});
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.logLevel, 'info');
    assert.equal(config.publicBaseUrl, undefined);
    assert.match(config.dataDir, /\.associa$/);
    assert.equal(config.pageCacheMaxBytes, 32 * 1024 * 1024);
    assert.equal(config.auditRetentionMonths, 12);
    assert.ok(Object.isFrozen(config));
  });

  it('reads and converts the variables', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@h/db',
      PUBLIC_BASE_URL: 'https://api.example.org/',
    });
    assert.equal(config.port, 8080);
    assert.equal(config.databaseUrl, 'postgres://u@h/db');
    assert.equal(config.publicBaseUrl, 'https://api.example.org');
    const behind = loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_READ_URL: 'postgres://u@r/db', TRUST_PROXY: '10.0.0.0/8,::1' });
    assert.equal(behind.databaseReadUrl, 'postgres://u@r/db');
    assert.deepEqual(behind.trustProxy, ['10.0.0.0/8', '::1']);
    assert.equal(loadConfig({ PAGE_CACHE_MAX_BYTES: '8388608' }).pageCacheMaxBytes, 8_388_608);
  });

  it('requires PUBLIC_BASE_URL in production, where links must not be built from the Host header', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /^Invalid configuration: PUBLIC_BASE_URL is required when NODE_ENV=production — /);
        assert.doesNotMatch(error.message, /\n/);
        return true;
      },
    );
    assert.equal(
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://u@h/db',
        PUBLIC_BASE_URL: 'https://api.associa.example',
        WEBHOOK_SECRETS_KEY: TEST_SECRETS_KEY,
      }).publicBaseUrl,
      'https://api.associa.example',
    );
    assert.equal(loadConfig({ NODE_ENV: 'development' }).publicBaseUrl, undefined);
  });

  it('requires DATABASE_URL in production: the embedded database is a demo, never started by accident', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://api.associa.example' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /^Invalid configuration: DATABASE_URL is required when NODE_ENV=production — /);
        assert.doesNotMatch(error.message, /\n/);
        return true;
      },
    );
  });

  it('turns the simulation off in production unless SIMULATION=on, and on elsewhere unless SIMULATION=off', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@h/db',
      PUBLIC_BASE_URL: 'https://a.example',
      WEBHOOK_SECRETS_KEY: TEST_SECRETS_KEY,
    };
    assert.equal(loadConfig(production).simulation, false);
    assert.equal(loadConfig({ ...production, SIMULATION: 'on' }).simulation, true);
    assert.equal(loadConfig({}).simulation, true);
    assert.equal(loadConfig({ SIMULATION: 'off' }).simulation, false);
    assert.throws(() => loadConfig({ SIMULATION: 'yes' }), /^Error: Invalid configuration: SIMULATION="yes" — expected `on` or `off`\.$/);
  });

  it('requires WEBHOOK_SECRETS_KEY in production, where the webhook secrets must not be sealed by a key kept beside them', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db', PUBLIC_BASE_URL: 'https://a.example' };
    assert.throws(
      () => loadConfig(production),
      /^Error: Invalid configuration: WEBHOOK_SECRETS_KEY is required when NODE_ENV=production — [^\n]+openssl rand -base64 32/,
    );
    assert.equal(loadConfig({ ...production, WEBHOOK_SECRETS_KEY: TEST_SECRETS_KEY }).webhooks.secretsKey?.length, 32);
    assert.equal(loadConfig({}).webhooks.secretsKey, undefined);
    assert.throws(
      () => loadConfig({ WEBHOOK_SECRETS_KEY: 'c2hvcnQ=' }),
      /WEBHOOK_SECRETS_KEY="c2hvcnQ=" — expected the base64 of 32 random bytes/,
    );
  });

  it('reads the webhook retry schedule and the failing time that disables an endpoint as durations', () => {
    const defaults = loadConfig({}).webhooks;
    assert.deepEqual(
      defaults.retrySchedule,
      [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400].map((s) => s * 1000),
    );
    assert.equal(defaults.disableAfterMs, 5 * 86_400_000);
    assert.deepEqual(loadConfig({ WEBHOOK_RETRY_SCHEDULE: '250ms,1s,2m' }).webhooks.retrySchedule, [250, 1000, 120_000]);
    assert.throws(
      () => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '5s,,5m' }),
      /WEBHOOK_RETRY_SCHEDULE="5s,,5m" — expected comma-separated waits/,
    );
    assert.throws(() => loadConfig({ WEBHOOK_DISABLE_AFTER: '5 days' }), /WEBHOOK_DISABLE_AFTER="5 days"/);
  });

  it('listens for metrics on the loopback interface unless METRICS_HOST says otherwise, whatever HOST is', () => {
    assert.equal(loadConfig({ HOST: '0.0.0.0', METRICS: '9100' }).metricsHost, '127.0.0.1');
    assert.equal(loadConfig({ METRICS_HOST: '10.0.0.5' }).metricsHost, '10.0.0.5');
  });

  it('drains for 5 s on SIGTERM in production, where a balancer sends the requests, and stops at once elsewhere, unless told', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@h/db',
      PUBLIC_BASE_URL: 'https://a.example',
      WEBHOOK_SECRETS_KEY: TEST_SECRETS_KEY,
    };
    assert.equal(loadConfig(production).shutdownDrainMs, 5000);
    assert.equal(loadConfig({ ...production, SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs, 0);
    assert.equal(loadConfig({}).shutdownDrainMs, 0);
    assert.equal(loadConfig({ SHUTDOWN_DRAIN_MS: '15000' }).shutdownDrainMs, 15_000);
  });

  for (const [name, value, expected] of [
    ['PORT', 'abc', /^Invalid configuration: PORT="abc" — expected a port number from 0 to 65535\.$/],
    ['PORT', '70000', /PORT="70000"/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL="mysql:\/\/x" — expected a postgres:\/\/ or postgresql:\/\/ URL/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud" — expected one of fatal, error, warn, info, debug, trace, silent/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL/],
    ['PUBLIC_BASE_URL', 'ftp://x', /PUBLIC_BASE_URL/],
    ['DATABASE_READ_URL', 'postgres://replica/db', /DATABASE_READ_URL is set without DATABASE_URL/],
    ['TRUST_PROXY', '10.0.0.1; rm', /TRUST_PROXY="10.0.0.1; rm" — expected comma-separated addresses or CIDR ranges/],
    ['RATE_LIMIT_AUTH_FAILURES', '0', /RATE_LIMIT_AUTH_FAILURES/],
    ['PAGE_CACHE_MAX_BYTES', '32MiB', /^Invalid configuration: PAGE_CACHE_MAX_BYTES="32MiB" — expected bytes, from 1048576 \(1 MiB\)/],
    ['PAGE_CACHE_MAX_BYTES', '1000', /PAGE_CACHE_MAX_BYTES="1000"/],
    ['SHUTDOWN_DRAIN_MS', '-1', /^Invalid configuration: SHUTDOWN_DRAIN_MS="-1" — expected milliseconds, from 0 to 600000\.$/],
    ['SHUTDOWN_DRAIN_MS', '5s', /SHUTDOWN_DRAIN_MS="5s"/],
    [
      'AUDIT_RETENTION_MONTHS',
      '5',
      /^Invalid configuration: AUDIT_RETENTION_MONTHS="5" — expected months, from 6 \(Marco Civil da Internet, art\. 15: access logs are kept at least 6 months\) to 120\.$/,
    ],
  ] as const) {
    it(`rejects ${name}=${value} with one line naming the variable`, () => {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.match(error.message, expected);
          assert.doesNotMatch(error.message, /\n/);
          return true;
        },
      );
    });
  }
});
