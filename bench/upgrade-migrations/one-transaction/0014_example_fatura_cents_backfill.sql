alter table fatura add column if not exists exemplo_valor_centavos bigint;
update fatura set exemplo_valor_centavos = (valor * 100)::bigint;
