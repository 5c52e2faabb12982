import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ImportReport } from '../../import/import.js';
import { importAs } from '../../operations/imports.js';
import { adminActor } from '../actor.js';
import {
  claimConfirmation,
  confirmationClaimed,
  discardReceived,
  findUpload,
  keepConfirmation,
  keepUpload,
  MAX_FILE_BYTES,
  MAX_FILES,
  receivedFiles,
  receiveFile,
  releaseConfirmation,
  sweepUploads,
  uploadSources,
  type UploadRecord,
} from '../import-uploads.js';
import { field, formOf, pageContext, sendHtml } from '../pages.js';
import { IdParams } from '../route-schemas.js';
import { canConfirm, importFormPage, importReportPage } from '../views/importacao.js';
import { errorPage } from '../views/session.js';

const MB = MAX_FILE_BYTES / (1024 * 1024);
const IMPORT_SILENCE_MS = 10 * 60 * 1000;

/** What multipart's limits answer, in Portuguese. */
const UPLOAD_ERRORS: Record<string, (error: FastifyError & { part?: { filename?: string } }) => string> = {
  FST_REQ_FILE_TOO_LARGE: (error) =>
    `O arquivo ${error.part?.filename ? `${error.part.filename} ` : ''}passa de ${MB} MB, o limite por arquivo. Divida-o em partes menores e envie de novo.`,
  FST_FILES_LIMIT: () => `Envie no máximo ${MAX_FILES} arquivos de uma vez.`,
  FST_PARTS_LIMIT: () => `Envie no máximo ${MAX_FILES} arquivos de uma vez.`,
  FST_FIELDS_LIMIT: () => 'O formulário trouxe campos demais.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => 'O formulário não foi enviado como arquivos (multipart/form-data).',
};

/** How long this request's connection may stay silent (inject's sockets have no timer). */
function allowSilence(request: FastifyRequest, ms: number): void {
  const socket = request.raw.socket as Partial<Socket>;
  socket.setTimeout?.(ms);
}

const sessionKey = (request: FastifyRequest) => createHash('sha256').update(request.session.sessionId).digest('base64url');

/**
 * Importação: CSV files of the member-management system sent from the browser, validated without writing (a dry run
 * of `associa import`), then imported when the administrator confirms what the validation found.
 */
export async function importacaoRoutes(fastify: FastifyInstance): Promise<void> {
  // Here only: no other page of the administration takes files.
  await fastify.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: receiveFile,
    limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES, fields: 10, parts: MAX_FILES + 10 },
  });
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // Validating or importing a whole export takes longer than the service lets a connection stay silent (an export of
  // 10,000 members: 9 s to validate, 20 s to import, embedded database): this connection may wait for it.
  app.addHook('onRequest', (request, _reply, done) => {
    allowSilence(request, IMPORT_SILENCE_MS);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    allowSilence(request, app.server.timeout);
    done();
  });

  // A refused form (CSRF), a limit passed or a failure leaves the files it brought behind: they go, before the answer.
  app.addHook('onSend', async (request, _reply, payload) => {
    await discardReceived(request);
    return payload;
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const message = error.code ? UPLOAD_ERRORS[error.code] : undefined;
    // Anything else is the administration's error handler's (its CSRF page, its 500).
    if (!message) throw error;
    return sendHtml(reply, errorPage({ title: 'Arquivos não enviados', message: message(error) }), error.statusCode ?? 400);
  });

  app.get('/importacao', (request, reply) => sendHtml(reply, importFormPage({ context: pageContext(request, reply) })));

  app.post('/importacao', async (request, reply) => {
    const received = receivedFiles(request);
    const gravarValidas = field(formOf(request).gravar_validas) === 'sim';
    if (!received) {
      const error = 'Escolha ao menos um arquivo CSV.';
      return sendHtml(reply, importFormPage({ context: pageContext(request, reply), error, gravarValidas }), 400);
    }
    const validacao = await importAs(app.database, adminActor(request), uploadSources(received.id, received.files), {
      dryRun: true,
      skipInvalid: gravarValidas,
      upload: received.id,
    });
    const id = await keepUpload(request, {
      sessao: sessionKey(request),
      adminId: request.session.adminId ?? null,
      adminEmail: request.session.adminEmail ?? '',
      criadoEm: new Date().toISOString(),
      gravarValidas,
      arquivos: received.files,
      validacao,
    });
    return reply.redirect(`/admin/importacao/${id}`, 303);
  });

  const uploadOf = (request: FastifyRequest, id: string) => findUpload(id, sessionKey(request));
  const notFound = (reply: FastifyReply) => {
    reply.callNotFound();
    return reply;
  };

  app.get('/importacao/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const upload = await uploadOf(request, request.params.id);
    if (!upload) return notFound(reply);
    const writing = !upload.confirmacao && (await confirmationClaimed(request.params.id));
    return sendHtml(reply, importReportPage({ context: pageContext(request, reply), id: request.params.id, upload, writing }));
  });

  app.post('/importacao/:id/confirmar', { schema: { params: IdParams } }, async (request, reply) => {
    const { id } = request.params;
    const upload = await uploadOf(request, id);
    if (!upload) return notFound(reply);
    const back = () => reply.redirect(`/admin/importacao/${id}`, 303);
    if (!canConfirm(upload.validacao)) {
      request.adminAudit = { detalhe: `confirmação de importação recusada: nada a gravar (envio ${id.slice(0, 8)})` };
      return back();
    }
    // A reload or a second click: the first confirmation's result is the page's.
    if (upload.confirmacao || !(await claimConfirmation(id))) {
      request.adminAudit = { detalhe: `importação já confirmada, nada refeito (envio ${id.slice(0, 8)})` };
      return back();
    }
    let relatorio: ImportReport;
    try {
      relatorio = await importAs(app.database, adminActor(request), uploadSources(id, upload.arquivos), {
        skipInvalid: upload.gravarValidas,
        upload: id,
      });
    } catch (error) {
      await releaseConfirmation(id);
      throw error;
    }
    const record: UploadRecord = { ...upload, confirmacao: { em: new Date().toISOString(), relatorio } };
    await keepConfirmation(id, record);
    return back();
  });

  app.jobs.add({ name: 'import-uploads', everyMs: 10 * 60 * 1000, run: () => sweepUploads() });
}
