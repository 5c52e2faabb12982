-- associa:no-transaction
-- A partitioned table's primary key holds its partition key: (id, ocorrido_em). Built here without blocking writes,
-- it becomes the primary key of the trail's existing rows in 0022 without a build under its lock.
drop index concurrently if exists auditoria_id_ocorrido_idx;
create unique index concurrently auditoria_id_ocorrido_idx on auditoria (id, ocorrido_em);
