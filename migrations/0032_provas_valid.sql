-- 0031's foreign key from the invoices to their exam and its wider check of the event types, validated: scans that
-- block neither reads nor writes.
alter table fatura validate constraint fatura_prova_id_fkey;
alter table evento validate constraint evento_tipo_check;
