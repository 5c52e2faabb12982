/** What ajv reports of a value its schema refuses (a subset of its ErrorObject). */
export interface ValidationIssue {
  keyword: string;
  params: Record<string, unknown>;
}

const TYPES: Record<string, string> = {
  integer: 'um número inteiro',
  number: 'um número',
  string: 'um texto',
  boolean: 'true ou false',
  array: 'uma lista',
  object: 'um objeto',
  null: 'nulo',
};
const COMPARISONS: Record<string, string> = { '<=': 'menor ou igual a', '>=': 'maior ou igual a', '<': 'menor que', '>': 'maior que' };
const FORMATS: Record<string, string> = {
  date: 'esperada uma data AAAA-MM-DD válida',
  'date-time': 'esperado um instante RFC 3339 com fuso',
};

const plural = (count: unknown, one: string, many: string) => `${String(count)} ${count === 1 ? one : many}`;
const comparison = ({ comparison: sign, limit }: Record<string, unknown>) =>
  `esperado um número ${COMPARISONS[String(sign)]} ${String(limit)}`;
const most = (count: unknown) => (count === 1 ? 'esperado no máximo' : 'esperados no máximo');

/**
 * Ajv's messages are English; the API speaks Portuguese (API-DESIGN §4). One phrase per keyword a schema can
 * use, in the form of the API's own messages ("esperado …"), so a client reads the same language everywhere.
 */
const MESSAGES: Record<string, (params: Record<string, unknown>) => string> = {
  maxLength: ({ limit }) => `esperado no máximo ${plural(limit, 'caractere', 'caracteres')}`,
  minLength: ({ limit }) => `esperado no mínimo ${plural(limit, 'caractere', 'caracteres')}`,
  maxItems: ({ limit }) => `${most(limit)} ${plural(limit, 'valor', 'valores')}`,
  minItems: ({ limit }) => `${limit === 1 ? 'esperado no mínimo' : 'esperados no mínimo'} ${plural(limit, 'valor', 'valores')}`,
  uniqueItems: () => 'esperados valores sem repetição',
  maximum: comparison,
  minimum: comparison,
  exclusiveMaximum: comparison,
  exclusiveMinimum: comparison,
  multipleOf: ({ multipleOf }) => `esperado um múltiplo de ${String(multipleOf)}`,
  type: ({ type }) =>
    `esperado ${String(type)
      .split(',')
      .map((name) => TYPES[name] ?? name)
      .join(' ou ')}`,
  enum: ({ allowedValues }) => `valores aceitos: ${(allowedValues as unknown[]).join(', ')}`,
  const: ({ allowedValue }) => `valor aceito: ${String(allowedValue)}`,
  pattern: ({ pattern }) => `formato inválido: esperado o padrão ${String(pattern)}`,
  format: ({ format }) => FORMATS[String(format)] ?? `esperado o formato ${String(format)}`,
  required: () => 'obrigatório e ausente',
  additionalProperties: () => 'parâmetro desconhecido nesta operação',
};

/** The Portuguese message of a validation issue; a general one for keywords no API schema uses. */
export function validationMessage(issue: ValidationIssue): string {
  return MESSAGES[issue.keyword]?.(issue.params) ?? 'valor inválido';
}
