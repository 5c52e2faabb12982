import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ComponentChildren } from 'preact';
import { HtmlDocument, render } from './html.js';
import { PROBLEM_TYPES } from '../errors/problems.js';

interface ProblemType {
  code: string;
  slug: string;
  status: number;
  title: string;
  description: string;
}

/** A description's `code` spans as <code>, the rest as text. */
function Described(props: { text: string }) {
  return <>{props.text.split(/`([^`]+)`/).map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}</>;
}

function ProblemPage(props: { title: string; children: ComponentChildren }) {
  return (
    <HtmlDocument title={props.title}>
      <main id="conteudo" class="narrow">
        <p class="brand">Associa · API</p>
        <h1>{props.title}</h1>
        {props.children}
      </main>
    </HtmlDocument>
  );
}

/** The pages change only with a release: browsers and caches may keep them a day. */
const sendPage = (reply: FastifyReply, page: string) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=86400').send(page);

/** Each problem `type` URL resolves to a page that explains it (RFC 9457 §3.1.1), in the administration area's look. */
export function problemPages(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const bySlug = new Map<string, ProblemType>(Object.entries(PROBLEM_TYPES).map(([code, type]) => [type.slug, { code, ...type }]));

  app.get('/problems', (_request, reply) => {
    return sendPage(
      reply,
      render(
        <ProblemPage title="Tipos de problema da API Associa">
          <ul>
            {[...bySlug.values()].map((type) => (
              <li key={type.slug}>
                <a href={`/problems/${type.slug}`}>{type.title}</a> — <code>{type.code}</code> (HTTP {type.status})
              </li>
            ))}
          </ul>
        </ProblemPage>,
      ),
    );
  });

  app.get('/problems/:slug', { schema: { params: Type.Object({ slug: Type.String() }) } }, (request, reply) => {
    const type = bySlug.get(request.params.slug);
    if (!type) return reply.callNotFound();
    return sendPage(
      reply,
      render(
        <ProblemPage title={type.title}>
          <p>
            HTTP {type.status} · código <code>{type.code}</code>
          </p>
          <p>
            <Described text={type.description} />
          </p>
          <p>
            As respostas de erro seguem a RFC 9457 (<code>application/problem+json</code>) e trazem <code>code</code>, <code>detail</code> e{' '}
            <code>request_id</code>.
          </p>
          <p>
            <a href="/problems">Todos os tipos de problema</a>
          </p>
        </ProblemPage>,
      ),
    );
  });
  done();
}
