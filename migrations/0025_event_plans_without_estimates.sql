-- The two statements the events' delivery runs every 200 ms, numbering (src/events/sequencer.ts) and taking due
-- deliveries (src/events/webhooks.queries.ts), each read a queue in order through a partial index: the events
-- still to number by id, the pending deliveries by when they are due. Their cost must follow the batch, not the
-- queue, whatever the statistics say. On the annual fees' due date 600,000 events wait at once while the statistics
-- are those of the day before, which saw none waiting: believing the queue nearly empty, the planner read it whole
-- and sorted it (a bitmap scan) for every batch of 2,000, so numbering 600,000 events read 90 million rows.
--
-- Each statement is a function whose plan may not use a bitmap scan, a sort, a hash or a merge join: the queue can
-- then only be read in its index's order, a batch at a time, and each row of the batch joined to what it needs by
-- key. The functions are new; the previous release runs its own statements.

-- Numbers up to `lote` committed events in id order and makes their deliveries, if it takes the advisory lock
-- `trava` (one sequencer at a time over every instance). The batch is chosen and locked by the partial index
-- alone (`for update` rechecks `sequencia is null` on the row's latest version, so a batch numbered meanwhile by
-- a statement that committed after this one's snapshot is skipped), and the update joins it to `evento` by
-- primary key only: with no filter on `sequencia` there, the planner sees the whole table on that side and
-- probes it by id, instead of scanning the waiting events once for each event of the batch.
create function evento_numera(lote integer, trava bigint) returns table (numerados integer, entregas integer)
language sql volatile
set enable_bitmapscan = off
set enable_sort = off
set enable_hashjoin = off
set enable_mergejoin = off
as $$
  with a_numerar as (
    select q.id, nextval('evento_sequencia_seq') as sequencia
      from (select id from evento where sequencia is null order by id limit lote for update) q
     where (select pg_try_advisory_xact_lock(trava))
  ),
  numerados as (
    update evento e set sequencia = a.sequencia from a_numerar a
     where e.id = a.id
    returning e.id, e.tipo, e.regional
  ),
  entregas as (
    insert into webhook_entrega (endpoint, evento, proxima_em)
    select w.id, n.id, statement_timestamp()
      from numerados n
      join webhook_endpoint w on w.ativo and n.tipo = any (w.tipos)
      join api_token t on t.id = w.token_id and t.revogado_em is null and t.expira_em > statement_timestamp()
     where n.regional is null or t.regional is null or t.regional = n.regional
    returning 1
  )
  select (select count(*) from numerados)::integer, (select count(*) from entregas)::integer
$$;

-- Takes up to `limite` due deliveries of active endpoints of valid tokens for one attempt each, in the order they
-- fell due, with what their attempts need: the attempt count goes up and they are due again only after
-- `prazo_ms`. Rows another instance is taking at the same moment are skipped, not waited for. A few dozen rows
-- at most: each is joined to its endpoint and event by key, never by reading either table whole.
create function webhook_toma_entregas(limite integer, prazo_ms integer)
returns table (id bigint, tentativas smallint, endpoint bigint, url text, token_id bigint, segredo bytea,
               segredo_anterior bytea, segredo_anterior_ate timestamptz, chave text, tipo text, sequencia bigint,
               ocorrido_em timestamptz, dados jsonb, matricula bigint)
language sql volatile
rows 32
set enable_bitmapscan = off
set enable_sort = off
set enable_hashjoin = off
set enable_mergejoin = off
as $$
  with tomadas as (
    update webhook_entrega d
       set tentativas = d.tentativas + 1, proxima_em = statement_timestamp() + prazo_ms * interval '1 millisecond'
      from (select d.id from webhook_entrega d
              join webhook_endpoint w on w.id = d.endpoint and w.ativo
              join api_token k on k.id = w.token_id and k.revogado_em is null and k.expira_em > statement_timestamp()
             where d.estado = 'pendente' and d.proxima_em <= statement_timestamp()
             order by d.proxima_em limit limite
               for update of d skip locked) q
     where d.id = q.id
    returning d.id, d.endpoint, d.evento, d.tentativas
  )
  select t.id, t.tentativas, w.id, w.url, w.token_id, w.segredo, w.segredo_anterior, w.segredo_anterior_ate,
         e.chave, e.tipo, e.sequencia, e.ocorrido_em, e.dados, e.matricula
    from tomadas t
    join webhook_endpoint w on w.id = t.endpoint
    join evento e on e.id = t.evento
$$;
