import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PROBLEM_TYPES } from '../http/problems.js';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const inlineCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — Associa API</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}code{background:#f2f2f2;padding:0 .2em}</style>
</head><body>${body}</body></html>`;
}

/** Each problem `type` URL resolves to a page that explains it (RFC 9457 §3.1.1). */
export function problemPages(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const bySlug = new Map<string, { code: string; slug: string; status: number; title: string; description: string }>(
    Object.entries(PROBLEM_TYPES).map(([code, type]) => [type.slug, { code, ...type }]));

  app.get('/problems', (_request, reply) => {
    const items = [...bySlug.values()].map((t) => `<li><a href="/problems/${t.slug}">${escapeHtml(t.title)}</a> — <code>${t.code}</code> (HTTP ${t.status})</li>`);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=86400')
      .send(page('Tipos de problema', `<h1>Tipos de problema da API Associa</h1><ul>${items.join('')}</ul>`));
  });

  app.get('/problems/:slug', { schema: { params: Type.Object({ slug: Type.String() }) } }, (request, reply) => {
    const type = bySlug.get(request.params.slug);
    if (!type) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=86400').send(page(type.title,
      `<h1>${escapeHtml(type.title)}</h1><p>HTTP ${type.status} · código <code>${type.code}</code></p><p>${inlineCode(type.description)}</p>
<p>As respostas de erro seguem a RFC 9457 (<code>application/problem+json</code>) e trazem <code>code</code>, <code>detail</code> e <code>request_id</code>.</p>
<p><a href="/problems">Todos os tipos de problema</a></p>`));
  });
  done();
}
