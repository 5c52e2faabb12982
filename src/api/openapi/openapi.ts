import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_SCHEMAS } from '../components.js';
import { SCOPES } from '../../tokens/scopes.js';
import { API_PREFIX } from '../../routes/urls.js';
import { describeAccess } from './access-description.js';
import { docsUi } from './docs-ui.js';
import { publishedOperation } from './openapi-operation.js';
import { webhooksSection } from './webhooks-section.js';

const DESCRIPTION = `API de integração do sistema de gestão de associados: leitura, e o envio dos resultados das provas de título.

Convenções: respostas em JSON UTF-8; datas \`AAAA-MM-DD\` (fuso America/Sao_Paulo); instantes RFC 3339 com
deslocamento; valores monetários como texto decimal com duas casas (BRL). Todo campo documentado está
sempre presente (desconhecido: \`null\`). Clientes devem ignorar campos desconhecidos e tolerar novos
valores de enumerações. Erros seguem a RFC 9457 (\`application/problem+json\`) com um \`code\` estável.
Parâmetros de consulta desconhecidos são recusados (400 \`unknown_parameter\`).

Cabeçalhos: cada resposta declara os que traz, \`Cache-Control\` e \`Vary\` entre eles, afora os do próprio HTTP
(\`Content-Type\`, \`Content-Length\`, \`Content-Encoding\`, \`Date\`, \`Connection\`). Toda resposta traz também os
de proteção para navegadores, que não mudam o que ela diz e por isso não se repetem em cada operação:
\`X-Content-Type-Options: nosniff\`, \`X-Frame-Options: DENY\`, \`Referrer-Policy: no-referrer\`,
\`Cross-Origin-Resource-Policy: cross-origin\` e, com o serviço publicado em HTTPS, \`Strict-Transport-Security\`.

Autenticação: \`Authorization: Bearer <token>\`; tokens são emitidos por um administrador (área
administrativa, seção Integrações). Escopos: ${Object.entries(SCOPES)
  .map(([scope, text]) => `\`${scope}\` — ${text}`)
  .join(' ')}

Limites por token (o administrador pode dar a cada token os seus): 600 requisições por minuto, anunciadas em
\`RateLimit-Policy\` e \`RateLimit\` (429 \`rate_limited\`), e 8 requisições em andamento ao mesmo tempo em cada
instância do serviço (429 \`concurrency_limited\` na hora, com \`Retry-After: 1\`, sem gastar o limite por minuto).`;

/** The OpenAPI 3.1 document, generated from the routes' own schemas, and its human documentation at /docs. */
export default fp(
  async function openapi(app: FastifyInstance) {
    for (const schema of API_SCHEMAS) app.addSchema(schema);
    // Added before @fastify/swagger's own hook, so that every route it collects already says who may call it.
    app.addHook('onRoute', describeAccess);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Associa API',
          version: '1.0.0',
          description: DESCRIPTION,
          contact: { name: 'Secretaria da associação', email: 'integracoes@associa.example' },
        },
        // Relative to the document's own address, so that the document is the same wherever it is served (and
        // committed); x-internal: false — the API is meant for the association's partner systems, outside its network.
        servers: [{ url: '/', 'x-internal': false } as { url: string }],

        tags: [
          { name: 'associados', description: 'Associados: lista, ficha e situação (adimplência).' },
          { name: 'cursos', description: 'Cursos e eventos.' },
          { name: 'eventos', description: 'Mudanças em faturas, associados e cursos: o feed, e os mesmos eventos por webhook.' },
          { name: 'faturas', description: 'Faturas e pagamentos, para conciliação.' },
          { name: 'provas', description: 'Provas de título: candidatos, e os resultados que o sistema de provas envia.' },
          { name: 'publico', description: 'Operações sem autenticação, para o site.' },
        ],
        webhooks: webhooksSection(),
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Token emitido na área administrativa.' } },
        },
      },
      hideUntagged: true,
      transform: ({ schema, url }) => ({ schema: publishedOperation(schema), url }),
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    });
    // @fastify/swagger-ui redirects its static/index.html to the UI only when the address ends there: with a
    // query it redirects to itself, query and any secret in it included, forever.
    app.addHook('onRoute', (route) => {
      if (route.url === '/docs/static/index.html') route.handler = (_request, reply) => reply.redirect('/docs/');
    });
    await app.register(docsUi);

    // Code generators and pages on other sites read it: public, with CORS, and a limit apart from the public list's.
    const config = { access: 'public', cors: true, publicPolicy: 'docs' } as const;
    app.get(`${API_PREFIX}/openapi.json`, { config }, (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
    );
  },
  // After every plugin with an onRoute hook: the document's own route must meet them (the rate limit's above all).
  { name: 'openapi', fastify: '5.x', dependencies: ['errors', 'auth', 'cors', 'rate-limit'] },
);
