import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** Random bytes in a signing secret: Standard Webhooks asks for 24 to 64. */
const SECRET_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A new signing secret as the receiver is shown it once: `whsec_` and the base64 of its bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The HMAC key of a `whsec_` secret. */
export function signingKey(secret: string): Buffer {
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}

/**
 * Keeps signing secrets encrypted in the database (AES-256-GCM): the signature needs the secret itself, so it
 * cannot be hashed like a token. The key is WEBHOOK_SECRETS_KEY, outside the database, so that a copy of the
 * database (a backup, a dump) does not give away the secrets; outside production, without it, a key derived
 * from the database's own service key serves the demo and the tests.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('A secrets key has 32 bytes.');
    this.key = key;
  }

  static derivedFrom(serviceKey: string): SecretBox {
    return new SecretBox(createHash('sha256').update(`associa webhook secrets\0${serviceKey}`).digest());
  }

  seal(secret: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
  }

  open(sealed: Uint8Array): string {
    const bytes = Buffer.from(sealed);
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}

/** The box of this deployment: WEBHOOK_SECRETS_KEY, or outside production the database's cursor key (migration 0002). */
export async function openSecretBox(key: Buffer | undefined, db: Kysely<Schema>): Promise<SecretBox> {
  if (key) return new SecretBox(key);
  const { valor } = await db.selectFrom('chave_servico').select('valor').where('nome', '=', 'cursor').executeTakeFirstOrThrow();
  return SecretBox.derivedFrom(valor);
}

/** The secrets an endpoint signs with at `at`: its current one, and during a rotation's overlap the previous one too. */
export function signingSecrets(
  box: SecretBox,
  endpoint: { segredo: Uint8Array; segredo_anterior: Uint8Array | null; segredo_anterior_ate: Date | null },
  at: Date,
): string[] {
  const secrets = [box.open(endpoint.segredo)];
  if (endpoint.segredo_anterior && endpoint.segredo_anterior_ate && endpoint.segredo_anterior_ate > at) {
    secrets.push(box.open(endpoint.segredo_anterior));
  }
  return secrets;
}
