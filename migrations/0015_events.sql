-- Events (API-DESIGN §13): captured by triggers in the same transaction as the change, whoever writes it, so that
-- no change is missed and none is announced that did not commit. The previous release neither reads nor needs
-- these tables; its writes produce events too once this migration has run.
--
-- An event gets its `sequencia` only once it has committed, from the service's sequencer (src/events/sequencer.ts):
-- a number taken at insert would let an event whose transaction commits late fall behind a reader's position.
create table evento (
  id          bigint generated always as identity primary key,
  chave       text collate "C" not null unique, -- the public id, evt_ and a ULID: the webhook-id of every delivery
  tipo        text collate "C" not null check (tipo in ('fatura.emitida', 'fatura.paga', 'fatura.estornada',
                'fatura.cancelada', 'fatura.vencida', 'associado.situacao_alterada', 'associado.atualizado',
                'curso.publicado', 'curso.atualizado')),
  ocorrido_em timestamptz not null default statement_timestamp(),
  sequencia   bigint unique,
  -- The member the event concerns (its audit row, a branch's tokens), and that member's branch; null: a course,
  -- which every branch sees.
  matricula   bigint,
  regional    text collate "C",
  dados       jsonb not null
);
create sequence evento_sequencia_seq as bigint owned by evento.sequencia;
create index evento_a_numerar_idx on evento (id) where sequencia is null;
create index evento_regional_idx on evento (regional, sequencia) where sequencia is not null;
create index evento_ocorrido_idx on evento (ocorrido_em);

-- A ULID (Crockford's base 32: 48 bits of milliseconds, then 80 random bits), so that ids sort by time in logs. The
-- seed gives the instant and a text to draw the bits from, so that the demo's history has the same ids every time.
create function evento_chave_nova(instante timestamptz default clock_timestamp(), semente text default null)
returns text language plpgsql volatile as $$
declare
  alfabeto constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  ms bigint := floor(extract(epoch from instante) * 1000);
  -- 96 random bits of a version-4 UUID: its first six bytes and its last six (the version and variant bits lie between)
  bits bit(128) := case when semente is null then ('x' || encode(uuid_send(gen_random_uuid()), 'hex'))::bit(128)
                        else ('x' || md5(semente))::bit(128) end;
  aleatorio bit(80) := (substring(bits from 1 for 48) || substring(bits from 81 for 32))::bit(80);
  chave text := 'evt_';
begin
  for i in reverse 9..0 loop
    chave := chave || substr(alfabeto, ((ms >> (i * 5)) & 31)::int + 1, 1);
  end loop;
  for i in 0..15 loop
    chave := chave || substr(alfabeto, substring(aleatorio from i * 5 + 1 for 5)::int + 1, 1);
  end loop;
  return chave;
end
$$;
alter table evento alter column chave set default evento_chave_nova();

-- Bulk loads of fictitious data (the seed) set `associa.eventos` to `off` for their transaction: they replace
-- everything, and announce nothing.
create function evento_captura_ligada() returns boolean language sql stable as $$
  select coalesce(current_setting('associa.eventos', true), '') <> 'off'
$$;

-- The annual fees that make a member not adimplente (API-DESIGN §6), as the triggers see them: open and marked past
-- due (`vencida`, migration 0007: set when an invoice is written, and for those falling due by the service within a
-- minute of midnight), of a year up to the current one.
create function evento_ano_corrente() returns integer language sql stable as $$
  select extract(year from statement_timestamp() at time zone 'America/Sao_Paulo')::int
$$;

-- What each invoice event says: identifiers and facts, never a name, CPF or e-mail (src/events/envelope.ts
-- formats the matricula and the times as the API serves them).
create function evento_dados_fatura(f fatura) returns jsonb language sql stable as $$
  select jsonb_build_object(
    'fatura_id', f.id, 'numero', f.numero, 'kind', f.kind, 'matricula', f.associado,
    'ano_referencia', f.ano_referencia, 'curso_id', f.curso_id, 'valor', f.valor::text, 'vencimento', f.vencimento,
    'status', case when f.status = 'open' and f.vencimento < (statement_timestamp() at time zone 'America/Sao_Paulo')::date
                   then 'overdue' else f.status end,
    'pago_em', f.pago_em, 'valor_pago', f.valor_pago::text)
$$;

-- Every change of invoices, given as their rows before and after (an insert has none before, a delete none
-- after): fatura.* for each invoice, and associado.situacao_alterada for each member whose count of fees past due
-- went from none to some or back.
create function evento_registra_faturas(antes fatura[], depois fatura[]) returns void language plpgsql as $$
begin
  insert into evento (tipo, matricula, regional, dados)
  select t.tipo, n.associado, a.regional, evento_dados_fatura(n)
    from unnest(depois) n
    left join unnest(antes) o on o.id = n.id
    join associado a on a.matricula = n.associado
   cross join lateral (select case
       when o.id is null then 'fatura.emitida'
       when n.status is distinct from o.status then
         case n.status when 'paid' then 'fatura.paga' when 'refunded' then 'fatura.estornada' when 'cancelled' then 'fatura.cancelada' end
       when n.status = 'open' and n.vencida and not o.vencida then 'fatura.vencida'
     end as tipo) t
   where t.tipo is not null
   order by n.id;

  with ano as (select evento_ano_corrente() as ano),
  variacao as (
    select x.associado, sum(x.d) as d
      from (select n.associado, 1 as d from unnest(depois) n, ano
             where n.kind = 'anuidade' and n.status = 'open' and n.vencida and n.ano_referencia <= ano.ano
            union all
            select o.associado, -1 from unnest(antes) o, ano
             where o.kind = 'anuidade' and o.status = 'open' and o.vencida and o.ano_referencia <= ano.ano) x
     group by x.associado
    having sum(x.d) <> 0
  ),
  agora as (
    select v.associado, v.d,
           (select count(*) from fatura f, ano
             where f.associado = v.associado and f.kind = 'anuidade' and f.status = 'open' and f.vencida
               and f.ano_referencia <= ano.ano) as vencidas
      from variacao v
  )
  insert into evento (tipo, matricula, regional, dados)
  select 'associado.situacao_alterada', a.matricula, a.regional,
         jsonb_build_object('matricula', a.matricula, 'associado', a.status = 'ativo', 'categoria', a.categoria,
           'adimplente', g.vencidas = 0, 'ano_referencia', ano.ano,
           'anterior', jsonb_build_object('associado', a.status = 'ativo', 'categoria', a.categoria,
             'adimplente', g.vencidas - g.d = 0))
    from agora g
    join associado a on a.matricula = g.associado
    join categoria c on c.codigo = a.categoria
   cross join ano
   where not c.isenta_anuidade and (g.vencidas = 0) <> (g.vencidas - g.d = 0)
   order by a.matricula;
end
$$;

create function evento_faturas() returns trigger language plpgsql as $$
begin
  if not evento_captura_ligada() then return null; end if;
  if tg_op = 'INSERT' then
    perform evento_registra_faturas('{}', (select coalesce(array_agg(n::fatura), '{}') from novas n));
  elsif tg_op = 'UPDATE' then
    perform evento_registra_faturas((select coalesce(array_agg(o::fatura), '{}') from antigas o),
                                    (select coalesce(array_agg(n::fatura), '{}') from novas n));
  else
    perform evento_registra_faturas((select coalesce(array_agg(o::fatura), '{}') from antigas o), '{}');
  end if;
  return null;
end
$$;

-- One call per statement, with the statement's rows as transition tables: the overdue marking's 5,000 rows and an
-- import's batches are one set-based insert each, not one call a row. The functions that do the work are PL/pgSQL,
-- whose plans a session keeps: an SQL function's would be made again at every call, doubling a payment's time.
create trigger fatura_eventos_insercao after insert on fatura
  referencing new table as novas for each statement execute function evento_faturas();
create trigger fatura_eventos_alteracao after update on fatura
  referencing old table as antigas new table as novas for each statement execute function evento_faturas();
create trigger fatura_eventos_remocao after delete on fatura
  referencing old table as antigas for each statement execute function evento_faturas();

-- Members: associado.atualizado when the record changed (its `atualizado_em` moved: migration 0013 stamps every
-- real change), associado.situacao_alterada when being a member, the category or being adimplente did. The fees
-- are not changed by the statement, so one count of those past due serves before and after.
create function evento_registra_associados(antes associado[], depois associado[]) returns void language plpgsql as $$
begin
  with ano as (select evento_ano_corrente() as ano),
  situacao as (
    select n.matricula, n.regional, n.status, n.categoria, o.matricula is not null as existia,
           o.matricula is null or o.atualizado_em is distinct from n.atualizado_em as atualizado,
           n.status = 'ativo' as associado, o.status = 'ativo' as associado_antes, o.categoria as categoria_antes,
           cn.isenta_anuidade or v.nenhuma as adimplente, co.isenta_anuidade or v.nenhuma as adimplente_antes
      from unnest(depois) n
      left join unnest(antes) o on o.matricula = n.matricula
      join categoria cn on cn.codigo = n.categoria
      left join categoria co on co.codigo = o.categoria
     cross join ano
     cross join lateral (select not exists (select 1 from fatura f
         where f.associado = n.matricula and f.kind = 'anuidade' and f.status = 'open' and f.vencida
           and f.ano_referencia <= ano.ano) as nenhuma) v
     where o.matricula is null or o.atualizado_em is distinct from n.atualizado_em
        or o.status is distinct from n.status or o.categoria is distinct from n.categoria
  )
  insert into evento (tipo, matricula, regional, dados)
  select e.tipo, s.matricula, s.regional, e.dados
    from situacao s
   cross join ano
   cross join lateral (values
       (s.atualizado, 'associado.atualizado',
        jsonb_build_object('matricula', s.matricula, 'status', s.status, 'categoria', s.categoria, 'regional', s.regional)),
       (not s.existia or s.associado <> s.associado_antes or s.categoria <> s.categoria_antes or s.adimplente <> s.adimplente_antes,
        'associado.situacao_alterada',
        jsonb_build_object('matricula', s.matricula, 'associado', s.associado, 'categoria', s.categoria,
          'adimplente', s.adimplente, 'ano_referencia', ano.ano,
          'anterior', case when s.existia then jsonb_build_object('associado', s.associado_antes,
            'categoria', s.categoria_antes, 'adimplente', s.adimplente_antes) end))
     ) as e (emite, tipo, dados)
   where e.emite
   order by s.matricula, e.tipo;
end
$$;

create function evento_associados() returns trigger language plpgsql as $$
begin
  if not evento_captura_ligada() then return null; end if;
  if tg_op = 'INSERT' then
    perform evento_registra_associados('{}', (select coalesce(array_agg(n::associado), '{}') from novas n));
  else
    perform evento_registra_associados((select coalesce(array_agg(o::associado), '{}') from antigas o),
                                       (select coalesce(array_agg(n::associado), '{}') from novas n));
  end if;
  return null;
end
$$;

create trigger associado_eventos_insercao after insert on associado
  referencing new table as novas for each statement execute function evento_associados();
create trigger associado_eventos_alteracao after update on associado
  referencing old table as antigas new table as novas for each statement execute function evento_associados();

-- The parts of a member record kept in tables of their own (CRMs, specialties, titles): associado.atualizado for
-- each member whose parts changed.
create function evento_registra_atualizacoes(matriculas bigint[]) returns void language plpgsql as $$
begin
  insert into evento (tipo, matricula, regional, dados)
  select 'associado.atualizado', a.matricula, a.regional,
         jsonb_build_object('matricula', a.matricula, 'status', a.status, 'categoria', a.categoria, 'regional', a.regional)
    from associado a
   where a.matricula = any (matriculas)
   order by a.matricula;
end
$$;

-- A statement trigger has both transition tables only for an update: each operation reads the ones it has.
create function evento_partes_do_associado() returns trigger language plpgsql as $$
begin
  if not evento_captura_ligada() then return null; end if;
  if tg_op = 'INSERT' then
    perform evento_registra_atualizacoes(array(select associado from novas));
  elsif tg_op = 'UPDATE' then
    perform evento_registra_atualizacoes(array(select associado from novas union select associado from antigas));
  else
    perform evento_registra_atualizacoes(array(select associado from antigas));
  end if;
  return null;
end
$$;

create trigger crm_eventos_insercao after insert on crm
  referencing new table as novas for each statement execute function evento_partes_do_associado();
create trigger crm_eventos_alteracao after update on crm
  referencing old table as antigas new table as novas for each statement execute function evento_partes_do_associado();
create trigger crm_eventos_remocao after delete on crm
  referencing old table as antigas for each statement execute function evento_partes_do_associado();
create trigger associado_especialidade_eventos_insercao after insert on associado_especialidade
  referencing new table as novas for each statement execute function evento_partes_do_associado();
create trigger associado_especialidade_eventos_alteracao after update on associado_especialidade
  referencing old table as antigas new table as novas for each statement execute function evento_partes_do_associado();
create trigger associado_especialidade_eventos_remocao after delete on associado_especialidade
  referencing old table as antigas for each statement execute function evento_partes_do_associado();
create trigger titulo_eventos_insercao after insert on titulo
  referencing new table as novas for each statement execute function evento_partes_do_associado();
create trigger titulo_eventos_alteracao after update on titulo
  referencing old table as antigas new table as novas for each statement execute function evento_partes_do_associado();
create trigger titulo_eventos_remocao after delete on titulo
  referencing old table as antigas for each statement execute function evento_partes_do_associado();

-- Courses, which every branch sees: curso.publicado when one becomes published, curso.atualizado when one that is
-- served (not a draft, before or after) changes, its prices included. Drafts are never announced.
create function evento_dados_curso(c curso) returns jsonb language sql stable as $$
  select jsonb_build_object('curso_id', c.id, 'slug', c.slug, 'status', c.status, 'data_inicio', c.data_inicio,
    'inscricao_inicio', c.inscricao_inicio, 'inscricao_fim', c.inscricao_fim)
$$;

create function evento_registra_cursos(antes curso[], depois curso[]) returns void language plpgsql as $$
begin
  insert into evento (tipo, dados)
  select case when n.status = 'publicado' and o.status is distinct from 'publicado' then 'curso.publicado' else 'curso.atualizado' end,
         evento_dados_curso(n)
    from unnest(depois) n
    left join unnest(antes) o on o.id = n.id
   where (n.status <> 'rascunho' or o.status is distinct from 'rascunho' and o.id is not null)
     and (o.id is null or o.atualizado_em is distinct from n.atualizado_em or o.status is distinct from n.status)
   order by n.id;
end
$$;

create function evento_cursos() returns trigger language plpgsql as $$
begin
  if not evento_captura_ligada() then return null; end if;
  if tg_op = 'INSERT' then
    perform evento_registra_cursos('{}', (select coalesce(array_agg(n::curso), '{}') from novas n));
  else
    perform evento_registra_cursos((select coalesce(array_agg(o::curso), '{}') from antigas o),
                                   (select coalesce(array_agg(n::curso), '{}') from novas n));
  end if;
  return null;
end
$$;

create trigger curso_eventos_insercao after insert on curso
  referencing new table as novas for each statement execute function evento_cursos();
create trigger curso_eventos_alteracao after update on curso
  referencing old table as antigas new table as novas for each statement execute function evento_cursos();

create function evento_precos_de_curso() returns trigger language plpgsql as $$
declare
  cursos integer[];
begin
  if not evento_captura_ligada() then return null; end if;
  if tg_op = 'INSERT' then
    cursos := array(select curso from novas);
  elsif tg_op = 'UPDATE' then
    cursos := array(select curso from novas union select curso from antigas);
  else
    cursos := array(select curso from antigas);
  end if;
  insert into evento (tipo, dados)
  select 'curso.atualizado', evento_dados_curso(c) from curso c where c.id = any (cursos) and c.status <> 'rascunho' order by c.id;
  return null;
end
$$;

create trigger curso_preco_eventos_insercao after insert on curso_preco
  referencing new table as novas for each statement execute function evento_precos_de_curso();
create trigger curso_preco_eventos_alteracao after update on curso_preco
  referencing old table as antigas new table as novas for each statement execute function evento_precos_de_curso();
create trigger curso_preco_eventos_remocao after delete on curso_preco
  referencing old table as antigas for each statement execute function evento_precos_de_curso();
