-- 0029's wider check, validated: a scan of the audit trail that blocks neither reads nor writes.
alter table auditoria validate constraint auditoria_origem_check;
