-- What the events' capture (migration 0015) costs a write, measured on the million-member dataset: a payment's
-- three statements took 2.7 ms more with capture on than off, doubling the database's work for a payment.
--
-- 1. An update that changes nothing an event reports (an NFS-e's number written after the payment, a member's
--    address) returns at once: the triggers' work cost such an update 1.1 ms for no event.
-- 2. The functions that write events take their rows as arrays, whose length a generic plan does not know, so
--    PL/pgSQL made a custom plan for their insert at every call (0.4 ms of planning a payment). Their plans are
--    the same for one row or thousands (index lookups by key), so they keep one.

create or replace function evento_faturas() returns trigger language plpgsql as $$
begin
  if not evento_captura_ligada() then return null; end if;
  if tg_op = 'INSERT' then
    perform evento_registra_faturas('{}', (select coalesce(array_agg(n::fatura), '{}') from novas n));
  elsif tg_op = 'UPDATE' then
    if not exists (select from novas n join antigas o on o.id = n.id
                    where n.status is distinct from o.status or n.vencida is distinct from o.vencida
                       or n.kind is distinct from o.kind or n.associado is distinct from o.associado
                       or n.ano_referencia is distinct from o.ano_referencia) then
      return null;
    end if;
    perform evento_registra_faturas((select coalesce(array_agg(o::fatura), '{}') from antigas o),
                                    (select coalesce(array_agg(n::fatura), '{}') from novas n));
  else
    perform evento_registra_faturas((select coalesce(array_agg(o::fatura), '{}') from antigas o), '{}');
  end if;
  return null;
end
$$;

create or replace function evento_associados() returns trigger language plpgsql as $$
begin
  if not evento_captura_ligada() then return null; end if;
  if tg_op = 'INSERT' then
    perform evento_registra_associados('{}', (select coalesce(array_agg(n::associado), '{}') from novas n));
  else
    if not exists (select from novas n join antigas o on o.matricula = n.matricula
                    where n.atualizado_em is distinct from o.atualizado_em or n.status is distinct from o.status
                       or n.categoria is distinct from o.categoria) then
      return null;
    end if;
    perform evento_registra_associados((select coalesce(array_agg(o::associado), '{}') from antigas o),
                                       (select coalesce(array_agg(n::associado), '{}') from novas n));
  end if;
  return null;
end
$$;

alter function evento_registra_faturas(fatura[], fatura[]) set plan_cache_mode = force_generic_plan;
alter function evento_registra_associados(associado[], associado[]) set plan_cache_mode = force_generic_plan;
alter function evento_registra_atualizacoes(bigint[]) set plan_cache_mode = force_generic_plan;
alter function evento_registra_cursos(curso[], curso[]) set plan_cache_mode = force_generic_plan;
