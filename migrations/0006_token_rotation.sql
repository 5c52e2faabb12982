-- When a token was replaced by rotation: from then on it works only through its grace period (expira_em),
-- and the API warns its integrator on every response (API-DESIGN §8).
alter table api_token add column rotacionado_em timestamptz;
