import { Type, type Static } from '@sinclair/typebox';
import { CATEGORIAS, COURSE_TYPES, MODALIDADES } from '../../domain/enums.js';
import { UFS } from '../../domain/uf.js';
import { PageQuery } from '../../lists/pagination.js';
import { componentRef, StringEnum, withExamples } from '../common.schemas.js';
import examples from '../examples.json' with { type: 'json' };

const Timestamp = Type.String({ maxLength: 500, format: 'date-time', description: 'RFC 3339, horário de São Paulo.' });
const Money = Type.String({ maxLength: 500, pattern: '^[0-9]+\\.[0-9]{2}$', description: 'Valor em reais, texto decimal com duas casas.' });

export const CourseSchema = withExamples(
  Type.Object(
    {
      id: Type.Integer({ format: 'int32', maximum: 2147483647, minimum: 1 }),
      slug: Type.String({ maxLength: 500 }),
      titulo: Type.String({ maxLength: 500 }),
      tipo: StringEnum(COURSE_TYPES),
      modalidade: StringEnum(MODALIDADES),
      resumo: Type.String({ maxLength: 500 }),
      local: Type.Union(
        [
          Type.Object(
            { cidade: Type.String({ maxLength: 500 }), uf: StringEnum(UFS), endereco: Type.String({ maxLength: 500 }) },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        { description: 'Onde acontece; `null` para eventos só online.' },
      ),
      data_inicio: Type.String({ maxLength: 500, format: 'date' }),
      data_fim: Type.String({ maxLength: 500, format: 'date' }),
      carga_horaria: Type.Integer({ format: 'int32', maximum: 2147483647, minimum: 1, description: 'Horas.' }),
      pontos_cna: Type.Integer({
        format: 'int32',
        maximum: 2147483647,
        minimum: 0,
        description: 'Pontos na Comissão Nacional de Acreditação.',
      }),
      inscricoes: Type.Object(
        {
          abertas: Type.Boolean({
            description: 'Verdadeiro se o evento está publicado, agora está dentro do período de inscrição e há vagas (ou são ilimitadas).',
          }),
          inicio: Timestamp,
          fim: Timestamp,
          vagas: Type.Union([Type.Integer({ format: 'int32', maximum: 2147483647, minimum: 1 }), Type.Null()], {
            description: '`null`: vagas ilimitadas.',
          }),
          vagas_restantes: Type.Union([Type.Integer({ format: 'int32', maximum: 2147483647, minimum: 0 }), Type.Null()], {
            description: '`null`: vagas ilimitadas.',
          }),
          url: Type.String({ maxLength: 500, format: 'uri', description: 'Página de inscrição.' }),
        },
        { additionalProperties: false },
      ),
      precos: Type.Array(
        Type.Object(
          {
            categoria: StringEnum([...CATEGORIAS, 'nao_associado'] as const, {
              description: 'Categoria de associado, ou `nao_associado` para o público.',
            }),
            valor: Money,
          },
          { additionalProperties: false },
        ),
        { maxItems: 500 },
      ),
      status: StringEnum(['publicado', 'encerrado', 'cancelado'] as const, { description: 'Rascunhos nunca são servidos.' }),
      atualizado_em: Timestamp,
    },
    { $id: 'Curso', title: 'Curso', description: 'Um curso ou evento.', additionalProperties: false },
  ),
  [examples.operations.getCurso.value],
);
export const Course = componentRef(CourseSchema);
export type Course = Static<typeof Course>;

export const CourseListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type CourseListQuery = Static<typeof CourseListQuery>;

export const CourseIdParams = Type.Object(
  { id: Type.String({ maxLength: 500, description: 'Identificador do curso (inteiro positivo).', examples: ['17'] }) },
  { additionalProperties: false },
);
