import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

describe('/metrics', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.dispose());

  it("is not served on the API's port unless METRICS says so", async () => {
    const app = await buildApp({ config: loadConfig({}), database: t.database });
    const response = await app.inject('/metrics');
    assert.equal(response.statusCode, 404);
    assert.doesNotMatch(response.body, /process_resident_memory_bytes/);
    await app.close();
  });

  it('serves Prometheus text with request durations by route and status with METRICS=on', async () => {
    const app = await buildApp({ config: loadConfig({ METRICS: 'on' }), database: t.database });
    await app.inject('/api/v1/public/cursos');
    await app.inject('/api/v1/associados');
    const response = await app.inject('/metrics');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain/);
    assert.match(
      response.body,
      /associa_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/public\/cursos",status="200"\} 1/,
    );
    assert.match(response.body, /associa_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/associados",status="401"\} 1/);
    assert.match(response.body, /process_resident_memory_bytes/);
    await app.close();
  });

  it('can be turned off', async () => {
    const app = await buildApp({ config: loadConfig({ METRICS: 'off' }), database: t.database });
    assert.equal((await app.inject('/metrics')).statusCode, 404);
    await app.close();
  });
});
