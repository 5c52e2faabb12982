import { createQueryId, type CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Reader } from './connection.js';
import type { Schema } from './schema.js';

/** Stands, in a statement compiled once, for the value at `index` of each call's values. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A select that Kysely builds and compiles once per shape and database, then runs with each call's values: 1.15× the
 * status endpoint's and 1.12× the member record's throughput (docs/benchmark-findings.md, "Micro-optimisations").
 * `build` may branch on `shape` only, and must hand each value to the builder unchanged, as a parameter.
 */
export function compiledSelect<Shape extends string, Values extends readonly unknown[], Row>(
  build: (db: Reader, shape: Shape, values: Values) => Compilable<Row>,
): (db: Reader, shape: Shape, values: Values) => Promise<Row[]> {
  const compiled = new WeakMap<Reader, Map<Shape, CompiledQuery<Row>>>();
  return async (db, shape, values) => {
    let byShape = compiled.get(db);
    if (!byShape) compiled.set(db, (byShape = new Map<Shape, CompiledQuery<Row>>()));
    let statement = byShape.get(shape);
    if (!statement) {
      const slots = values.map((_, index) => new Slot(index)) as unknown as Values;
      statement = build(db, shape, slots).compile();
      byShape.set(shape, statement);
    }
    const parameters = statement.parameters.map((parameter) => (parameter instanceof Slot ? values[parameter.index] : parameter));
    // A Reader is a Kysely instance whose type allows only building selects; what runs here was built by one.
    const { rows } = await (db as Kysely<Schema>).executeQuery<Row>({ ...statement, parameters, queryId: createQueryId() });
    return rows;
  };
}
