import { isValidCpf, parseCpf } from '../../domain/cpf.js';
import { parseCrm } from '../../domain/crm.js';
import { MEMBER_STATUSES } from '../../domain/enums.js';
import { UFS } from '../../domain/uf.js';
import { enumValues, timestampValue } from '../../lists/list-params.js';
import { invalidParameter } from '../../errors/problems.js';
import type { MemberFilters } from './associados.queries.js';
import type { MemberListQuery } from './associados.schemas.js';

/** The filters of the member list, checked and normalised; bad input is a 400 naming the parameter. */
export function memberFilters(query: MemberListQuery): MemberFilters {
  const filters: MemberFilters = {};
  if (query.cpf !== undefined) {
    const cpf = parseCpf(query.cpf);
    if (cpf === null || !isValidCpf(cpf)) throw invalidParameter('cpf', 'esperado um CPF válido, 000.000.000-00 ou 11 dígitos');
    filters.cpf = cpf;
  }
  if (query.crm !== undefined) {
    const crm = parseCrm(query.crm);
    if (crm === null)
      throw invalidParameter('crm', 'esperado o número do CRM (1 a 8 dígitos), com ou sem UF: 123456, 123456-SP, SP123456, CRM-SP 123456');
    if ('unknownUf' in crm) throw invalidParameter('crm', `UF desconhecida '${crm.unknownUf}'; UFs: ${UFS.join(', ')}`);
    filters.crm = crm;
  }
  const status = enumValues('status', query.status, MEMBER_STATUSES);
  if (status) filters.status = status.sort();
  const regional = enumValues('regional', query.regional, UFS, (value) => value.toUpperCase());
  if (regional) filters.regional = regional.sort();
  const updatedSince = timestampValue('updated_since', query.updated_since);
  if (updatedSince) filters.updatedSince = updatedSince;
  return filters;
}
