-- The same examples as ../, applied as releases up to 59b5489 applied migrations: every pending file in one
-- transaction, without lock_timeout; the index built in place, the backfill in one statement (bench/upgrade.ts).
drop index if exists fatura_exemplo_kind_pago_idx;
create index fatura_exemplo_kind_pago_idx on fatura (kind, pago_em, id);
