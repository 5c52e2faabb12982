import { Type, type Static } from '@sinclair/typebox';
import { LAST_DATE } from '../../domain/dates.js';
import { FORMAS_PAGAMENTO, INVOICE_KINDS, INVOICE_STATUSES } from '../../domain/enums.js';
import { DATE_RANGE, TIMESTAMP_RANGE } from '../../lists/list-params.js';
import { PageQuery } from '../../lists/pagination.js';
import { componentRef, EnumListParam, FormattedParam, Matricula, StringEnum, withExamples } from '../common.schemas.js';
import examples from '../examples.json' with { type: 'json' };

const Timestamp = Type.String({ maxLength: 500, format: 'date-time', description: 'RFC 3339, horário de São Paulo.' });
const Money = Type.String({ maxLength: 500, pattern: '^[0-9]+\\.[0-9]{2}$', description: 'Valor em reais, texto decimal com duas casas.' });
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

export const InvoiceSchema = withExamples(
  Type.Object(
    {
      id: Type.Integer({ format: 'int32', maximum: 2147483647, minimum: 1, description: 'Cresce com a emissão: a ordem da lista.' }),
      numero: Type.String({ maxLength: 500 }),
      kind: StringEnum(INVOICE_KINDS, { description: '`anuidade`, `inscricao` (curso ou evento) ou `taxa_prova` (prova de título).' }),
      descricao: Type.String({ maxLength: 500 }),
      associado: Type.Object(
        {
          matricula: Matricula,
          nome: Type.String({ maxLength: 500 }),
          cpf: Type.String({
            maxLength: 500,
            description: 'Mascarado (`***.***.789-**`, três dígitos no máximo) a menos que o token tenha `associados:cpf`.',
          }),
        },
        { additionalProperties: false },
      ),
      ano_referencia: Type.Union([Type.Integer({ format: 'int32', minimum: 0, maximum: 2147483647 }), Type.Null()], {
        description: 'Ano da anuidade; `null` nos demais tipos.',
      }),
      curso_id: Type.Union([Type.Integer({ format: 'int32', minimum: 0, maximum: 2147483647 }), Type.Null()], {
        description: 'Curso da inscrição; `null` nos demais tipos.',
      }),
      prova_id: Type.Union([Type.Integer({ format: 'int32', minimum: 0, maximum: 2147483647 }), Type.Null()], {
        description: 'Prova da taxa de prova (`GET /provas/{id}`); `null` nos demais tipos.',
      }),
      valor: Money,
      vencimento: Type.String({ maxLength: 500, format: 'date' }),
      status: StringEnum(INVOICE_STATUSES, {
        description: '`overdue`: em aberto e vencida (calculado na consulta, com a data de São Paulo).',
      }),
      pago_em: nullable(Timestamp, 'Quando foi paga; `null` se não foi.'),
      valor_pago: nullable(Money, 'Valor recebido, com multa e juros se paga em atraso; `null` se não foi paga.'),
      forma_pagamento: Type.Union([StringEnum(FORMAS_PAGAMENTO), Type.Null()], { description: '`null` se não foi paga.' }),
      transacao_id: nullable(
        Type.String({ maxLength: 500 }),
        'PIX: id fim a fim; boleto: nosso número; cartão: NSU e autorização. `null` se não foi paga.',
      ),
      nfse: Type.Union(
        [
          Type.Object(
            {
              numero: Type.String({ maxLength: 500 }),
              codigo_verificacao: Type.String({ maxLength: 500 }),
              emitida_em: Timestamp,
              municipio: Type.String({ maxLength: 500 }),
            },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        { description: 'NFS-e (simulada) emitida pelo pagamento; `null` se não há.' },
      ),
      atualizado_em: Timestamp,
    },
    { $id: 'Fatura', title: 'Fatura', description: 'Uma fatura, com seu pagamento e sua NFS-e.', additionalProperties: false },
  ),
  examples.operations.listFaturas.value,
);
export const Invoice = componentRef(InvoiceSchema);

export const InvoiceIdParams = Type.Object(
  { id: Type.String({ maxLength: 500, description: 'Identificador da fatura (inteiro positivo).', examples: ['10777'] }) },
  { additionalProperties: false },
);
export type Invoice = Static<typeof Invoice>;

export const InvoiceListQuery = Type.Object(
  {
    status: EnumListParam(INVOICE_STATUSES, `Situação: ${INVOICE_STATUSES.join(', ')}.`, 'paid'),
    kind: EnumListParam(INVOICE_KINDS, `Tipo: ${INVOICE_KINDS.join(', ')}.`, 'anuidade'),
    paid_from: FormattedParam('date', {
      maxLength: 10,
      description: `Data AAAA-MM-DD, ${DATE_RANGE}: pagas a partir dela (00:00 de São Paulo), inclusive.`,
      examples: ['2026-03-01'],
    }),
    paid_to: FormattedParam('date', {
      maxLength: 10,
      description: `Data AAAA-MM-DD, ${DATE_RANGE}: pagas até ela (fim do dia em São Paulo), inclusive; \`${LAST_DATE}\` equivale a sem limite.`,
      examples: ['2026-03-31'],
    }),
    updated_since: FormattedParam('date-time', {
      maxLength: 40,
      description:
        `Instante RFC 3339 ${TIMESTAMP_RANGE}: só faturas alteradas a partir dele (sincronização incremental). ` +
        'Uma alteração cuja transação ainda não terminou, ou feita no último segundo, vem na sincronização seguinte: guardar o maior `atualizado_em` recebido não perde nenhuma.',
    }),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type InvoiceListQuery = Static<typeof InvoiceListQuery>;
