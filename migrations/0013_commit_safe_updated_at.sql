-- A list with `updated_since` serves a row only once every transaction that could still commit an earlier
-- `atualizado_em` has finished (API-DESIGN §5, src/db/commit-horizon.ts). It knows those transactions by when they
-- started, so every change must stamp the time of its own statement, whoever makes it: a time taken by a client
-- before its transaction began could fall behind the horizon and never be served, and a change that left the
-- column alone (an UPDATE typed in psql) would never be synchronised at all.
--
-- statement_timestamp(), not now(): a transaction that has not written yet then stamps no earlier than its next
-- statement, so an idle transaction that only reads (pg_dump) does not hold the horizon back.

-- A no-op update (every column as it was) is not a change and keeps its stamp; one that sets only `atualizado_em`
-- is (a touch: a member whose standing an invoice changed). The trigger's arguments name columns that are not
-- part of the served record: `fatura.vencida` is a hint for the lists' indexes (migration 0007).
create function registra_alteracao() returns trigger language plpgsql as $$
begin
  if tg_nargs = 0 or (to_jsonb(new) - tg_argv) is distinct from (to_jsonb(old) - tg_argv) then
    new.atualizado_em := statement_timestamp();
  end if;
  return new;
end
$$;

-- Named to sort after the tables' other BEFORE triggers (fatura_marca_vencida), which PostgreSQL fires in name order.
create trigger associado_registra_alteracao before update on associado
  for each row when (old.* is distinct from new.*) execute function registra_alteracao();
create trigger curso_registra_alteracao before update on curso
  for each row when (old.* is distinct from new.*) execute function registra_alteracao();
create trigger fatura_registra_alteracao before update on fatura
  for each row when (old.* is distinct from new.*) execute function registra_alteracao('vencida');

-- An insert that gives no `atualizado_em` gets its statement's time; one that gives it (the seed, an import of
-- history) keeps it.
alter table associado alter column atualizado_em set default statement_timestamp();
alter table curso alter column atualizado_em set default statement_timestamp();
alter table fatura alter column atualizado_em set default statement_timestamp();
