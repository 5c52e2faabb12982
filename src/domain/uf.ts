export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

export type Uf = (typeof UFS)[number];

export interface UfInfo {
  readonly nome: string;
  readonly capital: string;
  /** Valor do 9º dígito do CPF (região fiscal da Receita Federal) para inscrições feitas no estado. */
  readonly regiaoFiscalCpf: number;
  /**
   * Participação aproximada do estado no total de médicos do país, em milésimos
   * (proporções da Demografia Médica no Brasil); a soma dos 27 estados é exatamente 1000.
   */
  readonly medicosPorMil: number;
}

export const UF_INFO: Readonly<Record<Uf, UfInfo>> = {
  AC: { nome: 'Acre', capital: 'Rio Branco', regiaoFiscalCpf: 2, medicosPorMil: 3 },
  AL: { nome: 'Alagoas', capital: 'Maceió', regiaoFiscalCpf: 4, medicosPorMil: 10 },
  AP: { nome: 'Amapá', capital: 'Macapá', regiaoFiscalCpf: 2, medicosPorMil: 3 },
  AM: { nome: 'Amazonas', capital: 'Manaus', regiaoFiscalCpf: 2, medicosPorMil: 13 },
  BA: { nome: 'Bahia', capital: 'Salvador', regiaoFiscalCpf: 5, medicosPorMil: 44 },
  CE: { nome: 'Ceará', capital: 'Fortaleza', regiaoFiscalCpf: 3, medicosPorMil: 26 },
  DF: { nome: 'Distrito Federal', capital: 'Brasília', regiaoFiscalCpf: 1, medicosPorMil: 28 },
  ES: { nome: 'Espírito Santo', capital: 'Vitória', regiaoFiscalCpf: 7, medicosPorMil: 21 },
  GO: { nome: 'Goiás', capital: 'Goiânia', regiaoFiscalCpf: 1, medicosPorMil: 32 },
  MA: { nome: 'Maranhão', capital: 'São Luís', regiaoFiscalCpf: 3, medicosPorMil: 15 },
  MT: { nome: 'Mato Grosso', capital: 'Cuiabá', regiaoFiscalCpf: 1, medicosPorMil: 15 },
  MS: { nome: 'Mato Grosso do Sul', capital: 'Campo Grande', regiaoFiscalCpf: 1, medicosPorMil: 13 },
  MG: { nome: 'Minas Gerais', capital: 'Belo Horizonte', regiaoFiscalCpf: 6, medicosPorMil: 115 },
  PA: { nome: 'Pará', capital: 'Belém', regiaoFiscalCpf: 2, medicosPorMil: 19 },
  PB: { nome: 'Paraíba', capital: 'João Pessoa', regiaoFiscalCpf: 4, medicosPorMil: 15 },
  PR: { nome: 'Paraná', capital: 'Curitiba', regiaoFiscalCpf: 9, medicosPorMil: 58 },
  PE: { nome: 'Pernambuco', capital: 'Recife', regiaoFiscalCpf: 4, medicosPorMil: 34 },
  PI: { nome: 'Piauí', capital: 'Teresina', regiaoFiscalCpf: 3, medicosPorMil: 10 },
  RJ: { nome: 'Rio de Janeiro', capital: 'Rio de Janeiro', regiaoFiscalCpf: 7, medicosPorMil: 110 },
  RN: { nome: 'Rio Grande do Norte', capital: 'Natal', regiaoFiscalCpf: 4, medicosPorMil: 11 },
  RS: { nome: 'Rio Grande do Sul', capital: 'Porto Alegre', regiaoFiscalCpf: 0, medicosPorMil: 61 },
  RO: { nome: 'Rondônia', capital: 'Porto Velho', regiaoFiscalCpf: 2, medicosPorMil: 7 },
  RR: { nome: 'Roraima', capital: 'Boa Vista', regiaoFiscalCpf: 2, medicosPorMil: 2 },
  SC: { nome: 'Santa Catarina', capital: 'Florianópolis', regiaoFiscalCpf: 9, medicosPorMil: 36 },
  SP: { nome: 'São Paulo', capital: 'São Paulo', regiaoFiscalCpf: 8, medicosPorMil: 284 },
  SE: { nome: 'Sergipe', capital: 'Aracaju', regiaoFiscalCpf: 5, medicosPorMil: 8 },
  TO: { nome: 'Tocantins', capital: 'Palmas', regiaoFiscalCpf: 1, medicosPorMil: 7 },
};

const UF_SET: ReadonlySet<string> = new Set(UFS);

export function isUf(value: string): value is Uf {
  return UF_SET.has(value);
}
