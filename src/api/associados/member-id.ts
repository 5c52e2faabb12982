import { isValidCpf, parseCpf } from '../../domain/cpf.js';
import { Problem } from '../../errors/problems.js';

export type MemberKey = { matricula: number } | { cpf: string };

/**
 * A member `{id}`: a matricula (1 to 10 digits, usually zero-padded to 6) or, where `allowCpf`, a CPF
 * (11 digits, masked or not). The two never overlap: a matricula has at most 10 digits.
 */
export function parseMemberId(id: string, allowCpf: boolean): MemberKey {
  if (/^[0-9]{1,10}$/.test(id) && Number(id) > 0) return { matricula: Number(id) };
  // parseCpf forgives spaces around a CPF typed into a form; in an address they make the id malformed, as in ` 1`.
  const cpf = allowCpf && !/\s/.test(id) ? parseCpf(id) : null;
  if (cpf !== null) {
    if (!isValidCpf(cpf))
      throw new Problem('invalid_parameter', 'O CPF informado tem dígitos verificadores inválidos.', {
        errors: [{ parameter: 'id', message: 'CPF inválido' }],
      });
    return { cpf };
  }
  const expected = allowCpf
    ? 'uma matrícula (até 10 dígitos, ex.: 004217) ou um CPF (000.000.000-00 ou 11 dígitos)'
    : 'uma matrícula (até 10 dígitos, ex.: 004217)';
  throw new Problem('invalid_parameter', `O identificador deve ser ${expected}.`, {
    errors: [{ parameter: 'id', message: `esperado ${expected}` }],
  });
}
