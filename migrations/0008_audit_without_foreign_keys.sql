-- The audit trail records which token or administrator acted as a fact of its time, like the route and the
-- address beside them: it no longer depends on their rows. Checking each audited request's token against
-- api_token (a lookup and a key-share lock of the token's row per row written) was 40 % of the cost of writing
-- a row: 9.2 µs with it, 5.6 µs without, in COPY batches with every index of the table.
alter table auditoria
  drop constraint auditoria_token_id_fkey,
  drop constraint auditoria_admin_id_fkey;
