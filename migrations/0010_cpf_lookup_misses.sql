-- Lookups by CPF that found nothing, per token, in its current minute and day (API-DESIGN §7), kept where a
-- Redis outage or restart cannot lose them (src/db/cpf-lookup-counts.ts). A window starts at the first miss
-- counted in it and lasts a minute or a day.
create table consulta_cpf_sem_resultado (
  token_id     bigint primary key references api_token (id) on delete cascade,
  minuto_desde timestamptz not null,
  no_minuto    integer not null check (no_minuto >= 0),
  dia_desde    timestamptz not null,
  no_dia       integer not null check (no_dia >= 0)
);
