-- Invoice lists filtered by payment date are ordered by (pago_em, id), read in that order from this index
-- (API-DESIGN §5); the index on pago_em alone gave no order for the id that breaks ties.
drop index if exists fatura_pago_em_idx;
create index fatura_pago_em_idx on fatura (pago_em, id) where pago_em is not null;
