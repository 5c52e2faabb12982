/**
 * Parts of a request's work that a benchmark build leaves out, so that what each costs a request is measured by its
 * absence (`npm run bench:costs`, docs/benchmarks.md). Only that build defines `ASSOCIA_OMIT` (esbuild's `define`, a
 * list of PARTS); every other build, and the source, leaves out nothing: no setting of a running service turns a
 * part off.
 */
declare const ASSOCIA_OMIT: string | undefined;

export const PARTS = ['token-check', 'rate-limit', 'audit', 'etag', 'metrics'] as const;
export type Part = (typeof PARTS)[number];

const omitted = new Set((typeof ASSOCIA_OMIT === 'string' ? ASSOCIA_OMIT : '').split(','));

export const OMITTED: Readonly<Record<Part, boolean>> = Object.fromEntries(PARTS.map((part) => [part, omitted.has(part)])) as Record<
  Part,
  boolean
>;
