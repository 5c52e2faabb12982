-- Whether a member is adimplente asks whether an annual fee of theirs is open past its due date
-- (src/db/standing.ts). Through `fatura_associado_idx` that read every annual fee of the member from the
-- table, open or not, only to find that none was: on 4.7 M invoices, three index pages and about six heap
-- pages a status request, most outside PostgreSQL's buffers. Only a few per cent of the invoices are open
-- annual fees; this index holds just those, with what the check needs, so the answer comes from a few pages
-- of a small index that stay in memory.
create index fatura_anuidade_aberta_idx on fatura (associado, vencimento) include (ano_referencia)
  where kind = 'anuidade' and status = 'open';
