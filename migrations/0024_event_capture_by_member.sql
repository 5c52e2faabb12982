-- The events' capture counts a member's annual fees past due (migration 0015) for every invoice and member a
-- statement changes. It asked for `status = 'open' and vencida`, which is exactly the predicate of
-- `fatura_aberta_vencida_idx` (migration 0007): planned from statistics taken before a due date, which saw no fee
-- marked, that index looks empty, and the count read it whole, with a filter on the member, once for each member
-- of the batch. On the annual fees' due date every batch of the marking read every fee it had already marked:
-- 50,000 fees took minutes, 300,000 would take hours. The count now asks for the member's open annual fees and
-- counts the marked ones among them, which only the indexes by member can serve (a few rows each, whatever the
-- statistics say); the situation's count is made once a member, not once for each use of it.
--
-- The functions keep their plan settings (migration 0017): `create or replace` resets them, so they are set again.

create or replace function evento_registra_faturas(antes fatura[], depois fatura[]) returns void language plpgsql as $$
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
  agora as materialized (
    select v.associado, v.d,
           (select count(*) filter (where f.vencida) from fatura f, ano
             where f.associado = v.associado and f.kind = 'anuidade' and f.status = 'open'
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

create or replace function evento_registra_associados(antes associado[], depois associado[]) returns void language plpgsql as $$
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
     cross join lateral (select count(*) filter (where f.vencida) = 0 as nenhuma from fatura f
         where f.associado = n.matricula and f.kind = 'anuidade' and f.status = 'open'
           and f.ano_referencia <= ano.ano) v
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

alter function evento_registra_faturas(fatura[], fatura[]) set plan_cache_mode = force_generic_plan;
alter function evento_registra_associados(associado[], associado[]) set plan_cache_mode = force_generic_plan;
