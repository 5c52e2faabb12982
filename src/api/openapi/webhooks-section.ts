import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { Type, type TSchema } from '@sinclair/typebox';
import { EVENT_TYPE_NAMES } from '../../events/event-types.js';
import { TEST_EVENT_TYPE } from '../../events/test-event.js';
import { withExamples } from '../common.schemas.js';
import { envelopeSchema, EVENT_EXAMPLES } from '../eventos/eventos.schemas.js';
import examples from '../examples.json' with { type: 'json' };

const EVENT_ID = '^evt_[0-9A-HJKMNP-TV-Z]{26}$';

/** The Standard Webhooks headers of every delivery (standardwebhooks.com). */
const HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.',
    schema: { type: 'string', maxLength: 500, pattern: EVENT_ID },
    example: EVENT_EXAMPLES['fatura.paga'] && (EVENT_EXAMPLES['fatura.paga'] as { id: string }).id,
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.',
    schema: { type: 'string', maxLength: 20, pattern: '^[0-9]{1,19}$' },
    example: '1764169200',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint ' +
      '(os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: ' +
      'aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.',
    schema: { type: 'string', maxLength: 1000, pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

const RESPONSES = {
  '2XX': { description: 'Recebido: qualquer 2xx em até 10 s encerra a entrega.' },
  '410': { description: 'O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele.' },
  default: {
    description:
      'Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, ' +
      '30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado.',
  },
};

const TestEvent = Type.Object(
  {
    id: Type.String({ maxLength: 500, pattern: EVENT_ID }),
    type: Type.Literal(TEST_EVENT_TYPE),
    sequencia: Type.Literal(0, { description: 'Sempre 0: um teste não está no feed.' }),
    ocorrido_em: Type.String({ maxLength: 500, format: 'date-time' }),
    dados: Type.Object(
      {
        webhook_id: Type.Integer({ format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'O endpoint testado.' }),
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    title: TEST_EVENT_TYPE,
    description: 'Enviado pela administração (Integrações ou `associa webhook test`) para conferir um receptor.',
  },
);

function operation(type: string, schema: TSchema, example: unknown, summary: string) {
  return {
    post: {
      operationId: `webhook${type.replace(/(^|[._])([a-z])/g, (_match, _separator: string, letter: string) => letter.toUpperCase())}`,
      summary,
      description:
        'Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed ' +
        '`GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, ' +
        'sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.',
      tags: ['eventos'],
      parameters: HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema, example } } },
      responses: RESPONSES,
    },
  };
}

/** The OpenAPI 3.1 document's `webhooks`, as @fastify/swagger takes them. */
type Webhooks = NonNullable<Extract<NonNullable<FastifyDynamicSwaggerOptions['openapi']>, { webhooks?: unknown }>['webhooks']>;

/** The OpenAPI document's `webhooks` (API-DESIGN §13): every event type, and the test event, with the demo's examples. */
export function webhooksSection(): Webhooks {
  const section: Record<string, unknown> = {};
  for (const type of EVENT_TYPE_NAMES) {
    const schema = withExamples(envelopeSchema(type), [EVENT_EXAMPLES[type]]);
    section[type] = operation(type, schema, EVENT_EXAMPLES[type], schema.description ?? type);
  }
  section[TEST_EVENT_TYPE] = operation(
    TEST_EVENT_TYPE,
    withExamples(TestEvent, [examples.testEvent]),
    examples.testEvent,
    'Um evento de teste.',
  );
  return section as Webhooks;
}
