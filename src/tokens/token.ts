import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * Token format: `associa_` + 43 base62 characters (256 random bits) + 6 base62 characters of CRC-32,
 * so secret scanners can recognise a token and reject a mistyped one without a database lookup.
 */
export const TOKEN_PREFIX = 'associa_';
const BODY_LENGTH = 43;
const CHECKSUM_LENGTH = 6;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_PATTERN = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);
/** Characters kept to recognise a token in listings without revealing it. */
export const DISPLAY_PREFIX_LENGTH = TOKEN_PREFIX.length + 6;

function base62(value: bigint, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) {
    text = ALPHABET[Number(value % 62n)]! + text;
    value /= 62n;
  }
  return text;
}

function checksum(body: string): string {
  return base62(BigInt(crc32(body)), CHECKSUM_LENGTH);
}

export function generateToken(): string {
  const body = base62(BigInt(`0x${randomBytes(32).toString('hex')}`), BODY_LENGTH);
  return `${TOKEN_PREFIX}${body}${checksum(body)}`;
}

/** Whether the text has the token's shape and a matching checksum. */
export function isWellFormedToken(token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + BODY_LENGTH);
  return token.endsWith(checksum(body));
}

/** Tokens carry 256 random bits, so a fast hash is as safe to store as a slow one. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
