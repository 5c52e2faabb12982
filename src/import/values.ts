import { isValidCpf, parseCpf } from '../domain/cpf.js';
import { isCalendarDate, parseBrazilianDate, parseBrazilianDateTime, parseTimestamp } from '../domain/dates.js';
import { isUf, type Uf } from '../domain/uf.js';

/**
 * The values of an imported file's cells, as a member-management system or a spreadsheet writes them: dates as
 * DD/MM/AAAA or AAAA-MM-DD, money as `1.234,56` or `1234.56`, yes/no in Portuguese. Each parser returns the value
 * in the database's form, or a `Problem`: what is wrong, in Portuguese, for the validation report.
 */
export class Problem {
  constructor(readonly message: string) {}
}

export type Parsed<T> = T | Problem;

export const isProblem = (value: unknown): value is Problem => value instanceof Problem;

export function text(value: string, { min = 1, max = 500 } = {}): Parsed<string> {
  const trimmed = value.trim();
  if (trimmed.length < min) return new Problem(min === 1 ? 'está vazio' : `tem menos de ${min} caracteres`);
  if (trimmed.length > max) return new Problem(`tem mais de ${max} caracteres`);
  return trimmed;
}

/** A cell that may be empty: null when it is, the parser's result otherwise. */
export function optional<T>(value: string, parse: (value: string) => Parsed<T>): Parsed<T | null> {
  return value.trim() === '' ? null : parse(value);
}

export function integer(value: string, min: number, max: number): Parsed<number> {
  const trimmed = value.trim().replace(/\./g, '');
  if (!/^\d+$/.test(trimmed)) return new Problem('não é um número inteiro');
  const n = Number(trimmed);
  if (n < min || n > max) return new Problem(`deve estar entre ${min} e ${max}`);
  return n;
}

/** A matrícula, with or without zeros on the left (`000042`). */
export function matricula(value: string): Parsed<number> {
  const trimmed = value.trim();
  if (!/^\d{1,10}$/.test(trimmed) || Number(trimmed) < 1) return new Problem('não é uma matrícula (de 1 a 10 dígitos)');
  return Number(trimmed);
}

export function cpf(value: string): Parsed<string> {
  const digits = parseCpf(value);
  if (!digits) return new Problem('não é um CPF (11 dígitos, com ou sem pontos e traço)');
  if (!isValidCpf(digits)) return new Problem('CPF com dígitos verificadores inválidos');
  return digits;
}

export function email(value: string): Parsed<string> {
  const trimmed = value.trim().toLowerCase();
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(trimmed) && trimmed.length <= 254 ? trimmed : new Problem('não é um endereço de e-mail');
}

export function uf(value: string): Parsed<Uf> {
  const code = value.trim().toUpperCase();
  return isUf(code) ? code : new Problem('não é a sigla de um estado');
}

/** A day as DD/MM/AAAA or AAAA-MM-DD, as `YYYY-MM-DD`. */
export function date(value: string): Parsed<string> {
  const trimmed = value.trim();
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? (isCalendarDate(trimmed) ? trimmed : null) : parseBrazilianDate(trimmed);
  return parsed ?? new Problem('não é uma data (DD/MM/AAAA ou AAAA-MM-DD)');
}

/** An instant as `DD/MM/AAAA HH:MM` (São Paulo time) or ISO 8601 with its offset. */
export function instant(value: string): Parsed<Date> {
  const trimmed = value.trim();
  const parsed = /^\d{4}-/.test(trimmed) ? parseTimestamp(trimmed) : parseBrazilianDateTime(trimmed);
  return parsed ?? new Problem('não é data e hora (DD/MM/AAAA HH:MM, horário de Brasília, ou ISO 8601 com fuso)');
}

/**
 * Money as `1.234,56`, `1234,56`, `1234.56` or `1234`, optionally with `R$`, as a decimal string with two
 * places. A comma is the decimal separator when there is one; without it a dot followed by exactly three digits
 * is a thousands separator only when more dots or digits make that certain (`1.234.567`), otherwise a decimal point.
 */
/** `1.234,56` or `1234,56` (1, 2); `1.234.567` (3); `1234.56` or `1234` (4, 5). */
const MONEY = /^(?:R\$\s*)?(?:(\d{1,3}(?:\.\d{3})*|\d+),(\d{1,2})|(\d{1,3}(?:\.\d{3}){2,})|(\d+)(?:\.(\d{1,2}))?)$/;

export function money(value: string, { min = 0 } = {}): Parsed<string> {
  const match = MONEY.exec(value.trim());
  if (!match) return new Problem('não é um valor em reais (1.234,56 ou 1234.56)');
  const units = (match[1] ?? match[3] ?? match[4]!).replaceAll('.', '');
  const cents = match[2] ?? match[5] ?? '';
  if (units.length > 8) return new Problem('valor grande demais');
  const result = `${String(Number(units))}.${cents.padEnd(2, '0')}`;
  if (Number(result) < min || (min > 0 && Number(result) === 0))
    return new Problem(min > 0 ? 'deve ser maior que zero' : 'não pode ser negativo');
  return result;
}

const YES = new Set(['sim', 's', 'true', 'verdadeiro', '1', 'x']);
const NO = new Set(['nao', 'não', 'n', 'false', 'falso', '0', '']);

export function yesNo(value: string): Parsed<boolean> {
  const lower = value.trim().toLowerCase();
  if (YES.has(lower)) return true;
  if (NO.has(lower)) return false;
  return new Problem('deve ser "sim" ou "não"');
}

/** One of `allowed` (the database's codes), or a Portuguese synonym of one in `aliases`; compared without case or accents. */
export function oneOf<T extends string>(value: string, allowed: readonly T[], aliases: Readonly<Record<string, T>> = {}): Parsed<T> {
  const key = fold(value).replace(/\s+/g, '_');
  const found = allowed.find((code) => code === key) ?? aliases[key];
  return found ?? new Problem(`não é um valor conhecido (${allowed.join(', ')})`);
}

/** Lower case, no accents: how header names and coded values are compared. */
export function fold(value: string): string {
  const trimmed = value.trim();
  // Most codes are printable ASCII: nothing to take apart.
  if (!/[^ -~]/.test(trimmed)) return trimmed.toLowerCase();
  return trimmed
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
