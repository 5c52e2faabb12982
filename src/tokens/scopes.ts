/** What each scope grants (API-DESIGN §3). The sentences are shown to the administrator who picks them. */
export const SCOPES = {
  'associados:read': 'Consultar associados: lista, ficha completa e situação (endpoints 2, 3 e 4).',
  'associados:situacao': 'Consultar apenas a situação de um associado, por matrícula ou CPF (endpoint 4).',
  'associados:cpf': 'Ver o CPF completo dos associados; sem este escopo o CPF sai mascarado.',
  'cursos:read': 'Consultar cursos e eventos, inclusive os de inscrição encerrada (endpoints 5 e 6).',
  'faturas:read': 'Consultar faturas e pagamentos para conciliação (endpoint 7).',
  'provas:read': 'Consultar provas de título, seus candidatos e resultados.',
  'provas:resultados': 'Enviar e corrigir resultados de provas (escrita; nenhum escopo de leitura a concede).',
} as const;

export type Scope = keyof typeof SCOPES;
export const SCOPE_NAMES = Object.keys(SCOPES) as Scope[];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}
