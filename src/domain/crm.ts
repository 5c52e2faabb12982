import { isUf, type Uf } from './uf.js';

export interface CrmQuery {
  numero: number;
  uf: Uf | null;
}

const PATTERNS = [
  /^(\d{1,8})$/,
  /^(\d{1,8})\s*[-/]\s*([a-z]{2})$/i,
  /^([a-z]{2})\s*(\d{1,8})$/i,
  /^crm\s*[-/ ]\s*([a-z]{2})\s*[- ]?\s*(\d{1,8})$/i,
];

/**
 * A CRM as people write it: `123456`, `123456-SP`, `123456/SP`, `SP123456`, `CRM-SP 123456` or
 * `CRM/SP 123456`. Returns null for another shape, and `{ unknownUf }` for a state that does not exist.
 */
export function parseCrm(text: string): CrmQuery | { unknownUf: string } | null {
  const value = text.trim();
  for (const pattern of PATTERNS) {
    const match = pattern.exec(value);
    if (!match) continue;
    const [numero, uf] = /^\d/.test(match[1]!) ? [match[1]!, match[2]] : [match[2]!, match[1]];
    if (Number(numero) < 1) return null;
    if (uf === undefined) return { numero: Number(numero), uf: null };
    const code = uf.toUpperCase();
    return isUf(code) ? { numero: Number(numero), uf: code } : { unknownUf: code };
  }
  return null;
}
