-- `overdue` is still derived at query time (API-DESIGN §4): an open invoice is overdue once its due date has
-- passed. `vencida` records which open invoices were already past due, so that a list of open or of overdue
-- invoices reads an index of its own in id order instead of walking every open invoice and discarding the
-- other side. It is set when an invoice is written (the trigger) and, for those that fall due later, by the
-- service every minute (src/db/overdue-marks.ts); it never changes atualizado_em.
alter table fatura add column vencida boolean not null default false;

update fatura set vencida = true
 where status = 'open' and vencimento < (now() at time zone 'America/Sao_Paulo')::date;

create function fatura_marca_vencida() returns trigger language plpgsql as $$
begin
  new.vencida := new.status = 'open' and new.vencimento < (now() at time zone 'America/Sao_Paulo')::date;
  return new;
end
$$;

create trigger fatura_marca_vencida before insert or update of status, vencimento on fatura
  for each row execute function fatura_marca_vencida();

-- Every open invoice due before `marcada_ate` is marked: until the day's marking has run, lists of overdue
-- invoices also read the unmarked ones.
create table fatura_marcacao (
  unica       boolean primary key default true check (unica),
  marcada_ate date not null
);
insert into fatura_marcacao (marcada_ate) values ((now() at time zone 'America/Sao_Paulo')::date);

create index fatura_aberta_a_vencer_idx on fatura (id) where status = 'open' and not vencida;
create index fatura_aberta_vencida_idx on fatura (id) where status = 'open' and vencida;
-- Open invoices not yet marked are few (those still to fall due): the marking reads them by id.
drop index fatura_vencimento_aberta_idx;
