-- Each token's use per minute, added up by every instance as it writes the audit trail (src/audit/token-use.ts):
-- requests as its rate limit counts them, lookups by CPF that found nobody, and requests refused with 429.
-- Integrações suggests a token's limits from it rather than from the audit trail, which grows by millions of rows;
-- rows older than 35 days are deleted. Like the audit trail, it names tokens without a foreign key: a write never
-- waits on a token's row. A new table, which the previous release does not know and does not need.
create table uso_token_minuto (
  token_id          bigint not null,
  minuto            timestamptz not null,
  requisicoes       integer not null default 0 check (requisicoes >= 0),
  cpf_sem_resultado integer not null default 0 check (cpf_sem_resultado >= 0),
  recusadas         integer not null default 0 check (recusadas >= 0),
  primary key (token_id, minuto)
);
-- For deleting the old rows without reading the table.
create index uso_token_minuto_minuto_idx on uso_token_minuto (minuto);
