-- Sessions of the administration area. The cookie carries the session id; only its SHA-256 is stored,
-- so reading this table does not let anyone take over a session.
create table admin_sessao (
  id_hash   text collate "C" primary key,
  admin_id  bigint references admin_usuario (id) on delete cascade,
  dados     jsonb not null,
  expira_em timestamptz not null
);
create index admin_sessao_expira_idx on admin_sessao (expira_em);

-- The last simulated NFS-e number per municipality: the row lock taken to increment it serialises
-- issuers, so two payments never get the same number.
create table nfse_sequencia (
  municipio     text collate "C" primary key,
  ultimo_numero bigint not null check (ultimo_numero >= 0)
);

-- Browsing the audit trail by member and by route, newest first.
create index auditoria_rota_idx on auditoria (rota, ocorrido_em);

-- sessao: signs the administration session cookie.
insert into chave_servico (nome, valor)
values ('sessao', encode(sha256(convert_to(gen_random_uuid()::text || random()::text || clock_timestamp()::text, 'UTF8')), 'hex'));
