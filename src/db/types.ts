import pg from 'pg';

type Parser = (value: string) => unknown;
// Array types are not in pg's TypeId union, but getTypeParser knows them.
const builtinParser: (oid: number, format: 'text' | 'binary') => Parser = pg.types.getTypeParser;

/**
 * Every driver returns the same JavaScript values: int8 as number (every id fits in 2^53), numeric as a
 * decimal string (money is never a float), date as `YYYY-MM-DD` (a business date has no time zone),
 * timestamptz as Date.
 */
const INT8 = 20;
const INT8_ARRAY = 1016;
const INT4_ARRAY = 1007;
const DATE = 1082;
const TIMESTAMPTZ = 1184;

const identity = (value: string) => value;

export const pgTypes: pg.CustomTypesConfig = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): Parser {
    if (oid === INT8) return Number;
    if (oid === INT8_ARRAY) return builtinParser(INT4_ARRAY, 'text');
    if (oid === DATE) return identity;
    return builtinParser(oid, format ?? 'text');
  },
};

export const pgliteParsers = { [DATE]: identity };

/** The same values from postgres.js, which otherwise returns int8 as a string and a date as a Date. */
export const postgresJsTypes = {
  int8: { to: INT8, from: [INT8], serialize: (value: number | bigint | string) => String(value), parse: Number },
  date: {
    to: DATE,
    from: [DATE],
    serialize: (value: string | Date) => (typeof value === 'string' ? value : value.toISOString().slice(0, 10)),
    parse: identity,
  },
  // A timestamp given as text (a cursor's key) goes as it is: through a Date it would lose its microseconds.
  timestamptz: {
    to: TIMESTAMPTZ,
    from: [TIMESTAMPTZ],
    serialize: (value: string | Date) => (typeof value === 'string' ? value : value.toISOString()),
    parse: (value: string) => new Date(value),
  },
};
