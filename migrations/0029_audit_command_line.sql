-- The command line's changes are audited like the admin area's: origem `cli`, and who ran the command (`operador`:
-- the name given with --operator, or the login name and host). A nullable column is a change to the catalogue, which
-- the previous release ignores; the wider check is added `not valid` (instant) and validated by 0030. The previous
-- release shows such a row as the administration's.
alter table auditoria add column operador text;
alter table auditoria drop constraint auditoria_origem_check,
  add constraint auditoria_origem_check check (origem in ('api', 'admin', 'webhook', 'cli')) not valid;
