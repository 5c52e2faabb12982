import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { StatementShed } from '../db/fair-gate.js';
import { acceptsJson } from './accept.js';
import { isHost } from '../routes/host.js';
import { integerQueryCheck } from '../lists/list-params.js';
import { asList } from '../routes/route-hooks.js';
import { Problem, type ParameterError, type ProblemCode } from './problems.js';
import { sendProblem } from './send-problem.js';
import { validationMessage } from './validation-messages.js';
import { API_PREFIX } from '../routes/urls.js';

const RETRY_AFTER_SECONDS = '5';
/** Longer addresses get 414: the longest real request (filters and a cursor) is a few hundred characters. */
const MAX_URL_LENGTH = 4096;

/** Socket and driver codes of a connection lost or never made (postgres.js and node-postgres). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/** The methods in the order an Allow lists them. */
const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Fastify's refusals of a request body (its parser, its size, its type), as the problems of API-DESIGN §14. */
const BODY_PROBLEMS: Record<string, [ProblemCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'O corpo passa de 1 MB; envie lotes menores (até 500 resultados).'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'O corpo deve ser JSON: envie Content-Type: application/json.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['invalid_body', 'O Content-Length não corresponde ao corpo enviado.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid_body', 'O corpo está vazio; envie um objeto JSON.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_body', 'O corpo não é JSON válido.'],
};

/** PostgreSQL class 08 (connection), 57P0x (shutdown), 57014 (statement timeout), and connections lost or refused. */
function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (/^08/.test(code) || /^57P0/.test(code) || code === '57014' || CONNECTION_CODES.has(code))) return true;
  return typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/.test(message);
}

function validationProblem(error: FastifyError): Problem {
  const issues = error.validation ?? [];
  const errors: ParameterError[] = issues.map((issue) => {
    const params = issue.params as { additionalProperty?: string; missingProperty?: string };
    const parameter = params.additionalProperty ?? params.missingProperty ?? issue.instancePath.replace(/^\//, '').split('/')[0] ?? '';
    return { parameter, message: validationMessage(issue) };
  });
  const unknown = errors.filter((_, i) => issues[i]!.keyword === 'additionalProperties');
  if (unknown.length) {
    return new Problem('unknown_parameter', `Parâmetro desconhecido: ${unknown.map((e) => e.parameter).join(', ')}.`, { errors: unknown });
  }
  return new Problem(
    'invalid_parameter',
    errors.length ? `${errors.map((e) => `${e.parameter}: ${e.message}`).join('; ')}.` : 'Requisição inválida.',
    { errors },
  );
}

/**
 * Every error becomes an RFC 9457 problem: known problems as they are, validation errors as 400,
 * a lost database as 503 with Retry-After, anything else as a 500 that reveals nothing internal.
 * Unknown paths are 404, other methods on API paths 405, an Accept without JSON 406; an integer query
 * parameter not written plainly is 400 before validation could misread it.
 */
export default fp(
  function errors(app: FastifyInstance, _options: unknown, done: (error?: Error) => void) {
    app.decorateReply('problem', null);
    // Each API path with the methods it answers, for the Allow of a 405.
    const apiPaths = new Map<string, { pattern: RegExp; methods: Set<string> }>();
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_PREFIX)) return;
      const pattern = route.url
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      const path = apiPaths.get(pattern) ?? { pattern: new RegExp(`^${pattern}$`), methods: new Set<string>() };
      for (const method of asList(route.method)) path.methods.add(method);
      apiPaths.set(pattern, path);
    });
    const allowedOn = (path: string) =>
      [...apiPaths.values()].filter(({ pattern }) => pattern.test(path)).flatMap(({ methods }) => [...methods]);
    app.addHook('onRoute', (route) => {
      const check = integerQueryCheck(route.schema?.querystring);
      if (!check) return;
      route.preValidation = [...asList(route.preValidation), check];
    });

    app.addHook('onRequest', (request, reply, next) => {
      // An HTTP/1.0 request may omit Host; one that sends it must send a host (RFC 9112 §3.2).
      if (!app.config.publicBaseUrl && request.host !== '' && !isHost(request.host)) {
        sendProblem(
          request,
          reply,
          new Problem(
            'bad_request',
            'O cabeçalho Host deve ser um nome de host, um endereço IPv4 ou um IPv6 entre colchetes, com porta opcional.',
          ),
        );
        return;
      }
      if (request.url.length > MAX_URL_LENGTH) {
        sendProblem(
          request,
          reply,
          new Problem('uri_too_long', `O endereço tem ${request.url.length} caracteres; o limite é ${MAX_URL_LENGTH}.`),
        );
        return;
      }
      if (request.url.startsWith(API_PREFIX) && !acceptsJson(request.headers.accept)) {
        sendProblem(
          request,
          reply,
          new Problem('not_acceptable', 'Esta API responde somente application/json; envie Accept: application/json.'),
        );
        return;
      }
      next();
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]!;
      const allowed = ALL_METHODS.filter((method) => allowedOn(path).includes(method));
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        return sendProblem(
          request,
          reply,
          new Problem(
            'method_not_allowed',
            `O método ${request.method} não é aceito em ${path}; este endereço aceita ${allowed.join(', ')}.`,
            {
              headers: { allow: allowed.join(', ') },
            },
          ),
        );
      }
      return sendProblem(request, reply, new Problem('not_found', `Nenhum recurso em ${path}.`));
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof Problem) return sendProblem(request, reply, error);
      if (error.validation) return sendProblem(request, reply, validationProblem(error));
      const bodyProblem = BODY_PROBLEMS[error.code];
      if (bodyProblem) return sendProblem(request, reply, new Problem(...bodyProblem));
      if (error instanceof SyntaxError && error.statusCode === 400)
        return sendProblem(request, reply, new Problem('invalid_body', `O corpo não é JSON válido: ${error.message}.`));
      if (error instanceof StatementShed) {
        return sendProblem(
          request,
          reply,
          new Problem(
            'service_unavailable',
            'O serviço está sobrecarregado agora e recusa primeiro as páginas de listas; consultas de situação continuam atendidas. ' +
              'Tente de novo em 1 s.',
            { headers: { 'retry-after': '1' } },
          ),
        );
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return sendProblem(
          request,
          reply,
          new Problem('service_unavailable', 'O banco de dados está indisponível no momento.', {
            headers: { 'retry-after': RETRY_AFTER_SECONDS },
          }),
        );
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return sendProblem(request, reply, new Problem('invalid_parameter', 'Requisição inválida.'));
      }
      request.log.error({ err: error }, 'unexpected error');
      return sendProblem(request, reply, new Problem('internal_error', 'Erro interno inesperado.'));
    });
    done();
  },
  { name: 'errors', fastify: '5.x' },
);
