-- associa:no-transaction
-- An exam's candidates are the members whose exam fee for it is paid (API-DESIGN §14): found by the exam, in the
-- few invoices that name one, without reading the millions that do not. Dropped first: a build interrupted before
-- leaves an invalid index of that name.
drop index concurrently if exists fatura_prova_idx;
create index concurrently fatura_prova_idx on fatura (prova_id, associado) where prova_id is not null;
