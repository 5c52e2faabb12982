-- An administrator annuls a result sent in error (API-DESIGN §14): the row is deleted, with the título it granted,
-- and the exam system may send that member's result again. The event `prova.resultado_anulado` carries the result as
-- it was, so a consumer that kept it knows what to drop. The wider check is added `not valid` (instant; validated by
-- 0035); the previous release never deletes a result, so its writes are untouched.
alter table evento drop constraint evento_tipo_check,
  add constraint evento_tipo_check check (tipo in ('fatura.emitida', 'fatura.paga', 'fatura.estornada',
    'fatura.cancelada', 'fatura.vencida', 'associado.situacao_alterada', 'associado.atualizado',
    'curso.publicado', 'curso.atualizado', 'prova.resultado_registrado', 'prova.resultado_anulado')) not valid;

create function evento_resultados_anulados() returns trigger language plpgsql as $$
begin
  if not evento_captura_ligada() then return null; end if;
  insert into evento (tipo, matricula, regional, dados)
  select 'prova.resultado_anulado', o.associado, a.regional, evento_dados_resultado(o::prova_resultado)
    from antigas o
    join associado a on a.matricula = o.associado
   order by o.prova, o.associado;
  return null;
end
$$;

create trigger prova_resultado_eventos_remocao after delete on prova_resultado
  referencing old table as antigas for each statement execute function evento_resultados_anulados();
