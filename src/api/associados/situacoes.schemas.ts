import { Type, type Static } from '@sinclair/typebox';
import { componentRef, publishedAs, withExamples } from '../common.schemas.js';
import examples from '../examples.json' with { type: 'json' };
import { Situacao } from './associados.schemas.js';
import { MAX_BATCH_IDS } from './member-id-list.js';

const IDS_DESCRIPTION =
  `De 1 a ${MAX_BATCH_IDS} identificadores separados por vírgula (ou o parâmetro repetido), misturados à vontade: ` +
  'matrículas (até 10 dígitos, com ou sem zeros à esquerda) e CPFs (com ou sem máscara; dígitos verificadores conferidos). ' +
  'Um identificador inválido, vazio ou além do centésimo recusa a requisição inteira (400, com a posição de cada um em `errors`).';

/** A matrícula or a CPF, masked or not, as the route accepts them (its check digits are checked apart). */
const MEMBER_ID = '^([0-9]{1,10}|[0-9]{3}\\.?[0-9]{3}\\.?[0-9]{3}-?[0-9]{2})$';

/** Validated as any text (the route splits, counts and parses the ids, naming each wrong one); published as the ids it takes. */
const validatedIds = Type.Array(Type.String({ maxLength: 1500 }), {
  minItems: 1,
  maxItems: MAX_BATCH_IDS,
  description: IDS_DESCRIPTION,
  examples: [['000005', '002.433.818-40']],
});

export const SituacoesQuery = Type.Object(
  {
    id: publishedAs(validatedIds, {
      ...validatedIds,
      items: Type.String({ maxLength: 14, pattern: MEMBER_ID }),
    }),
  },
  { additionalProperties: false },
);
export type SituacoesQuery = Static<typeof SituacoesQuery>;

export const SituacaoNoLoteSchema = withExamples(
  Type.Object(
    {
      id: Type.String({
        maxLength: 14,
        pattern: MEMBER_ID,
        description: 'O identificador como foi enviado: a matrícula ou o CPF, com ou sem máscara.',
      }),
      situacao: Type.Union([Situacao, Type.Null()], {
        description:
          'A situação do associado; `null` quando ninguém tem esse identificador ou, para um token restrito a uma regional, quando é associado de outra.',
      }),
    },
    {
      $id: 'SituacaoNoLote',
      title: 'SituacaoNoLote',
      description: 'A resposta da situação em lote para um identificador enviado, na ordem do pedido.',
      additionalProperties: false,
    },
  ),
  examples.operations.listSituacoes.value,
);
export const SituacaoNoLote = componentRef(SituacaoNoLoteSchema);
export type SituacaoNoLote = Static<typeof SituacaoNoLote>;
