-- Example for bench/upgrade.ts: a nullable column on the table every authenticated request reads. A change to the
-- catalogue only, but it needs the table's strongest lock for a moment: in a transaction of its own, with the
-- runner's lock_timeout, it waits behind no long reader and holds up no request for long.
alter table api_token add column exemplo_nota text;
