-- associa:no-transaction
-- Example for bench/upgrade.ts: an index on the largest table (4.7 M invoices at 1 M members), built without
-- blocking the writes to it; a build that failed left an INVALID index, which the drop removes before it is redone.
drop index concurrently if exists fatura_exemplo_kind_pago_idx;
create index concurrently fatura_exemplo_kind_pago_idx on fatura (kind, pago_em, id);
