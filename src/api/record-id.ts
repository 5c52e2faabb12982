import { isPlainInteger } from '../lists/list-params.js';
import { Problem } from '../errors/problems.js';

/** The largest PostgreSQL `integer`, the type of a course's and an invoice's id. */
const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record's `{id}` (a course's, an invoice's): a positive integer written plainly, so each record has one address
 * (`17`, never `017` or `17.0`). `subject` names it in the refusal ("O id do curso").
 */
export function parseRecordId(id: string, subject: string): number {
  const value = isPlainInteger(id) ? Number(id) : 0;
  if (value < 1 || value > MAX_RECORD_ID) {
    throw new Problem(
      'invalid_parameter',
      `${subject} deve ser um inteiro positivo, escrito só com algarismos e sem zeros à esquerda (ex.: 17).`,
      { errors: [{ parameter: 'id', message: 'esperado um inteiro positivo' }] },
    );
  }
  return value;
}
