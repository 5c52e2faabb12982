import type { RouteOptions } from 'fastify';
import { API_PREFIX } from '../../routes/urls.js';
import { varyHeader } from '../common.schemas.js';
import { declareTokenWarning } from './token-warning-headers.js';

type Responses = Parameters<typeof declareTokenWarning>[0];

/**
 * States an API operation's access in the OpenAPI document, from its `config.access` alone (the auth plugin
 * enforces it): `security`, the scopes where its description says `{escopo}`, and on authenticated operations
 * `Vary: Authorization` and the warning headers of a token going away.
 */
export function describeAccess(route: RouteOptions): void {
  const access = route.config?.access;
  const schema = route.schema as { security?: unknown; description?: string; response?: unknown } | undefined;
  if (!route.url.startsWith(API_PREFIX) || access === undefined || !schema) return;
  schema.security = access === 'public' ? [] : [{ bearer: [] }];
  if (access === 'public') return;
  if (schema.description) {
    schema.description = schema.description.replace('{escopo}', `Escopo ${access.map((scope) => `\`${scope}\``).join(' ou ')}`);
  }
  if (schema.response) {
    route.schema = { ...route.schema, response: declareTokenWarning(varyOnAuthorization(schema.response as Responses)) };
  }
}

/** Refused by the errors plugin before the auth plugin sees the request (src/errors/errors.plugin.ts). */
const BEFORE_AUTHENTICATION = new Set(['406']);

/** The auth plugin sends `Vary: Authorization` on every response of an authenticated operation it sees, 401s and 304s included. */
function varyOnAuthorization(responses: Responses): Responses {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      BEFORE_AUTHENTICATION.has(status)
        ? response
        : {
            ...response,
            headers: { ...response.headers, ...varyHeader({ authorization: true, encoding: 'Vary' in (response.headers ?? {}) }) },
          },
    ]),
  );
}
