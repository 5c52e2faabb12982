import type { ListDeclaration } from '../list-pipeline.js';
import { PERSONAL_DATA_CACHE } from '../personal-data.js';
import { listMembers, type MemberListFilters, type MemberOrder } from './associados.queries.js';
import type { MemberListItem, MemberListQuery } from './associados.schemas.js';
import { memberFilters } from './member-filters.js';
import { toMemberListItem } from './member-mappers.js';

type MemberListRow = Awaited<ReturnType<typeof listMembers>>[number];

/** The member list (API-DESIGN §5): by matricula, or by update time with `updated_since`; a CPF filter that finds nobody is a miss. */
export const memberList: ListDeclaration<MemberListQuery, MemberListFilters, MemberOrder, MemberListRow, MemberListItem> = {
  filters: (query, viewer) => ({ ...memberFilters(query), visibility: { regional: viewer?.regional ?? null } }),
  orders: { matricula: { key: 'id' }, atualizado_em: { key: 'timestamp', horizon: true } },
  order: (filters) => (filters.updatedSince ? 'atualizado_em' : 'matricula'),
  query: (page) =>
    page.filters.cpf
      ? page.request.server.cpfLookups.guard(
          page.request,
          () => listMembers(page),
          (found) => (found.length > 0 ? 0 : 1),
        )
      : listMembers(page),
  id: (row) => row.matricula,
  item: toMemberListItem,
  matricula: (row) => row.matricula,
  cacheControl: PERSONAL_DATA_CACHE,
};
