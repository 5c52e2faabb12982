-- Each member's accesses in the audit trail counted by month (São Paulo), origin, token or administrator and
-- operation, for the summary of the Relatório do titular (src/audit/titular.queries.ts). Counting a member read a
-- million times from the trail reads a million rows spread over every page of it (seconds, past the statement
-- timeout); here it is a few dozen rows. The counts grow a day at a time once the day is over
-- (auditoria_titular_soma_dia); the report counts the days since, and a period's partial months, from the trail.
-- Partitioned by month like the trail and dropped with it. New tables and functions, which the previous release
-- ignores.
create table auditoria_titular (
  matricula bigint not null,
  -- The month's first day.
  mes       date not null,
  origem    text collate "C" not null,
  -- 0 for none: a key's columns cannot be null.
  token_id  bigint not null,
  admin_id  bigint not null,
  metodo    text collate "C" not null,
  rota      text collate "C" not null,
  -- Accesses: an entry counting identical ones together (`quantidade`) counts as many.
  vezes     bigint not null,
  entradas  bigint not null,
  primeiro  timestamptz not null,
  ultimo    timestamptz not null,
  primary key (matricula, mes, origem, token_id, admin_id, metodo, rota)
) partition by range (mes);

-- How far the counts go: every entry of the trail before `ate` (a midnight in São Paulo) is counted, none after;
-- null until a first day is.
create table auditoria_titular_ate (
  unica boolean primary key default true constraint auditoria_titular_ate_unica check (unica),
  ate   timestamptz
);
insert into auditoria_titular_ate default values;

-- Counts the next day (São Paulo) of the trail that ended `margem` before `agora`, the first with an entry at or after
-- the mark, and moves the mark past it: returns the new mark, `contou` true. With no entry left before the last such
-- day's end, moves the mark there (the days in between are counted: they hold none) and returns it, `contou` false.
-- Returns a null mark when the mark is already there, or another session is counting. The day's month gets its
-- partition first, in a call of its own (creating one locks the counts' table, which a day's count would then hold
-- for its length): that call moves the mark to the day's start and returns it, `contou` false.
--
-- An entry written more than `margem` after its day ended (its instance held it through a longer database outage) is
-- in the trail but not in the counts. The day's entries are read through the trail's time index whatever the
-- statistics say: a sequential scan would read the whole month for each of its days. A day adds to most of its
-- month's rows: in the order of their key, with room left on each page for the new versions (fillfactor 70, so an
-- update need not touch the index), a day of the benchmark's trail (86,400 entries, 829,000 rows of counts) takes
-- 4.5 s instead of 9 s in hash order and 7.8–9.4 s with full pages. A day of an ERP paging through a million
-- members every 5 minutes (2.88 M entries naming 288 M members) takes 32 s, against 227 s counting each naming.
create function auditoria_titular_soma_dia(agora timestamptz, margem interval, out marca_nova timestamptz, out contou boolean)
language plpgsql volatile
set enable_seqscan = off
set work_mem = '64MB'
as $$
declare
  -- The end of the last day that ended `margem` before `agora`.
  horizonte constant timestamptz := date_trunc('day', agora - margem, 'America/Sao_Paulo');
  marca timestamptz;
  inicio timestamptz;
  fim timestamptz;
  mes_do_dia date;
  particao text;
begin
  contou := false;
  if not pg_try_advisory_xact_lock(hashtext('auditoria_titular')) then return; end if;
  marca := (select m.ate from auditoria_titular_ate m);
  if marca >= horizonte then return; end if;
  inicio := (select min(a.ocorrido_em) from auditoria a where a.ocorrido_em >= coalesce(marca, '-infinity'));
  if inicio is null or inicio >= horizonte then
    update auditoria_titular_ate set ate = horizonte;
    marca_nova := horizonte;
    return;
  end if;
  inicio := date_trunc('day', inicio, 'America/Sao_Paulo');
  fim := ((inicio at time zone 'America/Sao_Paulo')::date + 1)::timestamp at time zone 'America/Sao_Paulo';

  mes_do_dia := date_trunc('month', inicio at time zone 'America/Sao_Paulo')::date;
  particao := 'auditoria_titular_' || to_char(mes_do_dia, 'YYYY_MM');
  if to_regclass(particao) is null then
    execute format('create table %I partition of auditoria_titular for values from (%L) to (%L) with (fillfactor = 70)',
                   particao, mes_do_dia, (mes_do_dia + interval '1 month')::date);
    update auditoria_titular_ate set ate = inicio;
    marca_nova := inicio;
    return;
  end if;

  -- The day's entries alike but for their time first: an integration paging through the members every 5 minutes
  -- lists the same members 288 times a day, and each of its pages of 100 is then named once, not 288 times. An entry
  -- names each member once (src/audit/audit-writer.ts).
  insert into auditoria_titular as t (matricula, mes, origem, token_id, admin_id, metodo, rota, vezes, entradas, primeiro, ultimo)
  select m.matricula, mes_do_dia, g.origem, g.token_id, g.admin_id, g.metodo, g.rota,
         sum(g.vezes), sum(g.entradas), min(g.primeiro), max(g.ultimo)
    from (select a.matriculas, a.origem, coalesce(a.token_id, 0) as token_id, coalesce(a.admin_id, 0) as admin_id, a.metodo, a.rota,
                 sum(a.quantidade) as vezes, count(*) as entradas, min(a.ocorrido_em) as primeiro, max(a.ocorrido_em) as ultimo
            from auditoria a
           where a.ocorrido_em >= inicio and a.ocorrido_em < fim
           group by a.matriculas, a.origem, coalesce(a.token_id, 0), coalesce(a.admin_id, 0), a.metodo, a.rota) g
    cross join lateral unnest(g.matriculas) m(matricula)
   group by m.matricula, g.origem, g.token_id, g.admin_id, g.metodo, g.rota
   order by m.matricula, g.origem, g.token_id, g.admin_id, g.metodo, g.rota
  on conflict (matricula, mes, origem, token_id, admin_id, metodo, rota) do update
     set vezes = t.vezes + excluded.vezes,
         entradas = t.entradas + excluded.entradas,
         primeiro = least(t.primeiro, excluded.primeiro),
         ultimo = greatest(t.ultimo, excluded.ultimo);
  update auditoria_titular_ate set ate = fim;
  marca_nova := fim;
  contou := true;
end
$$;

-- Drops the counts of the months whose every day is older than `meses` months before `agora`, as
-- auditoria_expira_particoes drops the trail's, and returns their names. The rows of the trail from before it was
-- partitioned expire one by one (auditoria_apaga_expiradas_antigas): their month's counts go with the whole month.
create function auditoria_titular_expira(agora timestamptz, meses integer) returns setof text language plpgsql as $$
declare
  limite constant date := ((agora at time zone 'America/Sao_Paulo') - make_interval(months => meses))::date;
  particao record;
begin
  if meses < 6 then raise exception 'the audit trail is kept at least 6 months, not %', meses; end if;
  if not pg_try_advisory_xact_lock(hashtext('auditoria_titular')) then return; end if;
  for particao in
    select c.relname::text as nome,
           substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \(''([^'']+)''\)')::date as fim
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'auditoria_titular'::regclass
     order by 2
  loop
    exit when particao.fim > limite;
    execute format('drop table %I', particao.nome);
    return next particao.nome;
  end loop;
end
$$;
