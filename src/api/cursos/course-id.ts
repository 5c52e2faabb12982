import { isPlainInteger } from '../../http/list-params.js';
import { Problem } from '../../http/problems.js';

/** The largest PostgreSQL `integer`, the type of a course's id. */
const MAX_COURSE_ID = 2_147_483_647;

/** A course `{id}`: a positive integer written plainly, so each course has one address (`17`, never `017` or `17.0`). */
export function parseCourseId(id: string): number {
  const value = isPlainInteger(id) ? Number(id) : 0;
  if (value < 1 || value > MAX_COURSE_ID) {
    throw new Problem(
      'invalid_parameter',
      'O id do curso deve ser um inteiro positivo, escrito só com algarismos e sem zeros à esquerda (ex.: 17).',
      { errors: [{ parameter: 'id', message: 'esperado um inteiro positivo' }] },
    );
  }
  return value;
}
