// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import openapi from '../src/api/openapi/openapi.js';
import audit from '../src/audit/audit.plugin.js';
import auth from '../src/auth/auth.plugin.js';
import rateLimit from '../src/limits/rate-limit.plugin.js';

describe('plugin order', () => {
  // Each plugin names what it needs: registered above it, it fails at start-up instead of running its hooks out of order.
  for (const [plugin, name, first] of [
    [auth, 'auth', 'errors'],
    [audit, 'audit', 'auth'],
    [rateLimit, 'rate-limit', 'auth'],
    [openapi, 'openapi', 'errors'],
  ] as const) {
    it(`refuses to start with ${name} registered before ${first}`, async () => {
      const app = Fastify();
      await assert.rejects(
        async () => {
          await app.register(plugin);
        },
        { message: `The dependency '${first}' of plugin '${name}' is not registered` },
      );
    });
  }

  it('refuses to start with the OpenAPI document registered before the rate limit, which its own route must meet', async () => {
    const app = Fastify();
    for (const name of ['errors', 'auth', 'cors']) await app.register(fp(async () => {}, { name }));
    await assert.rejects(
      async () => {
        await app.register(openapi);
      },
      { message: "The dependency 'rate-limit' of plugin 'openapi' is not registered" },
    );
  });
});
