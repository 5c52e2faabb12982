import type { FastifyReply, FastifyRequest } from 'fastify';
import { redactText, redactUrl } from '../observability/log-redaction.js';
import { problemBody, type Problem, type ProblemBody } from './problems.js';
import { baseUrl } from '../routes/urls.js';

declare module 'fastify' {
  interface FastifyReply {
    /** The problem this reply answers with, if any (decorated by the errors plugin): the metrics count refusals by its code. */
    problem: Problem | null;
  }
}

/** A problem is never cached: it answers one request, and may quote it. */
export const PROBLEM_CACHE = 'no-store';

/** Answers with `problem` as RFC 9457 problem details, never cached, and notes it on the reply for the metrics. */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: Problem): FastifyReply {
  reply.problem = problem;
  for (const [name, value] of Object.entries(problem.options.headers ?? {})) reply.header(name, value);
  return reply
    .code(problem.status)
    .header('content-type', 'application/problem+json; charset=utf-8')
    .header('cache-control', PROBLEM_CACHE)
    .send(withoutSecrets(problemBody(baseUrl(request), problem, request.url, request.clientRequestId ?? request.id)));
}

/** What a problem quotes of the request (its address, a parameter's name or value) comes back redacted as in the logs. */
function withoutSecrets(body: ProblemBody): ProblemBody {
  const errors = body.errors?.map((error) =>
    'parameter' in error
      ? { parameter: redactText(error.parameter), message: redactText(error.message) }
      : { ...error, campo: redactText(error.campo), mensagem: redactText(error.mensagem) },
  );
  return { ...body, instance: redactUrl(body.instance), detail: redactText(body.detail), ...(errors ? { errors } : {}) };
}
