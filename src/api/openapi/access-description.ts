import type { RouteOptions } from 'fastify';
import { API_PREFIX } from '../../http/urls.js';
import { declareTokenWarning } from './token-warning-headers.js';

/**
 * States an API operation's access in the OpenAPI document, from its `config.access` alone (the auth plugin
 * enforces it): `security`, the scopes where its description says `{escopo}`, and on authenticated operations
 * the warning headers of a token going away.
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
    route.schema = { ...route.schema, response: declareTokenWarning(schema.response as Parameters<typeof declareTokenWarning>[0]) };
  }
}
