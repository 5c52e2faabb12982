import { memberKey, type MemberKey } from '../../domain/member-key.js';
import { Problem } from '../../errors/problems.js';

export type { MemberKey };

/** A member `{id}` (src/domain/member-key.ts), or a 400 problem saying what was expected. */
export function parseMemberId(id: string, allowCpf: boolean): MemberKey {
  const key = memberKey(id, allowCpf);
  if (key === 'invalid_cpf')
    throw new Problem('invalid_parameter', 'O CPF informado tem dígitos verificadores inválidos.', {
      errors: [{ parameter: 'id', message: 'CPF inválido' }],
    });
  if (key !== 'malformed') return key;
  const expected = allowCpf
    ? 'uma matrícula (até 10 dígitos, ex.: 004217) ou um CPF (000.000.000-00 ou 11 dígitos)'
    : 'uma matrícula (até 10 dígitos, ex.: 004217)';
  throw new Problem('invalid_parameter', `O identificador deve ser ${expected}.`, {
    errors: [{ parameter: 'id', message: `esperado ${expected}` }],
  });
}
