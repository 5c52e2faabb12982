-- Each integration's use per hour and operation, for the pictures of Integrações and Auditoria (30 days per token, 7
-- days of all): read from here in a few thousand rows, never by scanning the audit trail at page view. Added up by
-- every instance as it audits (src/audit/token-use.ts), for each request that presented a token the service knows,
-- refused ones included; rows older than 35 days are deleted. A new table, which the previous release ignores.
create table uso_token_hora (
  token_id    bigint not null,
  hora        timestamptz not null,
  rota        text collate "C" not null,
  requisicoes integer not null default 0 check (requisicoes >= 0),
  -- Answered with a 4xx other than 429, or a 5xx.
  erros       integer not null default 0 check (erros >= 0),
  -- Answered with 429, by any limit.
  recusadas   integer not null default 0 check (recusadas >= 0),
  primary key (token_id, hora, rota)
);
-- The overview of every token's last 7 days, and deleting the old rows.
create index uso_token_hora_hora_idx on uso_token_hora (hora);

-- Requests refused by the token's own rate limit (429 `rate_limited`), apart from the CPF-miss limit's: a token that
-- reaches it in several minutes of an hour is an alert. The previous release leaves it 0.
alter table uso_token_minuto add column limitadas integer not null default 0 check (limitadas >= 0);
