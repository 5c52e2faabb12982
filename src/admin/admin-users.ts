import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** scrypt is memory-hard: N=2^15, r=8 costs 32 MiB per guess. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 12;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export class AdminUserError extends Error {}

export async function createAdminUser(db: Kysely<Schema>, email: string, password: string): Promise<number> {
  const normalized = email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(normalized)) throw new AdminUserError(`"${email}" is not an e-mail address.`);
  if (password.length < MIN_PASSWORD_LENGTH) throw new AdminUserError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  const existing = await db.selectFrom('admin_usuario').select('id').where('email', '=', normalized).executeTakeFirst();
  if (existing) throw new AdminUserError(`An administrator with the e-mail ${normalized} already exists.`);
  const row = await db
    .insertInto('admin_usuario')
    .values({ email: normalized, senha_hash: await hashPassword(password) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const DEMO_ADMIN_EMAIL = 'admin@associa.example';

/** The embedded demo's first administrator, with a random password, when there is no administrator yet. */
export async function createDemoAdminIfNone(db: Kysely<Schema>): Promise<{ email: string; password: string } | null> {
  const any = await db.selectFrom('admin_usuario').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const password = randomBytes(12).toString('base64url');
  await createAdminUser(db, DEMO_ADMIN_EMAIL, password);
  return { email: DEMO_ADMIN_EMAIL, password };
}

/** The administrator with this e-mail, with what a login checks. */
export function findAdminByEmail(db: Kysely<Schema>, email: string) {
  return db.selectFrom('admin_usuario').select(['id', 'email', 'senha_hash']).where('email', '=', email).executeTakeFirst();
}

export async function recordLogin(db: Kysely<Schema>, adminId: number, at: Date): Promise<void> {
  await db.updateTable('admin_usuario').set({ ultimo_login_em: at }).where('id', '=', adminId).execute();
}
