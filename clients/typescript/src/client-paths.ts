import type { paths } from './associa-api.js';

/**
 * The document's paths, each path parameter taking a number as well as a string: the records' ids (`fatura.id`,
 * `curso.id`) are numbers, and a call with one of them should not need a `String()`. openapi-fetch writes either
 * into the URL the same way.
 */
export type ClientPaths = { [P in keyof paths]: { [M in keyof paths[P]]: NumericPathParameters<paths[P][M]> } };

type NumericPathParameters<Operation> = Operation extends { parameters: { path: infer Path extends object } }
  ? Omit<Operation, 'parameters'> & {
      parameters: Omit<Operation['parameters'], 'path'> & { path: { [K in keyof Path]: Path[K] | number } };
    }
  : Operation;
