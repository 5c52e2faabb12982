-- `request_id` is the server's own id, a new UUID for every request, so rows can be told apart whatever clients
-- send; a client's own X-Request-Id, when it is safe to keep (src/http/request-id.ts), is stored beside it.
-- A nullable column without a default is a change to the catalog only: no rewrite, and a running older
-- release, which does not name it, goes on writing rows.
alter table auditoria add column request_id_cliente text collate "C";
