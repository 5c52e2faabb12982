import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { formatMatricula } from '../../domain/matricula.js';
import { memberKey } from '../../domain/member-key.js';
import { Problem, type ItemError } from '../../errors/problems.js';
import { requestTrace } from '../../observability/request-id.js';
import type { Actor } from '../../operations/actor.js';
import {
  ConflictingResults,
  correctResult,
  describeResultReason,
  MAX_RESULTS,
  recordResults,
  StaleResult,
  type RecordedResults,
  type ResultConflict,
  type ResultReason,
} from '../../operations/exam-results.js';
import { Refused } from '../../operations/refused.js';
import { API_PREFIX } from '../../routes/urls.js';
import {
  AUTHENTICATED_PROBLEMS,
  IDEMPOTENT_REPLAYED_HEADER,
  NoQuery,
  problemResponses,
  RESULT_ETAG_HEADER,
  writtenResponse,
} from '../common.schemas.js';
import {
  isIdempotencyKey,
  keepAnswer,
  keptAnswer,
  KeysInFlight,
  requestDigest,
  sweepAnswers,
  takeKey,
  type KeptAnswer,
  type Lookup,
} from '../idempotency.js';
import { parseRecordId } from '../record-id.js';
import { titleOf, toProva, toResultado } from './exam-mappers.js';
import { findExam, findResult } from './provas.queries.js';
import { CorrecaoBody, CorrecaoParams, ProvaIdParams, Resultado, ResultadosBody, ResultadosEnviados } from './provas.schemas.js';

/** How often the answers kept past their day are deleted. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** API-DESIGN §14: at most 1 MB (else 413). */
const BODY_LIMIT = 1024 * 1024;

const IdempotencyHeaders = Type.Object({
  'Idempotency-Key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x20-\\x7e]+$',
      description:
        'Uma chave sua para este envio (1 a 255 caracteres imprimíveis; um UUID serve). Repetido com a mesma chave e o mesmo corpo ' +
        'em até 24 h, o envio recebe a resposta guardada (`Idempotent-Replayed: true`) e nada é gravado de novo; com outro corpo, 422.',
    }),
  ),
});

const IfMatchHeaders = Type.Object({
  'If-Match': Type.Optional(
    Type.String({
      maxLength: 500,
      description: 'O `etag` do resultado a corrigir, como lido em `GET /provas/{id}/resultados` (obrigatório).',
    }),
  ),
});

/** The body must be JSON: a form, text or nothing at all is 415, before anything is read. */
const requireJson: preValidationHookHandler = (request, _reply, done) => {
  const type = request.headers['content-type']?.split(';')[0]!.trim().toLowerCase();
  done(
    type === 'application/json'
      ? undefined
      : new Problem('unsupported_media_type', 'O corpo deve ser JSON: envie Content-Type: application/json.'),
  );
};

/** The token writing, and the request it writes through, for the results' trail. */
function tokenActor(request: FastifyRequest): Actor {
  return { kind: 'token', tokenId: request.viewer!.tokenId, request: requestTrace(request) };
}

/** The refusals of a batch as the API states them, the first 500. */
function invalidResults(reasons: readonly (ResultReason | ResultConflict)[], conflict: boolean): Problem {
  const errors: ItemError[] = reasons.slice(0, 500).map((reason) => ({
    posicao: reason.posicao,
    campo: 'campo' in reason ? reason.campo : 'candidato',
    codigo: reason.rule,
    mensagem: describeResultReason(reason),
  }));
  const items = new Set(reasons.map((reason) => reason.posicao).filter((posicao) => posicao !== null)).size;
  const detail = conflict
    ? `${items} candidato(s) do lote já têm outro resultado nesta prova; nada foi gravado. Para corrigir, use PUT com If-Match.`
    : `O lote tem ${reasons.length} problema(s)${items > 0 ? ` em ${items} item(ns)` : ''}; nada foi gravado. Veja errors.`;
  return new Problem(conflict ? 'result_conflict' : 'invalid_results', detail, { errors });
}

/** An operation's refusal as the API's problem. */
function asProblem(error: unknown): unknown {
  if (error instanceof ConflictingResults) return invalidResults(error.reasons, true);
  if (error instanceof Refused) return invalidResults(error.reasons as readonly ResultReason[], false);
  return error;
}

/** A JSON body `{ "resultados": [...] }`, or the 422 that says what it should be. */
function sentItems(body: unknown): unknown[] {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const extra = Object.keys(body).filter((field) => field !== 'resultados');
    const items = (body as { resultados?: unknown }).resultados;
    if (Array.isArray(items) && extra.length === 0) return items;
    if (extra.length > 0)
      throw invalidResults([...extra.map((campo) => ({ rule: 'unknown_field' as const, posicao: null, campo }))], false);
  }
  throw new Problem('invalid_results', `O corpo deve ser um objeto { "resultados": [ ... ] } com 1 a ${MAX_RESULTS} resultados.`, {
    errors: [
      { posicao: null, campo: 'resultados', codigo: 'batch_size', mensagem: `Envie "resultados": uma lista de 1 a ${MAX_RESULTS} itens.` },
    ],
  });
}

/** What a batch counts against the rate limit: one request a result (1 when it is no batch, and refused anyway). */
function itemCount(request: FastifyRequest): number {
  const items = (request.body as { resultados?: unknown } | undefined)?.resultados;
  return Array.isArray(items) && items.length >= 1 && items.length <= MAX_RESULTS ? items.length : 1;
}

/** The stored answer of a key's first request, found while this one ran: this one writes nothing. */
class Answered extends Error {
  constructor(readonly lookup: Exclude<Lookup, { found: 'none' }>) {
    super('answered');
  }
}

function keyInUse(): Problem {
  return new Problem(
    'idempotency_key_in_use',
    'Outra requisição com esta Idempotency-Key está em andamento; repita em 1 s para receber a resposta dela.',
    { headers: { 'retry-after': '1' } },
  );
}

function keyReused(): Problem {
  return new Problem(
    'idempotency_key_reused',
    'Esta Idempotency-Key já foi usada por este token com outro corpo ou em outro endereço; use uma chave nova para um envio diferente.',
  );
}

function sendAnswer(reply: FastifyReply, answer: KeptAnswer, replayed: boolean): FastifyReply {
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(answer.body);
}

function answerBody(exam: NonNullable<Awaited<ReturnType<typeof findExam>>>, outcome: RecordedResults): ResultadosEnviados {
  return {
    prova: toProva(exam),
    resultados: outcome.results.map((result) => ({
      posicao: result.posicao,
      matricula: formatMatricula(result.matricula),
      resultado: result.resultado,
      nota: result.nota,
      estado: result.estado,
      titulo: result.titulo && titleOf(result.titulo),
    })),
  };
}

/** The exam system's results: sent in batches, corrected one by one (API-DESIGN §14). */
export function resultadosRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const running = new KeysInFlight();
  // Keys older than a day are free again: their answers go, a thousand at a time.
  fastify.jobs.add({
    name: 'idempotency-keys',
    everyMs: SWEEP_EVERY_MS,
    atStart: false,
    run: async () => {
      await sweepAnswers(fastify.database.db);
    },
  });

  app.post(
    `${API_PREFIX}/provas/:id/resultados`,
    {
      config: { access: ['provas:resultados'], load: 'write', rateLimitItems: itemCount },
      bodyLimit: BODY_LIMIT,
      preValidation: requireJson,
      schema: {
        operationId: 'enviarResultados',
        summary: `Enviar resultados de uma prova (lotes de 1 a ${MAX_RESULTS})`,
        description:
          'Registra os resultados de uma prova `realizada` ou `resultados_publicados`, tudo ou nada: cada item é conferido antes de ' +
          'qualquer gravação, e um problema em qualquer item recusa o lote inteiro (422 `invalid_results`, com a posição de cada ' +
          'problema). Um item igual ao já registrado é `inalterado`; um resultado diferente do registrado recusa o lote (409 ' +
          '`result_conflict`): corrija-o com `PUT`. Um `aprovado` concede o título da prova, numerado pelo serviço, que passa a ' +
          'aparecer na ficha do associado. Cada resultado gravado gera o evento `prova.resultado_registrado`.\n\n' +
          'Idempotência: envie `Idempotency-Key`. A resposta 200 fica guardada por 24 h com a chave, gravada junto com os ' +
          'resultados; repetir a chave e o corpo devolve essa resposta (`Idempotent-Replayed: true`) sem gravar de novo, também ' +
          'depois de uma queda entre a gravação e a resposta. Só respostas 200 ficam guardadas: um lote recusado pode ser corrigido ' +
          'e reenviado com a mesma chave. Com a primeira ainda em andamento: 409 `idempotency_key_in_use` com `Retry-After`.\n\n' +
          `Limites: cada resultado conta como uma requisição no limite por minuto do token; o corpo tem até 1 MB (413). {escopo}; ` +
          'nenhum escopo de leitura o concede.',
        tags: ['provas'],
        params: ProvaIdParams,
        querystring: NoQuery,
        headers: IdempotencyHeaders,
        body: ResultadosBody,
        response: {
          ...writtenResponse('Os resultados do lote, na ordem do envio.', ResultadosEnviados, IDEMPOTENT_REPLAYED_HEADER),
          ...problemResponses(
            'invalid_parameter',
            'unknown_parameter',
            'invalid_body',
            'not_found',
            'result_conflict',
            'idempotency_key_in_use',
            'payload_too_large',
            'unsupported_media_type',
            'invalid_results',
            'idempotency_key_reused',
            ...AUTHENTICATED_PROBLEMS,
          ),
        },
      },
    },
    async (request, reply) => {
      const examId = parseRecordId(request.params.id, 'O id da prova');
      const items = sentItems(request.body);
      const tokenId = request.viewer!.tokenId;
      const key = request.headers['idempotency-key'];
      const db = request.data.db;
      const digest = requestDigest('POST', request.url.split('?')[0]!, JSON.stringify(request.body));
      const write = async (): Promise<KeptAnswer> => {
        let body = '';
        const outcome = await recordResults(db, tokenActor(request), examId, items, {
          scope: { regional: request.viewer!.regional },
          tokenId,
          atStart:
            key === undefined
              ? undefined
              : async (tx) => {
                  if (!(await takeKey(tx, tokenId, key))) throw keyInUse();
                  const kept = await keptAnswer(tx, tokenId, key, digest);
                  if (kept.found !== 'none') throw new Answered(kept);
                },
          withinTransaction: async (tx, recorded) => {
            body = JSON.stringify(answerBody((await findExam(tx, examId))!, recorded));
            if (key !== undefined) await keepAnswer(tx, tokenId, key, digest, { status: 200, body });
          },
        }).catch((error: unknown) => {
          throw asProblem(error);
        });
        if (!outcome) throw new Problem('not_found', `Nenhuma prova com o id ${examId}.`);
        return { status: 200, body };
      };
      if (key === undefined) return sendAnswer(reply, await write(), false);
      if (!isIdempotencyKey(key)) throw new Problem('invalid_parameter', 'Idempotency-Key deve ter de 1 a 255 caracteres imprimíveis.');
      const kept = await keptAnswer(db, tokenId, key, digest);
      if (kept.found === 'same') return sendAnswer(reply, kept.answer, true);
      if (kept.found === 'other') throw keyReused();
      try {
        const shared = await running.once(tokenId, key, digest, write);
        if ('reused' in shared) throw keyReused();
        return sendAnswer(reply, shared.answer, shared.waited);
      } catch (error) {
        if (!(error instanceof Answered)) throw error;
        if (error.lookup.found === 'other') throw keyReused();
        return sendAnswer(reply, error.lookup.answer, true);
      }
    },
  );

  app.put(
    `${API_PREFIX}/provas/:id/resultados/:matricula`,
    {
      config: { access: ['provas:resultados'], load: 'write' },
      bodyLimit: BODY_LIMIT,
      preValidation: requireJson,
      schema: {
        operationId: 'corrigirResultado',
        summary: 'Corrigir o resultado de um candidato',
        description:
          'Substitui o resultado registrado de um candidato. `If-Match` é obrigatório (428 sem ele) e deve ser o `etag` atual do ' +
          'resultado (412 se outro o alterou antes). Passar a `aprovado` concede o título; deixar de ser `aprovado` retira o título ' +
          'que o resultado concedera. Gera o evento `prova.resultado_registrado`. {escopo}.',
        tags: ['provas'],
        params: CorrecaoParams,
        querystring: NoQuery,
        headers: IfMatchHeaders,
        body: CorrecaoBody,
        response: {
          ...writtenResponse('O resultado, corrigido.', Resultado, RESULT_ETAG_HEADER),
          ...problemResponses(
            'invalid_parameter',
            'unknown_parameter',
            'invalid_body',
            'not_found',
            'precondition_failed',
            'payload_too_large',
            'unsupported_media_type',
            'invalid_results',
            'precondition_required',
            ...AUTHENTICATED_PROBLEMS,
          ),
        },
      },
    },
    async (request, reply) => {
      const examId = parseRecordId(request.params.id, 'O id da prova');
      const key = memberKey(request.params.matricula, false);
      if (typeof key === 'string' || !('matricula' in key)) {
        throw new Problem('invalid_parameter', 'A matrícula deve ter de 1 a 10 dígitos (ex.: 004217).', {
          errors: [{ parameter: 'matricula', message: 'esperada uma matrícula de até 10 dígitos' }],
        });
      }
      const db = request.data.db;
      const corrected = await correctResult(db, tokenActor(request), examId, key.matricula, request.body, {
        scope: { regional: request.viewer!.regional },
        tokenId: request.viewer!.tokenId,
        ifMatch: request.headers['if-match'] ?? null,
      }).catch((error: unknown) => {
        if (!(error instanceof StaleResult)) throw asProblem(error);
        if (error.current === null)
          throw new Problem('precondition_required', 'Envie If-Match com o etag do resultado, como lido em GET /provas/{id}/resultados.');
        throw new Problem('precondition_failed', `O resultado mudou desde a sua leitura; a versão atual é ${error.current}.`);
      });
      if (!corrected) throw new Problem('not_found', `Nenhum resultado do associado ${formatMatricula(key.matricula)} na prova ${examId}.`);
      const row = await findResult(db, { exam: examId, regional: request.viewer!.regional }, key.matricula);
      const resultado = toResultado(row!);
      reply.header('etag', resultado.etag).header('cache-control', 'no-store');
      return resultado;
    },
  );
  done();
}
