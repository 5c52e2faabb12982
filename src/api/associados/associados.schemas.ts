import { Type, type Static } from '@sinclair/typebox';
import { CATEGORIAS } from '../../domain/enums.js';
import { Matricula, StringEnum } from '../common.schemas.js';

export const MemberIdParams = Type.Object({
  id: Type.String({ description: 'Matrícula (ex.: 004217) ou, nesta operação, CPF (000.000.000-00 ou 11 dígitos).', examples: ['004217', '529.982.247-25'] }),
}, { additionalProperties: false });

export const Situacao = Type.Object({
  matricula: Matricula,
  nome: Type.String({ examples: ['Ana Paula Ribeiro'] }),
  associado: Type.Boolean({ description: 'Se a pessoa é associada ativa (status `ativo`).' }),
  categoria: StringEnum(CATEGORIAS, { description: 'Categoria de associação. `remido` e `honorario` são isentos de anuidade.' }),
  adimplente: Type.Boolean({ description: 'Verdadeiro se nenhuma anuidade de ano até `ano_referencia` está em aberto após o vencimento, ou se a categoria é isenta.' }),
  ano_referencia: Type.Integer({ minimum: 1000, maximum: 9999, description: 'Ano de referência da adimplência (ano corrente em São Paulo).' }),
}, {
  additionalProperties: false,
  examples: [{ matricula: '004217', nome: 'Ana Paula Ribeiro', associado: true, categoria: 'titular', adimplente: true, ano_referencia: 2026 }],
});
export type Situacao = Static<typeof Situacao>;
