import type { Scope } from '../tokens/scopes.js';

/** The event types of API-DESIGN §13, with the scopes any one of which lets a token receive them. */
export const EVENT_TYPES = {
  'fatura.emitida': ['faturas:read'],
  'fatura.paga': ['faturas:read'],
  'fatura.estornada': ['faturas:read'],
  'fatura.cancelada': ['faturas:read'],
  'fatura.vencida': ['faturas:read'],
  'associado.situacao_alterada': ['associados:read', 'associados:situacao'],
  'associado.atualizado': ['associados:read'],
  'curso.publicado': ['cursos:read'],
  'curso.atualizado': ['cursos:read'],
  'prova.resultado_registrado': ['provas:read'],
  'prova.resultado_anulado': ['provas:read'],
} as const satisfies Record<string, readonly Scope[]>;

export type EventType = keyof typeof EVENT_TYPES;
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_TYPES, value);
}

/** The types a token with `scopes` may receive, in the order of EVENT_TYPES. */
export function typesFor(scopes: readonly string[]): EventType[] {
  return EVENT_TYPE_NAMES.filter((type) => EVENT_TYPES[type].some((scope) => scopes.includes(scope)));
}

/** How a list of types is written in a query parameter, a form and the CLI: `fatura.*` stands for every invoice type. */
export function expandTypes(names: readonly string[]): { types: EventType[]; unknown: string[] } {
  const types = new Set<EventType>();
  const unknown: string[] = [];
  for (const name of names) {
    if (name.endsWith('.*')) {
      const matching = EVENT_TYPE_NAMES.filter((type) => type.startsWith(name.slice(0, -1)));
      if (matching.length === 0) unknown.push(name);
      for (const type of matching) types.add(type);
    } else if (isEventType(name)) types.add(name);
    else unknown.push(name);
  }
  return { types: EVENT_TYPE_NAMES.filter((type) => types.has(type)), unknown };
}
