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
const SECRET_LENGTH = BODY_LENGTH + CHECKSUM_LENGTH;
const TOKEN_PATTERN = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`);
/** Letters and digits in a row, enough of them to hold a token's secret (sought only where a row starts). */
const SECRET_RUN = new RegExp(`(?<![0-9A-Za-z])[0-9A-Za-z]{${SECRET_LENGTH},}`, 'g');
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

/** The value of each base62 digit, by character code. */
const DIGIT = new Uint8Array(128);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

/** zlib's CRC-32 (reflected polynomial 0xEDB88320), a byte at a time, so that a window can slide along a run. */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, byte) => {
  let c = byte;
  for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
const crcStep = (register: number, byte: number) => (register >>> 8) ^ CRC_TABLE[(register ^ byte) & 0xff]!;
const shifted = (register: number, bytes: number) => {
  for (let i = 0; i < bytes; i++) register = crcStep(register, 0);
  return register;
};
/**
 * Sliding a body-long window one character on: the register takes the entering character as usual and gives back
 * the leaving one's share (its table entry, shifted by the window's length) and the initial value's share of one
 * step earlier, the register being linear in both.
 */
const INITIAL_SHIFT = shifted(0xffffffff, BODY_LENGTH) ^ shifted(0xffffffff, BODY_LENGTH + 1);
const CRC_LEAVING = CRC_TABLE.map((share) => shifted(share, BODY_LENGTH) ^ INITIAL_SHIFT);

/**
 * Whether the text holds a token's secret, with or without its prefix: 49 letters and digits in a row that are a body
 * and its checksum, wherever they sit in a longer row (49 random characters pass once in 5.7·10¹⁰). The CRC slides
 * along the row, so a long row costs one pass (docs/benchmark-findings.md, "Finding a token's secret in a logged line").
 */
export function holdsTokenSecret(text: string): boolean {
  for (const run of text.match(SECRET_RUN) ?? []) {
    let register = 0xffffffff;
    for (let i = 0; i < BODY_LENGTH; i++) register = crcStep(register, run.charCodeAt(i));
    for (let start = 0; ; start++) {
      let written = 0;
      for (let i = start + BODY_LENGTH; i < start + SECRET_LENGTH; i++) written = written * 62 + DIGIT[run.charCodeAt(i)]!;
      if ((register ^ 0xffffffff) >>> 0 === written) return true;
      if (start + SECRET_LENGTH === run.length) break;
      register = crcStep(register, run.charCodeAt(start + BODY_LENGTH)) ^ CRC_LEAVING[run.charCodeAt(start)]!;
    }
  }
  return false;
}

/** Tokens carry 256 random bits, so a fast hash is as safe to store as a slow one. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
