import { createHmac } from 'node:crypto';
import { signingKey } from './secrets.js';

/**
 * The Standard Webhooks headers of one attempt (standardwebhooks.com): the signature is the base64 HMAC-SHA256
 * of `{id}.{timestamp}.{body}` under each secret in force, space-separated, so that a receiver holding either
 * secret of a rotation verifies it.
 */
export function webhookHeaders(id: string, timestamp: number, body: string, secrets: readonly string[]): Record<string, string> {
  const content = `${id}.${timestamp}.${body}`;
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets
      .map((secret) => `v1,${createHmac('sha256', signingKey(secret)).update(content).digest('base64')}`)
      .join(' '),
  };
}
