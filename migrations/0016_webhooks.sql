-- Webhooks (API-DESIGN §13): a token's endpoints, one delivery per event and endpoint, and each attempt of it.
-- New tables, which the previous release does not know and does not need.
--
-- An endpoint belongs to a token and follows it through rotation (src/tokens/tokens.queries.ts). Its signing
-- secrets are kept encrypted (AES-256-GCM under WEBHOOK_SECRETS_KEY, src/events/secrets.ts): the signature needs
-- the secret itself, so it cannot be hashed. During a rotation the previous secret signs too until
-- `segredo_anterior_ate`.
create table webhook_endpoint (
  id                   bigint generated always as identity primary key,
  token_id             bigint not null references api_token (id),
  url                  text not null check (url ~ '^https?://'),
  tipos                text[] not null check (cardinality(tipos) > 0),
  segredo              bytea not null,
  segredo_anterior     bytea,
  segredo_anterior_ate timestamptz,
  ativo                boolean not null default true,
  desativado_em        timestamptz,
  motivo_desativacao   text,
  -- The first failed attempt since the last success: failing for 5 days disables the endpoint.
  falhando_desde       timestamptz,
  criado_por           text not null,
  criado_em            timestamptz not null default now(),
  check (ativo = (desativado_em is null))
);
create index webhook_endpoint_token_idx on webhook_endpoint (token_id);

-- A delivery is made by the sequencer when it numbers its event, in the same transaction (src/events/sequencer.ts).
-- While pending, `proxima_em` is when it is due: an instance that takes it moves it past its attempt's deadline,
-- so that an instance that dies mid-delivery leaves it due again for another, and two never send the same attempt.
create table webhook_entrega (
  id           bigint generated always as identity primary key,
  endpoint     bigint not null references webhook_endpoint (id),
  evento       bigint not null references evento (id) on delete cascade,
  estado       text collate "C" not null default 'pendente' check (estado in ('pendente', 'entregue', 'falhou', 'cancelada')),
  tentativas   smallint not null default 0,
  proxima_em   timestamptz,
  criado_em    timestamptz not null default now(),
  concluida_em timestamptz,
  check ((estado = 'pendente') = (proxima_em is not null)),
  unique (endpoint, evento)
);
create index webhook_entrega_pendente_idx on webhook_entrega (proxima_em) where estado = 'pendente';
create index webhook_entrega_endpoint_idx on webhook_entrega (endpoint, criado_em desc, id desc);
create index webhook_entrega_evento_idx on webhook_entrega (evento);

create table webhook_tentativa (
  id          bigint generated always as identity primary key,
  entrega     bigint not null references webhook_entrega (id) on delete cascade,
  numero      smallint not null,
  iniciada_em timestamptz not null,
  -- The answer's status, or null with `erro` when there was none (refused, timed out, a refused address).
  status_http smallint,
  latencia_ms integer not null,
  erro        text,
  -- The first bytes of the answer, for the deliveries log.
  resposta    text,
  unique (entrega, numero)
);

-- Every delivery attempt is in the audit trail like a read (API-DESIGN §13), with its own origin. The constraint
-- is replaced `not valid`: no scan of the trail, and every new row is still checked.
alter table auditoria drop constraint auditoria_origem_check,
  add constraint auditoria_origem_check check (origem in ('api', 'admin', 'webhook')) not valid;
