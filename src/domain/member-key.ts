import { isValidCpf, parseCpf } from './cpf.js';

export type MemberKey = { matricula: number } | { cpf: string };

/**
 * A member identifier as integrators write it: a matrícula (1 to 10 digits, usually zero-padded to 6) or, where
 * `allowCpf`, a CPF (11 digits, masked or not). The two never overlap: a matrícula has at most 10 digits. A CPF with
 * wrong check digits is told apart from a malformed identifier; spaces make it malformed, as in ` 1`.
 */
export function memberKey(id: string, allowCpf: boolean): MemberKey | 'malformed' | 'invalid_cpf' {
  if (/^[0-9]{1,10}$/.test(id) && Number(id) > 0) return { matricula: Number(id) };
  const cpf = allowCpf && !/\s/.test(id) ? parseCpf(id) : null;
  if (cpf === null) return 'malformed';
  return isValidCpf(cpf) ? { cpf } : 'invalid_cpf';
}
