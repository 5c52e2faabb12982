import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.bench-builds/', 'node_modules/', '.associa/', 'test-results/', 'clients/typescript/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { project: './tsconfig.check.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after'] }],
        },
      ],
    },
  },
  { files: ['eslint.config.js', 'bin/**/*.js', 'scripts/**/*.js'], ...tseslint.configs.disableTypeChecked },
  ...layers(),
);

/**
 * The source's layers, lowest first: a module imports from its own layer and those below, never above
 * (README, "Architecture"). The process's own modules (app, server, cli) sit on top of them all.
 */
function layers() {
  const order = [
    ['domain'],
    ['db', 'jobs'],
    ['tokens', 'audit', 'events', 'import', 'seed', 'simulation'],
    ['operations'],
    // The request path, a folder per concern with its plugin and its parts; their order is PLUGINS' in src/app.ts.
    ['routes', 'errors', 'observability', 'caching', 'headers', 'pages', 'lists', 'keys', 'auth', 'limits'],
    ['api'],
    ['admin', 'cli'],
  ];
  // Every folder of src/ has its layer: a new one must be placed before lint passes.
  const folders = readdirSync(new URL('./src/', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const unplaced = folders.map((entry) => entry.name).filter((name) => !order.flat().includes(name));
  if (unplaced.length > 0) throw new Error(`eslint.config.js: src/${unplaced.join(', src/')} has no layer; add it to layers().`);
  return order.slice(0, -1).map((layer, index) => {
    const above = order.slice(index + 1).flat();
    return {
      files: layer.map((folder) => `src/${folder}/**/*.{ts,tsx}`),
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: [...above.map((folder) => `**/${folder}/**`), '**/app.js', '**/server.js'],
                message: `${layer.join(', ')} is below ${above.join(', ')} and the process's modules: it may not import from them.`,
              },
            ],
          },
        ],
      },
    };
  });
}
