-- Keys the service derives secrets from, shared by every instance through the database.
-- cursor: signs pagination cursors, so a tampered cursor is recognised.
create table chave_servico (
  nome      text collate "C" primary key,
  valor     text not null,
  criado_em timestamptz not null default now()
);
insert into chave_servico (nome, valor)
values ('cursor', encode(sha256(convert_to(gen_random_uuid()::text || random()::text || clock_timestamp()::text, 'UTF8')), 'hex'));
