-- Refused requests (401, 429) are audited one row per minute, route and status for each address or token,
-- with how many there were (API-DESIGN §7); every other row stands for one request.
alter table auditoria add column quantidade integer not null default 1 check (quantidade >= 1);
-- Events the administrators must notice, such as a token reaching its limit of CPF lookups that find nothing.
alter table auditoria add column alerta boolean not null default false;
create index auditoria_alerta_idx on auditoria (ocorrido_em desc, id desc) where alerta;
