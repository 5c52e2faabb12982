import packageJson from '../package.json' with { type: 'json' };

/** The release, from package.json: in the bundle (dist/cli.js) esbuild inlines it, from source Node reads it. */
export const VERSION: string = packageJson.version;
