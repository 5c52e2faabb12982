-- associa:no-transaction
-- A título withdrawn (a correction away from `aprovado`, an annulment) clears the result that held it through the
-- foreign key's `on delete set null`: found by this index, not by reading every result. Dropped first: a build
-- interrupted before leaves an invalid index of that name.
drop index concurrently if exists prova_resultado_titulo_idx;
create index concurrently prova_resultado_titulo_idx on prova_resultado (titulo_id) where titulo_id is not null;
