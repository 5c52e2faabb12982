/** CPF: 11 digits, the last two check digits (mod 11). Eleven equal digits pass the arithmetic but are invalid. */

export function cpfCheckDigits(base9: string): string {
  const digits = [...base9].map(Number);
  const first = checkDigit(digits, 10);
  const second = checkDigit([...digits, first], 11);
  return `${first}${second}`;
}

function checkDigit(digits: readonly number[], firstWeight: number): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += digits[i]! * (firstWeight - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** Digits of a CPF written with or without the mask `000.000.000-00`; null for any other shape. */
export function parseCpf(value: string): string | null {
  const match = /^(\d{3})\.?(\d{3})\.?(\d{3})-?(\d{2})$/.exec(value.trim());
  return match ? match.slice(1).join('') : null;
}

export function isValidCpf(digits: string): boolean {
  return /^\d{11}$/.test(digits) && !/^(\d)\1{10}$/.test(digits) && cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

export function formatCpf(digits: string): string {
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/**
 * The masked form served to tokens without `associados:cpf`: three digits at most (API-DESIGN §7). The check
 * digits follow from the other nine, so six visible digits left a thousand candidates, which any lookup by
 * CPF could tell apart.
 */
export function maskCpf(digits: string): string {
  return `***.***.${digits.slice(6, 9)}-**`;
}
