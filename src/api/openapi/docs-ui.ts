import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ICON, MARK } from '../../pages/icon.js';

/** Associa's mark on white beside the name, for the UI's top bar (the area's blue). */
const LOGO =
  `<svg xmlns="http://www.w3.org/2000/svg" width="184" height="40" viewBox="0 0 184 40"><rect x="1" y="1" width="38" height="38" rx="8" fill="#fff"/>${MARK} stroke="#0b5cad"/>` +
  '<text x="50" y="27" fill="#fff" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="19" font-weight="700">Associa API</text></svg>';

const CSS = `
.swagger-ui,.swagger-ui .info .title,.swagger-ui .opblock-tag,.swagger-ui .btn,.swagger-ui table thead tr th,.swagger-ui .parameter__name{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.swagger-ui .info .title,.swagger-ui .opblock-tag{color:#1b1f24}
.swagger-ui .info a,.swagger-ui .markdown a{color:#0b5cad}
.swagger-ui .topbar{background:#0b5cad;padding:.5rem 0}
.swagger-ui .topbar .download-url-wrapper,.swagger-ui .info hgroup.main>a.link{display:none}
.swagger-ui .scheme-container{background:#f4f6f8;box-shadow:none;border-bottom:1px solid #d0d7de}
.swagger-ui .btn.execute{background:#0b5cad;border-color:#0b5cad}
.swagger-ui :focus-visible{outline:3px solid #f0b400;outline-offset:2px}
`;

// @fastify/swagger-ui puts the mark in as an image without a text alternative.
const JS = `new MutationObserver((_, observer) => {
  const mark = document.querySelector('.topbar img');
  if (mark) { mark.alt = 'Associa API'; observer.disconnect(); }
}).observe(document.body, { childList: true, subtree: true });`;

/** Where integrators should take the document from: the UI's own copy (its address hidden above) lacks the examples. */
const PUBLISHED = '\n\nDocumento OpenAPI para geradores de código e clientes: [`/api/v1/openapi.json`](/api/v1/openapi.json).';

interface Parameter {
  description?: string;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
  schema?: { example?: unknown; examples?: unknown[]; default?: unknown };
}

const quoted = (value: unknown) => `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;

/**
 * Swagger UI fills "Try it out" with a parameter's example or default, and sends it unless the user clears it:
 * an example `paid_to` silently narrowed the list. The copy the UI shows says them in the description instead;
 * the published document keeps them for integrators and their generators.
 */
export function withoutPrefill(document: Record<string, unknown>): Record<string, unknown> {
  const operations = Object.values(document.paths as Record<string, Record<string, { parameters?: Parameter[] }>>).flatMap((item) =>
    Object.values(item),
  );
  for (const parameter of operations.flatMap((operation) => operation.parameters ?? [])) {
    const { example, examples, schema = {} } = parameter;
    const values = examples
      ? Object.values(examples).map((named) => named.value)
      : example !== undefined
        ? [example]
        : (schema.examples ?? (schema.example !== undefined ? [schema.example] : []));
    const notes = [
      ...(values.length ? [`${values.length === 1 ? 'Exemplo' : 'Exemplos'}: ${values.map(quoted).join(', ')}.`] : []),
      ...(schema.default !== undefined ? [`Padrão: ${quoted(schema.default)}.`] : []),
    ];
    delete parameter.example;
    delete parameter.examples;
    delete schema.example;
    delete schema.examples;
    delete schema.default;
    if (notes.length) parameter.description = [parameter.description, ...notes].filter(Boolean).join(' ');
  }
  return document;
}

/** The human documentation at /docs, in Associa's name, language and colours. Encapsulated: its hook touches only these pages. */
export async function docsUi(app: FastifyInstance): Promise<void> {
  // @fastify/swagger-ui writes its page in English; this one is in Portuguese. Before compression, a route-level hook.
  app.addHook('onSend', async (_request, reply, payload) =>
    typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')
      ? payload.replace('<html lang="en">', '<html lang="pt-BR">')
      : payload,
  );
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    theme: {
      title: 'Associa API — documentação',
      css: [{ filename: 'associa.css', content: CSS }],
      js: [{ filename: 'associa.js', content: JS }],
      favicon: [{ filename: 'associa.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: ICON }],
    },
    logo: { type: 'image/svg+xml', content: LOGO },
    transformSpecification: (document) => {
      const info = document.info as { description: string };
      return withoutPrefill({ ...document, info: { ...info, description: info.description + PUBLISHED } });
    },
  });
}
