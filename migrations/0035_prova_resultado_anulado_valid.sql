-- 0034's wider check of the event types, validated: a scan that blocks neither reads nor writes.
alter table evento validate constraint evento_tipo_check;
