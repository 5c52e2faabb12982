import type { BulkSession } from '../db/connection.js';
import type { Kind } from './formats.js';
import { stagingTable } from './staging.js';
import { PART_KINDS } from './tables.js';

type PartKind = (typeof PART_KINDS)[number];

/**
 * The checks across lines and against the database, in SQL over the staging tables: repeated keys, references to
 * members, courses and invoices that exist neither in the files nor in the database, and what a line's file
 * requires of another's (a paid invoice has its payment). A refused line gets its finding and `recusada`; the
 * checks run in dependency order, so a line that names a refused one is refused in turn.
 */

interface Check {
  kind: Kind;
  /** Selects `linha, coluna, valor, mensagem` of the lines to refuse. */
  sql: string;
}

export const live = (kind: Kind) => `(select * from ${stagingTable(kind)} where not recusada)`;

/**
 * Later lines with the same key (`keys`, columns of the staging table) as an earlier one. Only the repeated keys are
 * gathered, then their lines: most files repeat none, and grouping keys costs far less than ranking every line.
 * `what` is the finding, its adjective agreeing with its noun ("matrícula repetida").
 */
function repeated(kind: Kind, keys: readonly string[], column: string, what: string): Check {
  const list = keys.join(', ');
  return {
    kind,
    sql: `select s.linha, '${column}', (${keys.map((k) => `s.${k}`).join(` || ' ' || `)})::text, '${what} (primeira vez na linha ' || d.primeira || ')'
            from ${live(kind)} s
            join (select ${list}, min(linha) as primeira from ${live(kind)} s
                   where ${keys.map((k) => `${k} is not null`).join(' and ')} group by ${list} having count(*) > 1) d
              using (${list})
           where s.linha > d.primeira`,
  };
}

/** Lines naming a member that is neither in associados.csv (accepted) nor in the database. */
function unknownMember(kind: Kind, ref: string): Check {
  return {
    kind,
    sql: `select s.linha, 'matricula', s.${ref}::text, 'associado desconhecido (nem em associados.csv nem no banco) ou recusado'
            from ${live(kind)} s
            left join (select matricula, bool_and(recusada) as recusada from imp_associados group by matricula) a on a.matricula = s.${ref}
            left join associado m on m.matricula = s.${ref}
           where case when a.matricula is not null then a.recusada else m.matricula is null end`,
  };
}

/**
 * The members whose CRMs (specialties, titles) a file describes in full: those it names and those of associados.csv,
 * but for a member with a refused line of the file (the file's picture of it is incomplete), and none when a refused
 * line names no member that can be read. A member of associados.csv that a part file does not name has none of those
 * parts.
 */
export const SCOPE_SQL = (kind: Kind) =>
  `select matricula from (select matricula from imp_associados where not recusada union select associado from ${live(kind)} p
                          except select associado from ${stagingTable(kind)} where recusada) d
    where not exists (select 1 from ${stagingTable(kind)} where recusada and associado is null)`;

/** The members of SCOPE_SQL once the checks are done, in a table of their own: the counts and the writing read them. */
export const described = (kind: Kind) => `imp_descritos_${kind}`;

export async function describeMembers(session: BulkSession, kinds: readonly Kind[]): Promise<void> {
  for (const kind of PART_KINDS.filter((k) => kinds.includes(k))) {
    await session.query(`create temp table ${described(kind)} as ${SCOPE_SQL(kind)}`);
    await session.query(`alter table ${described(kind)} add primary key (matricula)`);
    await session.query(`analyze ${described(kind)}`);
  }
}

/** What a member keeps when its parts of a kind are left as they are, and what no member loses. */
const PARTS_KEPT: Readonly<Record<PartKind, { kept: string; none: string }>> = {
  crms: { kept: 'as inscrições no CRM do associado ficam como estão', none: 'nenhuma inscrição no CRM é removida' },
  especialidades: { kept: 'as especialidades do associado ficam como estão', none: 'nenhuma especialidade é removida' },
  titulos: { kept: 'os títulos do associado ficam como estão', none: 'nenhum título é removido' },
};

/**
 * After a part file's other checks: the lines of a member that has a refused line in the file are refused too (its
 * parts of that kind are left as they are, not replaced by a part of them); and a refused line whose member cannot be
 * read says that no member loses parts of that kind.
 */
function incompleteMembers(kind: PartKind): Check[] {
  const { kept, none } = PARTS_KEPT[kind];
  return [
    {
      kind,
      sql: `select s.linha, 'matricula', s.associado::text, 'não gravada, pois a linha ' || r.primeira || ', do mesmo associado, foi recusada: ${kept}'
              from ${live(kind)} s
              join (select associado, min(linha) as primeira from ${stagingTable(kind)} where recusada and associado is not null group by associado) r
                using (associado)`,
    },
    {
      kind,
      sql: `select min(linha), 'matricula', null::text, 'não se sabe de que associado é a linha: ${none} nesta importação'
              from ${stagingTable(kind)} where recusada and associado is null having count(*) > 0`,
    },
  ];
}

export function checks(): Check[] {
  return [
    repeated('regionais', ['codigo'], 'codigo', 'código repetido'),
    repeated('categorias', ['codigo'], 'codigo', 'código repetido'),
    repeated('cursos', ['slug'], 'slug', 'slug repetido'),
    repeated('provas', ['codigo'], 'codigo', 'código de prova repetido'),
    repeated('associados', ['matricula'], 'matricula', 'matrícula repetida'),
    repeated('associados', ['cpf'], 'cpf', 'CPF repetido'),
    {
      kind: 'associados',
      sql: `select s.linha, 'cpf', s.cpf, 'CPF já é de outro associado (matrícula ' || m.matricula || ')'
              from ${live('associados')} s join associado m on m.cpf = s.cpf and m.matricula <> s.matricula
             where not exists (select 1 from imp_associados o where o.matricula = m.matricula and o.cpf <> m.cpf)`,
    },
    unknownMember('crms', 'associado'),
    repeated('crms', ['uf', 'numero'], 'numero', 'CRM repetido'),
    {
      kind: 'crms',
      sql: `select linha, 'tipo', tipo, 'segunda inscrição principal do associado (a primeira na linha ' || primeira || ')'
              from (select linha, tipo, min(linha) over (partition by associado) as primeira from ${live('crms')} s where tipo = 'principal') d
             where linha > primeira`,
    },
    {
      kind: 'crms',
      sql: `select s.linha, 'numero', s.uf || ' ' || s.numero, 'CRM já é do associado ' || c.associado
              from ${live('crms')} s join crm c on c.uf = s.uf and c.numero = s.numero and c.associado <> s.associado
             where c.associado not in (${SCOPE_SQL('crms')})`,
    },
    ...incompleteMembers('crms'),
    unknownMember('especialidades', 'associado'),
    repeated('especialidades', ['associado', 'especialidade'], 'especialidade', 'especialidade do associado repetida'),
    ...incompleteMembers('especialidades'),
    unknownMember('titulos', 'associado'),
    repeated('titulos', ['numero'], 'numero', 'número de título repetido'),
    {
      kind: 'titulos',
      sql: `select s.linha, 'numero', s.numero, 'título já é do associado ' || t.associado
              from ${live('titulos')} s join titulo t on t.numero = s.numero and t.associado <> s.associado
             where t.associado not in (${SCOPE_SQL('titulos')})`,
    },
    ...incompleteMembers('titulos'),
    repeated('pagamentos', ['fatura'], 'fatura', 'pagamento da fatura repetido'),
    repeated('pagamentos', ['nfse_municipio', 'nfse_numero'], 'nfse_numero', 'NFS-e repetida'),
    {
      kind: 'pagamentos',
      sql: `select s.linha, 'nfse_numero', s.nfse_numero, 'NFS-e já emitida para a fatura ' || f.numero
              from ${live('pagamentos')} s join fatura f on f.nfse_municipio = s.nfse_municipio and f.nfse_numero = s.nfse_numero
             where f.numero <> s.fatura`,
    },
    unknownMember('faturas', 'associado'),
    repeated('faturas', ['numero'], 'numero', 'número de fatura repetido'),
    {
      kind: 'faturas',
      sql: `select s.linha, 'curso', s.curso, 'curso desconhecido (nem em cursos.csv nem no banco) ou recusado'
              from ${live('faturas')} s
             where s.curso is not null and not exists (select 1 from imp_cursos c where c.slug = s.curso and not c.recusada)
               and (not exists (select 1 from curso c where c.slug = s.curso) or exists (select 1 from imp_cursos c where c.slug = s.curso))`,
    },
    {
      kind: 'faturas',
      sql: `select s.linha, 'prova', s.prova, 'prova desconhecida (nem em provas.csv nem no banco) ou recusada'
              from ${live('faturas')} s
             where s.prova is not null and not exists (select 1 from imp_provas p where p.codigo = s.prova and not p.recusada)
               and (not exists (select 1 from prova p where p.codigo = s.prova) or exists (select 1 from imp_provas p where p.codigo = s.prova))`,
    },
    {
      kind: 'faturas',
      sql: `select s.linha, 'situacao', s.status, case when s.status in ('paid', 'refunded')
                then 'fatura paga ou estornada sem pagamento (em pagamentos.csv ou no banco)'
                else 'fatura aberta ou cancelada com pagamento em pagamentos.csv (linha ' || p.linha || ')' end
              from ${live('faturas')} s
              left join imp_pagamentos p on p.fatura = s.numero
              left join fatura f on f.numero = s.numero
             where case when s.status in ('paid', 'refunded')
                     then (p.linha is null and f.pago_em is null) or p.recusada
                     else p.linha is not null end`,
    },
    {
      kind: 'pagamentos',
      sql: `select s.linha, 'fatura', s.fatura, case
                when i.linha is not null then 'fatura recusada em faturas.csv (linha ' || i.linha || ')'
                when f.id is null then 'fatura desconhecida (nem em faturas.csv nem no banco)'
                else 'a fatura não está paga nem estornada no banco' end
              from ${live('pagamentos')} s
              left join imp_faturas i on i.numero = s.fatura
              left join fatura f on f.numero = s.fatura
             where case when i.linha is not null then i.recusada else f.id is null or f.status not in ('paid', 'refunded') end`,
    },
  ];
}

/** Runs the checks in order; returns how many lines they refused. */
export async function runChecks(session: BulkSession, fileOf: (kind: Kind) => string | undefined): Promise<number> {
  let refused = 0;
  for (const check of checks()) {
    const file = fileOf(check.kind);
    if (!file) continue;
    const rows = await session.query<{ n: number }>(
      `with achado (linha, coluna, valor, mensagem) as (${check.sql}),
            marcada as (update ${stagingTable(check.kind)} set recusada = true where linha in (select linha from achado) returning 1),
            escrito as (insert into imp_achado (arquivo, linha, coluna, valor, mensagem, entre_linhas)
              select $1, linha, coluna, valor, mensagem, true from achado returning 1)
       select (select count(*) from marcada)::int as n, (select count(*) from escrito)::int as escritos`,
      [file],
    );
    refused += rows[0]!.n;
  }
  return refused;
}
