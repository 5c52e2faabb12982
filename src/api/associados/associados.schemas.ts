import { Type, type Static } from '@sinclair/typebox';
import { CATEGORIAS, CRM_SITUACOES, MEMBER_STATUSES, TITULO_TIPOS } from '../../domain/enums.js';
import { UFS } from '../../domain/uf.js';
import { TIMESTAMP_RANGE } from '../../lists/list-params.js';
import { PageQuery } from '../../lists/pagination.js';
import { componentRef, EnumListParam, FormattedParam, Matricula, StringEnum, withExamples } from '../common.schemas.js';
import examples from '../examples.json' with { type: 'json' };

export const MemberIdParams = Type.Object(
  {
    id: Type.String({
      maxLength: 500,
      description: 'Matrícula (ex.: 000005) ou, nesta operação, CPF (000.000.000-00 ou 11 dígitos).',
      examples: ['000005', '002.433.818-40'],
    }),
  },
  { additionalProperties: false },
);

export const SituacaoSchema = withExamples(
  Type.Object(
    {
      matricula: Matricula,
      nome: Type.String({ maxLength: 500 }),
      associado: Type.Boolean({ description: 'Se a pessoa é associada ativa (status `ativo`).' }),
      categoria: StringEnum(CATEGORIAS, { description: 'Categoria de associação. `remido` e `honorario` são isentos de anuidade.' }),
      adimplente: Type.Boolean({
        description:
          'Verdadeiro se nenhuma anuidade de ano até `ano_referencia` está em aberto após o vencimento, ou se a categoria é isenta.',
      }),
      ano_referencia: Type.Integer({
        format: 'int32',
        minimum: 1000,
        maximum: 9999,
        description: 'Ano de referência da adimplência (ano corrente em São Paulo).',
      }),
    },
    {
      $id: 'Situacao',
      title: 'Situacao',
      description: 'A situação de um associado: elegível para o sistema de provas quando `associado` e `adimplente`.',
      additionalProperties: false,
    },
  ),
  [examples.operations.getSituacaoAssociado.value],
);
export const Situacao = componentRef(SituacaoSchema);
export type Situacao = Static<typeof Situacao>;

const Timestamp = Type.String({ maxLength: 500, format: 'date-time', description: 'RFC 3339, horário de São Paulo.' });
const Cpf = Type.String({
  maxLength: 500,
  pattern: '^([0-9]{3}\\.[0-9]{3}\\.[0-9]{3}-[0-9]{2}|\\*\\*\\*\\.\\*\\*\\*\\.[0-9]{3}-\\*\\*)$',
  description: 'CPF. Mascarado (`***.***.789-**`, três dígitos no máximo) a menos que o token tenha o escopo `associados:cpf`.',
});
const Status = StringEnum(MEMBER_STATUSES, { description: 'Situação cadastral do associado.' });
const Categoria = StringEnum(CATEGORIAS, { description: 'Categoria de associação. `remido` e `honorario` são isentos de anuidade.' });
const Uf = StringEnum(UFS, { description: 'Sigla do estado.' });

/** What every view of a member starts with, in the list and in the record. */
const MEMBER_FIELDS = {
  matricula: Matricula,
  nome: Type.String({ maxLength: 500 }),
  cpf: Cpf,
  categoria: Categoria,
  status: Status,
};

export const MemberListItemSchema = withExamples(
  Type.Object(
    {
      ...MEMBER_FIELDS,
      regional: Type.String({ maxLength: 500, description: 'Código da regional (sigla do estado).' }),
      crms: Type.Array(Type.String({ maxLength: 500, pattern: '^[0-9]{1,8}-[A-Z]{2}$' }), {
        maxItems: 500,
        description: 'Inscrições no CRM, `número-UF`, a principal primeiro.',
      }),
      atualizado_em: Timestamp,
    },
    { $id: 'Associado', title: 'Associado', description: 'Um associado, como nas listas.', additionalProperties: false },
  ),
  examples.operations.listAssociados.value,
);
export const MemberListItem = componentRef(MemberListItemSchema);
export type MemberListItem = Static<typeof MemberListItem>;

export const MemberRecordSchema = withExamples(
  Type.Object(
    {
      ...MEMBER_FIELDS,
      regional: Type.Object(
        { codigo: Type.String({ maxLength: 500 }), nome: Type.String({ maxLength: 500 }) },
        { additionalProperties: false },
      ),
      data_admissao: Type.String({ maxLength: 500, format: 'date' }),
      crms: Type.Array(
        Type.Object(
          {
            uf: Uf,
            numero: Type.String({ maxLength: 500, pattern: '^[0-9]{1,8}$', description: 'Número da inscrição (único por UF).' }),
            situacao: StringEnum(CRM_SITUACOES, { description: 'Situação da inscrição no conselho.' }),
            principal: Type.Boolean({ description: 'Se é a inscrição principal (as demais são secundárias ou provisórias).' }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 500 },
      ),
      especialidades: Type.Array(
        Type.Object(
          {
            codigo: Type.String({ maxLength: 500, description: 'Código estável da especialidade.' }),
            nome: Type.String({ maxLength: 500 }),
            rqe: Type.String({ maxLength: 500, description: 'Registro de Qualificação de Especialista.' }),
            uf: Uf,
          },
          { additionalProperties: false },
        ),
        { maxItems: 500 },
      ),
      titulos: Type.Array(
        Type.Object(
          {
            tipo: StringEnum(TITULO_TIPOS, {
              description: '`especialista` (Título de Especialista) ou `area_atuacao` (Certificado de Área de Atuação).',
            }),
            nome: Type.String({ maxLength: 500 }),
            especialidade: Type.String({ maxLength: 500, description: 'Código da especialidade ou da área de atuação.' }),
            numero: Type.String({ maxLength: 500 }),
            ano: Type.Integer({ format: 'int32', minimum: 0, maximum: 2147483647 }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 500 },
      ),
      adimplente: Type.Boolean({ description: 'Como em /situacao.' }),
      atualizado_em: Timestamp,
    },
    { $id: 'FichaAssociado', title: 'FichaAssociado', description: 'A ficha completa de um associado.', additionalProperties: false },
  ),
  [examples.operations.getAssociado.value],
);
export const MemberRecord = componentRef(MemberRecordSchema);
export type MemberRecord = Static<typeof MemberRecord>;

export const MemberListQuery = Type.Object(
  {
    cpf: Type.Optional(
      Type.String({
        maxLength: 20,
        description: 'CPF com ou sem máscara; dígitos verificadores conferidos.',
        examples: ['002.433.818-40'],
      }),
    ),
    crm: Type.Optional(
      Type.String({
        maxLength: 20,
        description:
          'Número do CRM, com ou sem UF: `123456`, `123456-SP`, `123456/SP`, `SP123456`, `CRM-SP 123456`. Sem UF, vale em qualquer estado.',
        examples: ['3364-SP'],
      }),
    ),
    status: EnumListParam(MEMBER_STATUSES, `Situação: ${MEMBER_STATUSES.join(', ')}.`, 'ativo'),
    regional: EnumListParam(UFS, 'Código da regional (sigla do estado, maiúsculas ou minúsculas).', 'SP'),
    updated_since: FormattedParam('date-time', {
      maxLength: 40,
      description:
        `Instante RFC 3339 ${TIMESTAMP_RANGE}: só associados alterados a partir dele (sincronização incremental). ` +
        'Uma alteração cuja transação ainda não terminou, ou feita no último segundo, vem na sincronização seguinte: guardar o maior `atualizado_em` recebido não perde nenhuma.',
      examples: ['2026-03-01T00:00:00-03:00'],
    }),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type MemberListQuery = Static<typeof MemberListQuery>;
