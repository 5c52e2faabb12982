-- associa:no-transaction
-- The feed for a type that is rare among the events (a site reading only curso.*) found its few events by reading
-- every event after its position: 35 ms for 115,000 events at a million members, growing with the burst of
-- payments kept for the retention period. By type, it reads only those.
drop index concurrently if exists evento_tipo_idx;
create index concurrently evento_tipo_idx on evento (tipo, sequencia) where sequencia is not null;
