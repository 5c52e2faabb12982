-- Each token's own limits of lookups by CPF that find nothing (API-DESIGN §7), set by an administrator for an
-- integration whose use fits more (an exam's candidates who are not members); null keeps the service's default
-- (CPF_LOOKUP_LIMIT_MINUTE, CPF_LOOKUP_LIMIT_DAY). Nullable columns without a default change the catalog only,
-- and the previous release, which does not name them, goes on working.
alter table api_token add column limite_cpf_sem_resultado_minuto integer check (limite_cpf_sem_resultado_minuto >= 1);
alter table api_token add column limite_cpf_sem_resultado_dia integer check (limite_cpf_sem_resultado_dia >= 1);
