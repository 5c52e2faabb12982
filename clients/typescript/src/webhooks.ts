import type { components } from './associa-api.js';

/** An event of the feed or of a webhook; `type` tells the shape of `dados`. */
export type Evento = components['schemas']['Evento'];

/** What an administrator sends to check a receiver (Integrações, `associa webhook test`): never in the feed. */
export interface TestEvent {
  id: string;
  type: 'webhook.teste';
  sequencia: 0;
  ocorrido_em: string;
  dados: { webhook_id: number };
}

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Checks a webhook delivery as Standard Webhooks defines it (standardwebhooks.com) and returns its event: the
 * `webhook-signature` must hold a `v1` HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` made with one of
 * `secrets` (during a rotation, give both the new and the old), and the timestamp must be within
 * `toleranceSeconds` (default 300) of `now`, so that a captured delivery cannot be replayed later. `body` is the
 * request's body exactly as received, before any JSON parsing. Throws a WebhookVerificationError otherwise.
 * Deduplicate by the event's `id` (the `webhook-id`): a delivery may come more than once.
 */
export async function verifyWebhook(
  secrets: string | readonly string[],
  body: string,
  headers: HeaderSource,
  { toleranceSeconds = 300, now = new Date() }: { toleranceSeconds?: number; now?: Date } = {},
): Promise<Evento | TestEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature');
  if (!/^[0-9]{1,19}$/.test(timestamp) || Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) {
    throw new WebhookVerificationError(`webhook-timestamp ${timestamp} is not within ${toleranceSeconds} s of now`);
  }
  const content = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  const given = signatures
    .split(' ')
    .filter((signature) => signature.startsWith('v1,'))
    .map((signature) => signature.slice(3));
  for (const secret of [secrets].flat()) {
    const key = await crypto.subtle.importKey(
      'raw',
      base64Bytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    for (const signature of given) {
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        bytes = base64Bytes(signature);
      } catch {
        continue;
      }
      // verify compares in constant time.
      if (await crypto.subtle.verify('HMAC', key, bytes, content)) {
        const event = JSON.parse(body) as Evento | TestEvent;
        if (event.id !== id) throw new WebhookVerificationError(`the body's id ${event.id} is not the webhook-id ${id}`);
        return event;
      }
    }
  }
  throw new WebhookVerificationError('no webhook-signature matches: wrong secret, or the body was changed');
}
