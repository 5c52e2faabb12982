import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseBrazilianDate } from '../../domain/dates.js';
import { formatMatricula } from '../../domain/matricula.js';
import { memberKey } from '../../domain/member-key.js';
import { annulResult, type AnnulReason } from '../../operations/annul-result.js';
import { changeExamStatus, createExam, examSummaries, NEXT_STATUSES, type ExamReason } from '../../operations/exams.js';
import { Refused } from '../../operations/refused.js';
import { adminActor } from '../actor.js';
import { field, formOf, pageContext, pathId, sendHtml } from '../pages.js';
import { examCandidates, examResult, findExamPage, specialtyOptions } from '../provas.queries.js';
import { AnyQuery, IdParams } from '../route-schemas.js';
import { annulResultPage, examListPage, examPage, STATUS_LABELS, type ExamForm, type ExamFormErrors } from '../views/provas.js';

/** A reason the exams' operations gave, in the form's words, under the field it concerns. */
function reasonOf(reason: ExamReason): [keyof ExamForm | 'status', string] {
  switch (reason.rule) {
    case 'codigo_format':
      return [
        'codigo',
        `O código deve ter letras maiúsculas e dígitos em grupos ligados por hífens (TE-CARDIO-2027), até ${reason.max} caracteres.`,
      ];
    case 'codigo_taken':
      return ['codigo', `Já existe uma prova com o código ${reason.codigo}.`];
    case 'tipo_titulo':
      return ['tipoTitulo', 'Escolha o título que a prova concede.'];
    case 'especialidade':
      return [
        'especialidade',
        reason.tipo === 'especialista'
          ? 'Um Título de Especialista é de uma especialidade, não de uma área de atuação.'
          : 'Um Certificado de Área de Atuação é de uma área de atuação, não de uma especialidade.',
      ];
    case 'data':
      return ['data', 'Data inválida: escreva um dia que exista, DD/MM/AAAA, entre 1950 e 2100.'];
    case 'status':
      return ['status', 'Situação desconhecida.'];
    case 'transition':
      return [
        'status',
        `Uma prova em “${STATUS_LABELS[reason.from]}” não pode passar a “${STATUS_LABELS[reason.to]}”` +
          (reason.allowed.length ? `; pode passar a ${reason.allowed.map((s) => `“${STATUS_LABELS[s]}”`).join(' ou ')}.` : '.'),
      ];
    case 'has_results':
      return ['status', `A prova já tem ${reason.count} resultado(s) e não pode mais ser cancelada.`];
  }
}

const ResultParams = Type.Object({ id: Type.String(), matricula: Type.String() });

const DONE: Record<string, string> = { situacao: 'Situação alterada.', anulado: 'Resultado anulado.' };

function annulReasonText(reason: AnnulReason): string {
  return `Escreva o motivo da anulação, até ${reason.max} caracteres.`;
}

/** Provas: the título exams, created and moved along by an administrator; their candidates and results. */
export function provasRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;

  const listPage = async (request: FastifyRequest, reply: FastifyReply, form: ExamForm, errors: ExamFormErrors, status = 200) =>
    sendHtml(
      reply,
      examListPage({
        context: pageContext(request, reply),
        exams: await examSummaries(db),
        specialties: await specialtyOptions(db),
        form,
        errors,
      }),
      status,
    );

  const detailPage = async (request: FastifyRequest, reply: FastifyReply, id: number, notice: { error?: string; done?: string } = {}) => {
    const exam = await findExamPage(db, id);
    if (!exam) {
      reply.callNotFound();
      return reply;
    }
    const candidates = await examCandidates(db, id);
    // Names and results are personal data: the trail names whose were shown.
    request.adminAudit = { detalhe: `consulta à prova ${exam.codigo}`, matriculas: candidates.map((row) => row.matricula) };
    const page = examPage({ context: pageContext(request, reply), exam, candidates, next: NEXT_STATUSES[exam.status], ...notice });
    return sendHtml(reply, page, notice.error ? 422 : 200);
  };

  app.get('/provas', (request, reply) =>
    listPage(request, reply, { codigo: '', tipoTitulo: 'especialista', especialidade: 'cardiologia', data: '' }, {}),
  );

  app.post('/provas', async (request, reply) => {
    const body = formOf(request);
    const form: ExamForm = {
      codigo: field(body.codigo),
      tipoTitulo: field(body.tipoTitulo),
      especialidade: field(body.especialidade),
      data: field(body.data),
    };
    try {
      const id = await createExam(db, adminActor(request), { ...form, data: parseBrazilianDate(form.data) ?? form.data });
      return reply.redirect(`/admin/provas/${id}`, 303);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      const errors: ExamFormErrors = {};
      for (const [name, message] of (error.reasons as ExamReason[]).map(reasonOf)) if (name !== 'status') errors[name] ??= message;
      return listPage(request, reply, form, errors, 422);
    }
  });

  app.get('/provas/:id', { schema: { params: IdParams, querystring: AnyQuery } }, async (request, reply) => {
    const id = pathId(request.params.id);
    if (id === null) {
      reply.callNotFound();
      return reply;
    }
    const done = DONE[field(request.query.ok)];
    return detailPage(request, reply, id, done ? { done } : {});
  });

  app.post('/provas/:id/situacao', { schema: { params: IdParams } }, async (request, reply) => {
    const id = pathId(request.params.id);
    if (id === null) {
      reply.callNotFound();
      return reply;
    }
    try {
      if (!(await changeExamStatus(db, adminActor(request), id, field(formOf(request).status)))) {
        reply.callNotFound();
        return reply;
      }
      return reply.redirect(`/admin/provas/${id}?ok=situacao`, 303);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      return detailPage(request, reply, id, { error: (error.reasons as ExamReason[]).map((reason) => reasonOf(reason)[1]).join(' ') });
    }
  });

  /** The exam and the member's result an annulment is about, or a 404 sent (undefined). */
  const annulled = async (reply: FastifyReply, params: { id: string; matricula: string }) => {
    const id = pathId(params.id);
    const key = memberKey(params.matricula, false);
    const exam = id === null ? undefined : await findExamPage(db, id);
    const result = exam && typeof key === 'object' && 'matricula' in key ? await examResult(db, exam.id, key.matricula) : undefined;
    if (exam && result) return { exam, result };
    reply.callNotFound();
    return undefined;
  };

  /** The page that asks for the reason: it shows the member's result, so the trail names whose. */
  const annulPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    found: NonNullable<Awaited<ReturnType<typeof annulled>>>,
    motivo: string,
    error?: string,
  ) => {
    request.adminAudit = {
      detalhe: `consulta ao resultado de ${formatMatricula(found.result.matricula)} na prova ${found.exam.codigo}`,
      matriculas: [found.result.matricula],
    };
    return sendHtml(reply, annulResultPage({ context: pageContext(request, reply), ...found, motivo, error }), error ? 422 : 200);
  };

  app.get('/provas/:id/resultados/:matricula/anular', { schema: { params: ResultParams } }, async (request, reply) => {
    const found = await annulled(reply, request.params);
    return found ? annulPage(request, reply, found, '') : reply;
  });

  app.post('/provas/:id/resultados/:matricula/anular', { schema: { params: ResultParams } }, async (request, reply) => {
    const found = await annulled(reply, request.params);
    if (!found) return reply;
    const motivo = field(formOf(request).motivo);
    try {
      // Gone meanwhile (annulled in another tab): the exam's page shows it as it is now.
      await annulResult(db, adminActor(request), found.exam.id, found.result.matricula, motivo);
      return reply.redirect(`/admin/provas/${found.exam.id}?ok=anulado`, 303);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      return annulPage(request, reply, found, motivo, (error.reasons as AnnulReason[]).map(annulReasonText).join(' '));
    }
  });

  done();
}
