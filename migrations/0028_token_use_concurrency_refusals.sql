-- Each integration's requests refused for having too many in flight at once (429 `concurrency_limited`), per hour and
-- operation, apart from the other 429s, which `recusadas` still counts with them: the Integrações chart shows them
-- apart. A column with a default: a change to the catalogue, which the previous release ignores (it leaves it 0).
alter table uso_token_hora add column simultaneas integer not null default 0 check (simultaneas >= 0);
