import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CATEGORIAS, COURSE_STATUSES, EXAM_RESULTS, INVOICE_KINDS, INVOICE_STATUSES, MEMBER_STATUSES } from '../../domain/enums.js';
import { UFS } from '../../domain/uf.js';
import { EVENT_TYPE_NAMES, type EventType } from '../../events/event-types.js';
import { PageQuery } from '../../lists/pagination.js';
import { componentRef, EnumListParam, Matricula, StringEnum, withExamples } from '../common.schemas.js';
import examples from '../examples.json' with { type: 'json' };

const Timestamp = Type.String({ maxLength: 500, format: 'date-time', description: 'RFC 3339, horário de São Paulo.' });
const DateText = Type.String({ maxLength: 500, format: 'date' });
const Money = Type.String({ maxLength: 500, pattern: '^[0-9]+\\.[0-9]{2}$', description: 'Valor em reais, texto decimal com duas casas.' });
const Id = Type.Integer({ format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const OptionalId = (description: string) =>
  Type.Union([Type.Integer({ format: 'int32', minimum: 0, maximum: 2147483647 }), Type.Null()], { description });

const InvoiceData = Type.Object(
  {
    fatura_id: Id,
    numero: Type.String({ maxLength: 500, pattern: '^\\S+$', description: 'O número da fatura, como em `GET /faturas/{id}`.' }),
    kind: StringEnum(INVOICE_KINDS),
    matricula: Matricula,
    ano_referencia: OptionalId('Ano da anuidade; `null` nos demais tipos.'),
    curso_id: OptionalId('Curso da inscrição; `null` nos demais tipos.'),
    valor: Money,
    vencimento: DateText,
    status: StringEnum(INVOICE_STATUSES, { description: 'O status da fatura após a mudança, como em `GET /faturas/{id}`.' }),
    pago_em: Type.Union([Timestamp, Type.Null()]),
    valor_pago: Type.Union([Money, Type.Null()]),
  },
  { additionalProperties: false, description: 'A fatura após a mudança; leia o restante com `GET /api/v1/faturas/{fatura_id}`.' },
);

const Standing = {
  associado: Type.Boolean({ description: '`status == "ativo"`.' }),
  categoria: StringEnum(CATEGORIAS),
  adimplente: Type.Boolean(),
};
const StandingData = Type.Object(
  {
    matricula: Matricula,
    ...Standing,
    ano_referencia: Type.Integer({ format: 'int32', minimum: 0, maximum: 9999 }),
    anterior: Type.Union([Type.Object(Standing, { additionalProperties: false }), Type.Null()], {
      description: 'A situação antes da mudança; `null` para um associado novo.',
    }),
  },
  { additionalProperties: false, description: 'A situação após a mudança, com os campos de `GET /associados/{id}/situacao` (sem o nome).' },
);

const MemberData = Type.Object(
  { matricula: Matricula, status: StringEnum(MEMBER_STATUSES), categoria: StringEnum(CATEGORIAS), regional: StringEnum(UFS) },
  { additionalProperties: false, description: 'O associado após a mudança; leia a ficha com `GET /api/v1/associados/{matricula}`.' },
);

const CourseData = Type.Object(
  {
    curso_id: Id,
    slug: Type.String({ maxLength: 500, pattern: '^[a-z0-9-]+$' }),
    status: StringEnum(COURSE_STATUSES, { description: '`rascunho`: o curso deixou de ser publicado (e não é mais servido).' }),
    data_inicio: DateText,
    inscricao_inicio: Timestamp,
    inscricao_fim: Timestamp,
  },
  { additionalProperties: false, description: 'O curso após a mudança; leia-o com `GET /api/v1/cursos/{curso_id}`.' },
);

const resultData = (description: string) =>
  Type.Object(
    {
      prova_id: Id,
      matricula: Matricula,
      resultado: StringEnum(EXAM_RESULTS),
      nota: Type.Union([Type.String({ maxLength: 500, pattern: '^[0-9]{1,2}\\.[0-9]{2}$' }), Type.Null()], {
        description: 'De `0.00` a `10.00`; `null` para `ausente`.',
      }),
      titulo_id: Type.Union([Id, Type.Null()], { description: 'O título que o resultado concedeu; `null` se nenhum.' }),
    },
    { additionalProperties: false, description },
  );

const DATA: Record<EventType, { data: TSchema; summary: string }> = {
  'fatura.emitida': { data: InvoiceData, summary: 'Uma fatura foi emitida.' },
  'fatura.paga': { data: InvoiceData, summary: 'Uma fatura foi paga.' },
  'fatura.estornada': { data: InvoiceData, summary: 'O pagamento de uma fatura foi estornado.' },
  'fatura.cancelada': { data: InvoiceData, summary: 'Uma fatura foi cancelada.' },
  'fatura.vencida': { data: InvoiceData, summary: 'Uma fatura em aberto passou do vencimento.' },
  'associado.situacao_alterada': {
    data: StandingData,
    summary: 'Mudou `associado`, `categoria` ou `adimplente` de um associado (também pela passagem de um vencimento).',
  },
  'associado.atualizado': { data: MemberData, summary: 'A ficha de um associado mudou.' },
  'curso.publicado': { data: CourseData, summary: 'Um curso foi publicado.' },
  'curso.atualizado': { data: CourseData, summary: 'Um curso publicado, encerrado ou cancelado mudou.' },
  'prova.resultado_registrado': {
    data: resultData('O resultado após a mudança; leia-o com `GET /api/v1/provas/{prova_id}/resultados`.'),
    summary: 'O resultado de um candidato numa prova foi registrado ou corrigido.',
  },
  'prova.resultado_anulado': {
    data: resultData('O resultado como estava ao ser anulado; `titulo_id` é o título retirado com ele.'),
    summary:
      'A administração anulou o resultado de um candidato (enviado por engano): descarte-o. ' +
      'O sistema de provas pode enviar de novo o resultado desse candidato.',
  },
};

/** The envelope of one event type (API-DESIGN §13), the same in a webhook and in the feed. */
export function envelopeSchema(type: EventType): TSchema {
  return Type.Object(
    {
      id: Type.String({
        maxLength: 500,
        pattern: '^evt_[0-9A-HJKMNP-TV-Z]{26}$',
        description: 'Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.',
      }),
      type: Type.Literal(type),
      sequencia: Type.Integer({
        format: 'int64',
        minimum: 1,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.',
      }),
      ocorrido_em: Timestamp,
      dados: DATA[type].data,
    },
    { additionalProperties: false, title: type, description: DATA[type].summary },
  );
}

/** One envelope of each type, with the demo's example of that type (src/api/examples.json, `events`). */
export const EVENT_EXAMPLES: Record<EventType, unknown> = examples.events;

/** An event of any type: the feed's item, and the body of every webhook. */
export const EventoSchema = Type.Union(
  EVENT_TYPE_NAMES.map((type) => withExamples(envelopeSchema(type), [EVENT_EXAMPLES[type]])),
  {
    $id: 'Evento',
    title: 'Evento',
    description: 'Um evento; `type` diz a forma de `dados`. Ignore tipos que não conhece: novos podem surgir na v1.',
    examples: [EVENT_EXAMPLES['fatura.paga']],
  },
);
export const EventEnvelope = componentRef(EventoSchema);
export type EventEnvelope = Static<typeof EventEnvelope>;

export const EventFeedQuery = Type.Object(
  {
    after: Type.Optional(
      Type.Integer({
        format: 'int64',
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        default: 0,
        description:
          'A última `sequencia` que você processou: a página começa depois dela (padrão 0, desde o evento mais antigo guardado).',
      }),
    ),
    type: EnumListParam(EVENT_TYPE_NAMES, 'Só estes tipos, dentre os que o token pode ver.', 'fatura.paga'),
    limit: PageQuery.limit,
  },
  { additionalProperties: false },
);
