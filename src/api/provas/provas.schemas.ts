import { Type, type Static } from '@sinclair/typebox';
import { EXAM_RESULTS, EXAM_STATUSES, TITULO_TIPOS } from '../../domain/enums.js';
import { PageQuery } from '../../lists/pagination.js';
import { componentRef, EnumListParam, Matricula, publishedAs, StringEnum, withExamples } from '../common.schemas.js';
import examples from '../examples.json' with { type: 'json' };
import { MAX_RESULTS } from '../../operations/exam-results.js';

const Timestamp = Type.String({ maxLength: 500, format: 'date-time', description: 'RFC 3339, horário de São Paulo.' });
const Grade = Type.String({
  maxLength: 5,
  pattern: '^(10(\\.0{1,2})?|[0-9](\\.[0-9]{1,2})?)$',
  description: 'De `0` a `10`, com até duas casas.',
});
const StoredGrade = Type.Union([Type.String({ maxLength: 5, pattern: '^[0-9]{1,2}\\.[0-9]{2}$' }), Type.Null()], {
  description: 'De `0.00` a `10.00`; `null` para `ausente`.',
});
const Result = StringEnum(EXAM_RESULTS, { description: '`aprovado` concede o título da prova; `ausente` não tem nota.' });
const ResultEtag = Type.String({
  maxLength: 500,
  pattern: '^"[0-9]+-[0-9]+-[0-9]+"$',
  description: 'A versão do resultado: envie-a em `If-Match` para corrigi-lo (`PUT`).',
});

export const ProvaSchema = withExamples(
  Type.Object(
    {
      id: Type.Integer({ format: 'int32', minimum: 1, maximum: 2147483647 }),
      codigo: Type.String({ maxLength: 40, pattern: '^[A-Z0-9]+(-[A-Z0-9]+)*$', description: 'Ex.: `TE-CARDIO-2026`.' }),
      tipo_titulo: StringEnum(TITULO_TIPOS, {
        description: '`especialista` (Título de Especialista) ou `area_atuacao` (Certificado de Área de Atuação).',
      }),
      especialidade: Type.Object(
        {
          codigo: Type.String({ maxLength: 500, description: 'Código da especialidade ou da área de atuação.' }),
          nome: Type.String({ maxLength: 500 }),
        },
        { additionalProperties: false },
      ),
      data: Type.String({ maxLength: 500, format: 'date', description: 'O dia da prova; `ano` dos títulos que ela concede.' }),
      status: StringEnum(EXAM_STATUSES, {
        description:
          '`inscricoes_abertas`, `realizada` (aguarda resultados), `resultados_publicados` ou `cancelada`. Resultados são aceitos ' +
          'em `realizada` e `resultados_publicados`.',
      }),
      atualizado_em: Timestamp,
    },
    { $id: 'Prova', title: 'Prova', description: 'Uma edição da prova de título.', additionalProperties: false },
  ),
  [examples.operations.getProva.value],
);
export const Prova = componentRef(ProvaSchema);
export type Prova = Static<typeof Prova>;

export const ProvaListQuery = Type.Object(
  { status: EnumListParam(EXAM_STATUSES, 'Só provas nestes status.', 'realizada'), ...PageQuery },
  { additionalProperties: false },
);
export type ProvaListQuery = Static<typeof ProvaListQuery>;

export const ProvaIdParams = Type.Object(
  {
    id: Type.String({
      maxLength: 500,
      description: 'Identificador da prova (inteiro positivo).',
      examples: [String(examples.operations.getProva.value.id)],
    }),
  },
  { additionalProperties: false },
);

export const ExamMembersQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type ExamMembersQuery = Static<typeof ExamMembersQuery>;

export const CandidatoSchema = withExamples(
  Type.Object(
    {
      matricula: Matricula,
      nome: Type.String({ maxLength: 500 }),
      cpf: Type.String({
        maxLength: 500,
        description: 'Mascarado (`***.***.789-**`, três dígitos no máximo) a menos que o token tenha `associados:cpf`.',
      }),
      fatura: Type.Object(
        {
          id: Type.Integer({ format: 'int32', minimum: 1, maximum: 2147483647 }),
          status: StringEnum(['paid', 'open', 'overdue'] as const, {
            description: 'A taxa da prova: só quem a pagou (`paid`) pode receber resultado; `open` e `overdue` ainda podem pagar.',
          }),
        },
        { additionalProperties: false },
      ),
    },
    {
      $id: 'Candidato',
      title: 'Candidato',
      description: 'Um associado inscrito na prova (com a taxa paga ou em aberto).',
      additionalProperties: false,
    },
  ),
  examples.operations.listCandidatos.value,
);
export const Candidato = componentRef(CandidatoSchema);
export type Candidato = Static<typeof Candidato>;

const Titulo = Type.Union(
  [
    Type.Object(
      {
        numero: Type.String({
          maxLength: 500,
          description: 'Dado pelo serviço: o código da prova e uma sequência (`TE-CARDIO-2026/0001`).',
        }),
        tipo: StringEnum(TITULO_TIPOS),
        especialidade: Type.String({ maxLength: 500 }),
        ano: Type.Integer({ format: 'int32', minimum: 1950, maximum: 2100 }),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  { description: 'O título que a aprovação concedeu (aparece na ficha do associado); `null` para os demais resultados.' },
);

export const ResultadoSchema = withExamples(
  Type.Object(
    {
      matricula: Matricula,
      nome: Type.String({ maxLength: 500 }),
      resultado: Result,
      nota: StoredGrade,
      titulo: Titulo,
      etag: ResultEtag,
      registrado_em: Timestamp,
      atualizado_em: Timestamp,
    },
    { $id: 'Resultado', title: 'Resultado', description: 'O resultado de um candidato na prova.', additionalProperties: false },
  ),
  examples.operations.listResultados.value,
);
export const Resultado = componentRef(ResultadoSchema);
export type Resultado = Static<typeof Resultado>;

const ItemSent = Type.Object(
  {
    candidato: Type.String({ maxLength: 500, description: 'Matrícula (`004217`) ou CPF (`123.456.789-09` ou 11 dígitos).' }),
    resultado: Result,
    nota: Type.Union([Grade, Type.Null()], { description: 'Texto decimal de `0` a `10`; `null` só para `ausente`.' }),
  },
  { additionalProperties: false },
);

/**
 * Published as the lote it must be; checked by the operation (src/operations/exam-results.ts), which answers every
 * problem of every item at once with its position, where a schema would stop at the first.
 */
export const ResultadosBody = publishedAs(
  Type.Unknown(),
  Type.Object(
    { resultados: Type.Array(ItemSent, { minItems: 1, maxItems: MAX_RESULTS }) },
    { additionalProperties: false, examples: [examples.operations.enviarResultados.body] },
  ),
);

export const ResultadosEnviadosSchema = withExamples(
  Type.Object(
    {
      // A reference with a description and an example beside it, which OpenAPI keeps only beside an allOf.
      prova: Type.Unsafe<Prova>({ allOf: [Prova], description: 'A prova, como em `GET /api/v1/provas/{id}`.' }),
      resultados: Type.Array(
        Type.Object(
          {
            posicao: Type.Integer({
              format: 'int32',
              minimum: 0,
              maximum: MAX_RESULTS - 1,
              description: 'A posição do item no lote enviado.',
            }),
            matricula: Matricula,
            resultado: Result,
            nota: StoredGrade,
            estado: StringEnum(['criado', 'inalterado'] as const, {
              description: '`criado`: registrado agora; `inalterado`: igual ao já registrado (nada mudou).',
            }),
            titulo: Titulo,
          },
          { additionalProperties: false },
        ),
        { maxItems: MAX_RESULTS },
      ),
    },
    {
      $id: 'ResultadosEnviados',
      title: 'ResultadosEnviados',
      description: 'O lote registrado: a prova e cada resultado, na ordem do envio.',
      additionalProperties: false,
    },
  ),
  [examples.operations.enviarResultados.value],
);
export const ResultadosEnviados = componentRef(ResultadosEnviadosSchema);
export type ResultadosEnviados = Static<typeof ResultadosEnviados>;

export const CorrecaoParams = Type.Object(
  {
    id: ProvaIdParams.properties.id,
    matricula: Type.String({ maxLength: 500, description: 'Matrícula do candidato (ex.: 004217).' }),
  },
  { additionalProperties: false },
);

export const CorrecaoBody = publishedAs(
  Type.Unknown(),
  Type.Object(
    {
      resultado: Result,
      nota: Type.Union([Grade, Type.Null()], { description: 'Texto decimal de `0` a `10`; `null` só para `ausente`.' }),
    },
    { additionalProperties: false, examples: [examples.operations.corrigirResultado.body] },
  ),
);
