import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageContext } from './views/layout.js';

/** The signed-in administrator and a fresh CSRF token for the page's forms. */
export function pageContext(request: FastifyRequest, reply: FastifyReply): PageContext {
  return {
    adminEmail: request.session.adminEmail ?? '',
    csrfToken: reply.generateCsrf(),
    simulation: request.server.config.simulation,
  };
}

export function sendHtml(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}

/** Form fields arrive as a string, or as an array when repeated (checkboxes). */
export function fieldList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

/** A posted form's fields (none when the request had no form body): values stay unknown until read with field(). */
export function formOf(request: { body: unknown }): Record<string, unknown> {
  return typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
}

export function field(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A positive integer id from a path, or null. */
export function pathId(value: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null;
}
