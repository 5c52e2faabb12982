/** `TE-CARDIO-2026`: capitals and digits in groups joined by hyphens, up to 40 characters (migration 0031). */
const EXAM_CODE = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
export const EXAM_CODE_MAX = 40;

/** An exam's code as it is stored (`te-cardio-2026 ` → `TE-CARDIO-2026`), or null when it cannot be one. */
export function examCode(value: string): string | null {
  const code = value.trim().toUpperCase();
  return EXAM_CODE.test(code) && code.length <= EXAM_CODE_MAX ? code : null;
}
