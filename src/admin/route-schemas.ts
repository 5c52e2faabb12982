import { Type } from '@sinclair/typebox';

/*
 * What the administration's routes receive, as schemas their handlers take their types from. Values stay
 * unknown (a repeated parameter is an array) until a page reads them with field() or its own check, which
 * answers with the page and its message: these schemas never refuse a request themselves. Forms are read
 * with formOf(), not a schema, so that a post without a body still meets the CSRF check first.
 */
export const AnyQuery = Type.Record(Type.String(), Type.Unknown());
export const IdParams = Type.Object({ id: Type.String() });
export const MatriculaParams = Type.Object({ matricula: Type.String() });
