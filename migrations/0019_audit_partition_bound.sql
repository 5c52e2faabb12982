-- The audit trail becomes partitioned by month (0022), so that keeping it for AUDIT_RETENTION_MONTHS drops a
-- month's table instead of deleting millions of rows. Its rows until then stay in the table they are in, which
-- becomes the partition of everything before the first month of its own: until the end of this month (São Paulo),
-- which this constraint promises, so that attaching the table needs no scan. Added `not valid` (no scan, no wait);
-- 0021 validates it without blocking writes.
do $$
begin
  execute format('alter table auditoria add constraint auditoria_antes_das_particoes check (ocorrido_em < %L) not valid',
                 date_trunc('month', now(), 'America/Sao_Paulo') + interval '1 month');
end
$$;
