-- The audit trail, partitioned by month (São Paulo): keeping it AUDIT_RETENTION_MONTHS drops whole months
-- (src/audit/retention.ts), where deleting rows would leave millions of dead ones for vacuum at 26 M rows a month.
--
-- The table keeps its name and columns, so the previous release reads and writes it as before: its rows become the
-- partition of everything before the first month (bound promised by 0019, validated by 0021), with the primary key
-- built by 0020 and its own indexes, which match the partitioned table's: attaching it reads no row and builds
-- nothing. A partitioned table holds no identity column before PostgreSQL 17, so ids come from a sequence that
-- continues the identity's. The default partition takes a row of a month without its partition (a clock far
-- ahead): the trail never refuses a row, and preparing that month moves it there.

do $$
declare
  ultimo bigint;
  limite timestamptz;
  antigas text;
  indice text;
begin
  lock table auditoria in access exclusive mode;
  ultimo := (select last_value from auditoria_id_seq);
  limite := substring(pg_get_constraintdef((select oid from pg_constraint
                                             where conname = 'auditoria_antes_das_particoes' and conrelid = 'auditoria'::regclass))
                      from '''([^'']+)''')::timestamptz;
  antigas := 'auditoria_ate_' || to_char((limite - interval '1 day') at time zone 'America/Sao_Paulo', 'YYYY_MM');

  alter table auditoria alter column id drop identity;
  execute format('alter table auditoria drop constraint auditoria_pkey, add constraint %I primary key using index auditoria_id_ocorrido_idx',
                 antigas || '_pkey');
  foreach indice in array array['ocorrido', 'token', 'matriculas', 'rota', 'alerta'] loop
    execute format('alter index %I rename to %I', 'auditoria_' || indice || '_idx', antigas || '_' || indice || '_idx');
  end loop;
  execute format('alter table auditoria rename to %I', antigas);

  create table auditoria (
    id                 bigint not null,
    ocorrido_em        timestamptz not null,
    origem             text collate "C" not null constraint auditoria_origem_check check (origem in ('api', 'admin', 'webhook')),
    token_id           bigint,
    admin_id           bigint,
    metodo             text collate "C" not null,
    rota               text collate "C" not null,
    status             smallint not null,
    request_id         text collate "C" not null,
    ip                 text,
    matriculas         bigint[] not null default '{}',
    detalhe            text,
    quantidade         integer not null default 1 constraint auditoria_quantidade_check check (quantidade >= 1),
    alerta             boolean not null default false,
    request_id_cliente text collate "C",
    constraint auditoria_pkey primary key (id, ocorrido_em)
  ) partition by range (ocorrido_em);
  create sequence auditoria_id_seq owned by auditoria.id;
  perform setval('auditoria_id_seq', ultimo);
  alter table auditoria alter column id set default nextval('auditoria_id_seq');
  create index auditoria_ocorrido_idx on auditoria (ocorrido_em, id);
  create index auditoria_token_idx on auditoria (token_id, ocorrido_em);
  create index auditoria_matriculas_idx on auditoria using gin (matriculas);
  create index auditoria_rota_idx on auditoria (rota, ocorrido_em);
  create index auditoria_alerta_idx on auditoria (ocorrido_em desc, id desc) where alerta;

  execute format('alter table auditoria attach partition %I for values from (minvalue) to (%L)', antigas, limite);
  create table auditoria_padrao partition of auditoria default;
end
$$;

-- The trail's partitions and their bounds: `inicio` null for the one from MINVALUE, both null for the default.
create function auditoria_particoes() returns table (nome text, inicio timestamptz, fim timestamptz, padrao boolean)
language sql stable as $$
  select c.relname::text,
         substring(pg_get_expr(c.relpartbound, c.oid) from 'FROM \(''([^'']+)''\)')::timestamptz,
         substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \(''([^'']+)''\)')::timestamptz,
         pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT'
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
   where i.inhparent = 'auditoria'::regclass
$$;

-- Creates the partitions of the months up to the one after next (São Paulo) that do not exist yet, moving into each
-- the rows the default partition took for it. Returns the names created. One caller at a time: another returns at
-- once, with nothing.
create function auditoria_prepara_particoes(agora timestamptz) returns setof text language plpgsql as $$
declare
  ate constant timestamptz := date_trunc('month', agora, 'America/Sao_Paulo') + interval '3 months';
  inicio timestamptz;
  fim timestamptz;
  nome text;
begin
  if not pg_try_advisory_xact_lock(hashtext('auditoria_particoes')) then return; end if;
  inicio := coalesce((select max(p.fim) from auditoria_particoes() p), date_trunc('month', agora, 'America/Sao_Paulo'));
  while inicio < ate loop
    fim := ((inicio at time zone 'America/Sao_Paulo') + interval '1 month') at time zone 'America/Sao_Paulo';
    nome := 'auditoria_' || to_char(inicio at time zone 'America/Sao_Paulo', 'YYYY_MM');
    if exists (select from auditoria_padrao where ocorrido_em >= inicio and ocorrido_em < fim) then
      create temporary table auditoria_movidas on commit drop as
        with movidas as (delete from auditoria_padrao where ocorrido_em >= inicio and ocorrido_em < fim returning *)
        select * from movidas;
      execute format('create table %I partition of auditoria for values from (%L) to (%L)', nome, inicio, fim);
      insert into auditoria select * from auditoria_movidas;
      drop table auditoria_movidas;
    else
      execute format('create table %I partition of auditoria for values from (%L) to (%L)', nome, inicio, fim);
    end if;
    return next nome;
    inicio := fim;
  end loop;
end
$$;

-- Drops the partitions whose every row is older than `meses` months before `agora`, and returns their names. The
-- service refuses fewer than 6 months (Marco Civil da Internet, art. 15); so does this function.
create function auditoria_expira_particoes(agora timestamptz, meses integer) returns setof text language plpgsql as $$
declare
  limite constant timestamptz := ((agora at time zone 'America/Sao_Paulo') - make_interval(months => meses)) at time zone 'America/Sao_Paulo';
  particao record;
begin
  if meses < 6 then raise exception 'the audit trail is kept at least 6 months, not %', meses; end if;
  if not pg_try_advisory_xact_lock(hashtext('auditoria_particoes')) then return; end if;
  for particao in select p.nome from auditoria_particoes() p where not p.padrao and p.fim <= limite order by p.fim loop
    execute format('drop table %I', particao.nome);
    return next particao.nome;
  end loop;
end
$$;

-- The partition from MINVALUE holds the rows from before the trail was partitioned, possibly years of them: deletes
-- up to `lote` of its rows older than `meses` months, and returns how many (0 when none is left).
create function auditoria_apaga_expiradas_antigas(agora timestamptz, meses integer, lote integer) returns integer language plpgsql as $$
declare
  limite constant timestamptz := ((agora at time zone 'America/Sao_Paulo') - make_interval(months => meses)) at time zone 'America/Sao_Paulo';
  antigas text := (select p.nome from auditoria_particoes() p where p.inicio is null and not p.padrao);
  apagadas integer;
begin
  if meses < 6 then raise exception 'the audit trail is kept at least 6 months, not %', meses; end if;
  if antigas is null then return 0; end if;
  execute format('delete from %I where ctid = any (array(select ctid from %I where ocorrido_em < $1 limit $2))', antigas, antigas)
    using limite, lote;
  get diagnostics apagadas = row_count;
  return apagadas;
end
$$;

select auditoria_prepara_particoes(now());
