/**
 * The problem types of the API (RFC 9457): stable codes for programs, Portuguese text for people.
 * Every `type` URL is `<base>/problems/<slug>`, served by the problems page.
 */
export const PROBLEM_TYPES = {
  bad_request: {
    status: 400,
    slug: 'bad-request',
    title: 'Requisição malformada',
    description:
      'A requisição não pôde ser lida: HTTP malformado, um cabeçalho `Host` que não é um nome de host nem um endereço IP, ou um endereço com codificação percentual inválida (por exemplo `%E0%A4%A`).',
  },
  invalid_parameter: {
    status: 400,
    slug: 'invalid-parameter',
    title: 'Parâmetro inválido',
    description: 'Um parâmetro da requisição tem formato ou valor inválido. O campo `errors` diz qual e o que se espera.',
  },
  unknown_parameter: {
    status: 400,
    slug: 'unknown-parameter',
    title: 'Parâmetro desconhecido',
    description:
      'A requisição tem um parâmetro de consulta que a operação não conhece. Ele é recusado para que um filtro com erro de digitação nunca amplie o resultado.',
  },
  invalid_cursor: {
    status: 400,
    slug: 'invalid-cursor',
    title: 'Cursor inválido',
    description: 'O cursor de paginação foi alterado, expirou ou foi usado com outros filtros. Recomece a listagem sem cursor.',
  },
  not_found: {
    status: 404,
    slug: 'not-found',
    title: 'Recurso não encontrado',
    description: 'Não existe recurso nesse endereço, ou ele não é visível para o token usado.',
  },
  token_missing: {
    status: 401,
    slug: 'token-missing',
    title: 'Credencial ausente',
    description: 'A operação exige o cabeçalho `Authorization: Bearer <token>`.',
  },
  token_invalid: {
    status: 401,
    slug: 'token-invalid',
    title: 'Token inválido',
    description:
      'O token é malformado ou desconhecido. Confira se foi copiado inteiro, ou peça um token ao administrador (área administrativa, seção Integrações).',
  },
  token_revoked: {
    status: 401,
    slug: 'token-revoked',
    title: 'Token revogado',
    description:
      'O token foi emitido, mas um administrador o revogou, e ele não volta a valer. Peça um novo token ao administrador (área administrativa, seção Integrações).',
  },
  token_expired: {
    status: 401,
    slug: 'token-expired',
    title: 'Token expirado',
    description: 'O token passou da data de validade. Peça um novo token ao administrador.',
  },
  insufficient_scope: {
    status: 403,
    slug: 'insufficient-scope',
    title: 'Escopo insuficiente',
    description: 'O token é válido, mas não tem o escopo que a operação exige (indicado em `WWW-Authenticate`).',
  },
  method_not_allowed: {
    status: 405,
    slug: 'method-not-allowed',
    title: 'Método não permitido',
    description:
      'O endereço existe, mas não aceita este método. A API é de leitura (GET e HEAD), salvo o envio e a correção de resultados de provas (POST e PUT); o cabeçalho `Allow` diz os métodos do endereço.',
  },
  not_acceptable: {
    status: 406,
    slug: 'not-acceptable',
    title: 'Formato não aceitável',
    description: 'A API responde somente JSON; o cabeçalho `Accept` enviado o exclui.',
  },
  invalid_body: {
    status: 400,
    slug: 'invalid-body',
    title: 'Corpo ilegível',
    description: 'O corpo da requisição não é um JSON válido (ou está vazio). Envie um objeto JSON em UTF-8.',
  },
  request_timeout: {
    status: 408,
    slug: 'request-timeout',
    title: 'Requisição lenta demais',
    description: 'A requisição não chegou a tempo (cabeçalhos em 5 s, a requisição inteira em 10 s); a conexão foi fechada.',
  },
  precondition_failed: {
    status: 412,
    slug: 'precondition-failed',
    title: 'Versão desatualizada',
    description:
      'O `If-Match` enviado não é a versão atual do recurso: alguém o alterou desde a sua leitura. Leia-o de novo, confira, e reenvie com o `ETag` atual.',
  },
  payload_too_large: {
    status: 413,
    slug: 'payload-too-large',
    title: 'Corpo grande demais',
    description: 'O corpo da requisição passa de 1 MB. Divida o envio em lotes menores (até 500 resultados por lote).',
  },
  uri_too_long: {
    status: 414,
    slug: 'uri-too-long',
    title: 'Endereço longo demais',
    description: 'O endereço (caminho e parâmetros) passa de 4.096 caracteres. Nenhuma operação precisa de tanto: confira os filtros.',
  },
  unsupported_media_type: {
    status: 415,
    slug: 'unsupported-media-type',
    title: 'Tipo de conteúdo não aceito',
    description: 'O corpo deve ser JSON: envie `Content-Type: application/json`.',
  },
  invalid_results: {
    status: 422,
    slug: 'invalid-results',
    title: 'Resultados recusados',
    description:
      'Algum item do lote não pode ser registrado; nada foi gravado. `errors` lista cada problema com a posição do item (`posicao`, a partir de 0), o campo, um código e a explicação. Corrija e reenvie o lote inteiro (com a mesma `Idempotency-Key`, se quiser: só uma resposta 200 fica guardada).',
  },
  idempotency_key_reused: {
    status: 422,
    slug: 'idempotency-key-reused',
    title: 'Chave de idempotência já usada',
    description:
      'A `Idempotency-Key` enviada já foi usada por este token, nas últimas 24 h, numa requisição com outro corpo ou para outro endereço. Use uma chave nova para cada envio diferente; repita a chave só para repetir o mesmo envio.',
  },
  result_conflict: {
    status: 409,
    slug: 'result-conflict',
    title: 'Resultado diferente do registrado',
    description:
      'Um ou mais candidatos do lote já têm resultado nesta prova, diferente do enviado; nada foi gravado. `errors` diz as posições e o resultado guardado. Para corrigir um resultado, use `PUT /api/v1/provas/{id}/resultados/{matricula}` com `If-Match`.',
  },
  idempotency_key_in_use: {
    status: 409,
    slug: 'idempotency-key-in-use',
    title: 'Requisição com esta chave em andamento',
    description:
      'Outra requisição com a mesma `Idempotency-Key` ainda está sendo atendida. Espere os segundos de `Retry-After` e repita: a resposta será a dela.',
  },
  precondition_required: {
    status: 428,
    slug: 'precondition-required',
    title: 'If-Match obrigatório',
    description:
      'Uma correção deve dizer qual versão do resultado ela corrige: envie `If-Match` com o `ETag` lido em `GET /api/v1/provas/{id}/resultados`.',
  },
  headers_too_large: {
    status: 431,
    slug: 'headers-too-large',
    title: 'Cabeçalhos grandes demais',
    description: 'Os cabeçalhos da requisição (endereço incluído) passam do limite do servidor, 16 KB no total.',
  },
  rate_limited: {
    status: 429,
    slug: 'rate-limited',
    title: 'Limite de requisições excedido',
    description: 'O limite de requisições por minuto foi atingido. Aguarde os segundos indicados em `Retry-After`.',
  },
  cpf_lookup_limited: {
    status: 429,
    slug: 'cpf-lookup-limited',
    title: 'Limite de consultas por CPF atingido',
    description:
      'O token fez consultas demais por CPF que não encontraram ninguém (por padrão 20 por minuto e 200 por dia). Até o fim da janela, indicado em `Retry-After` (o minuto, ou o dia, que acaba às 00:00 no horário de Brasília), toda consulta por CPF deste token recebe 429, encontre ou não alguém. Um lote com mais CPFs do que as consultas sem resultado que restam também recebe 429, antes da consulta e sem contar nada. Consultar o CPF de quem se conhece é o uso previsto; adivinhar CPFs não é.',
  },
  concurrency_limited: {
    status: 429,
    slug: 'concurrency-limited',
    title: 'Requisições simultâneas demais',
    description:
      'O token já tem o máximo de requisições em andamento ao mesmo tempo (por padrão 8 em cada instância do serviço). Espere uma delas terminar: tente de novo após `Retry-After` segundos, ou mande menos requisições em paralelo. Nada foi consultado nem contado no limite por minuto.',
  },
  internal_error: {
    status: 500,
    slug: 'internal-error',
    title: 'Erro interno',
    description: 'Um erro inesperado aconteceu. Informe o `request_id` ao suporte.',
  },
  service_unavailable: {
    status: 503,
    slug: 'service-unavailable',
    title: 'Serviço indisponível',
    description:
      'O serviço está temporariamente indisponível: sem acesso ao banco de dados, ou sobrecarregado, quando recusa primeiro as páginas de listas ' +
      '(que esperariam mais de 2 s pela vez; `Retry-After: 1`), nunca consultas de situação ou de um registro por causa da carga de outro token. ' +
      'Tente de novo após `Retry-After` segundos.',
  },
} as const satisfies Record<string, { status: number; slug: string; title: string; description: string }>;

export type ProblemCode = keyof typeof PROBLEM_TYPES;

export interface ParameterError {
  parameter: string;
  message: string;
}

/** A refused item of a batch written (API-DESIGN §14): where, which field, why for programs and for people. */
export interface ItemError {
  posicao: number | null;
  campo: string;
  codigo: string;
  mensagem: string;
}

export interface ProblemOptions {
  errors?: (ParameterError | ItemError)[];
  headers?: Record<string, string>;
  /**
   * The limit that refused the request, for the metrics (`associa_refusals_total`): one of src/limits/limit-reached.ts's
   * names, fixed in the code, never anything a client sends.
   */
  limit?: string;
}

/** An error that becomes a problem response. */
export class Problem extends Error {
  readonly status: number;

  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly options: ProblemOptions = {},
  ) {
    super(detail);
    this.status = PROBLEM_TYPES[code].status;
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: ProblemCode;
  request_id: string;
  errors?: (ParameterError | ItemError)[];
}

export function problemBody(baseUrl: string, problem: Problem, instance: string, requestId: string): ProblemBody {
  const type = PROBLEM_TYPES[problem.code];
  return {
    type: `${baseUrl}/problems/${type.slug}`,
    title: type.title,
    status: type.status,
    detail: problem.detail,
    instance,
    code: problem.code,
    request_id: requestId,
    ...(problem.options.errors ? { errors: problem.options.errors } : {}),
  };
}

/** A 400 naming the parameter and what it expects. */
export function invalidParameter(parameter: string, message: string): Problem {
  return new Problem('invalid_parameter', `${parameter}: ${message}.`, { errors: [{ parameter, message }] });
}
