-- Attaching the trail's existing rows as a partition (0022) needs, without scanning them under its lock, every check
-- of the partitioned table validated on them: the bound of 0019, and the origins of 0016. A validation reads the
-- table while writes go on.
alter table auditoria validate constraint auditoria_antes_das_particoes;
alter table auditoria validate constraint auditoria_origem_check;
