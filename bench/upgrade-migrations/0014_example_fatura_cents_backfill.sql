-- associa:no-transaction
-- Example for bench/upgrade.ts: a new column on the invoices, filled in batches of 5,000, each its own transaction.
alter table fatura add column if not exists exemplo_valor_centavos bigint;
-- associa:repeat-until-zero
update fatura set exemplo_valor_centavos = (valor * 100)::bigint
 where id > coalesce($1::bigint, 0)
   and id <= (select max(id) from (select id from fatura where id > coalesce($1::bigint, 0) order by id limit 5000) as batch)
returning id;
