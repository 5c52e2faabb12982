-- Each token's own number of requests in flight at once in an instance (API-DESIGN §9), null for the service's
-- default (CONCURRENCY_LIMIT_TOKEN): past it a request gets 429 `concurrency_limited` at once. A nullable column: a
-- change to the catalogue, which the previous release ignores; api_token is small, so checking the constraint on its
-- rows is a moment.
alter table api_token add column limite_simultaneas integer
  constraint api_token_limite_simultaneas_check check (limite_simultaneas between 1 and 100000);
