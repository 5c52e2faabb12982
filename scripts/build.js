// Bundles the service into dist/cli.js, and the import's worker thread into dist/check-worker.js. One module starts
// far faster than the ~1,300 files it is made of: Node 20 has no compile cache, and resolving and compiling each
// file cost about 0.7 s of every start.
// Type checking is `npm run typecheck`; this only transpiles. `--omit <parts> --outdir <dir>` makes the build in which
// `npm run bench:costs` measures what each part of a request costs by leaving it out (src/omitted-parts.ts).
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import postgres from 'postgres';

// The bundle carries the driver: without Associa's fix in it, it would be built for nothing. The same check as the
// service's at start (src/db/driver-fix.ts, whose PATCH_REVISION this is).
if ((postgres.associaPatch ?? 0) < 4) {
  process.stderr.write(
    "build: The PostgreSQL driver lacks Associa's fix (patches/postgres+3.4.9.patch): install with `npm ci`, whose install step applies it (not with --ignore-scripts).\n",
  );
  process.exit(1);
}

const { values } = parseArgs({ options: { omit: { type: 'string' }, outdir: { type: 'string', default: 'dist' } } });
const outdir = resolve(new URL('..', import.meta.url).pathname, values.outdir);
rmSync(outdir, { recursive: true, force: true });
await build({
  // The import's worker thread (src/import/staging.ts) loads ./check-worker.js beside the module that starts it.
  entryPoints: { cli: 'src/cli/main.ts', 'check-worker': 'src/import/check-worker.ts' },
  outdir,
  define: values.omit === undefined ? {} : { ASSOCIA_OMIT: JSON.stringify(values.omit) },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  external: [
    // Both read files of their own package at run time: PGlite its WebAssembly and data, the docs UI its assets.
    '@electric-sql/pglite',
    '@fastify/swagger-ui',
    // pg's optional native binding, not installed.
    'pg-native',
    // Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (src/observability/tracing.plugin.ts): outside, no start parses them.
    '@fastify/otel',
    '@opentelemetry/*',
  ],
  // Bundled CommonJS packages call require(), which an ES module does not have.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
});
