// Applies patches/*.patch to the installed packages: the install step (`postinstall`) runs it, so that an install
// without dev dependencies (`npm ci --omit=dev`) gets the fixes too. A patch is named like patch-package's,
// <name>+<version>.patch (a scope's `/` as `+`), with paths a/node_modules/<name>/…; it is applied to the copy of
// <name> that Node would load from the project's root, wherever the install put it (hoisted to the parent
// node_modules when this project is itself installed as a package). A file already patched is left alone.
//
//   node scripts/apply-patches.js            apply every patch (again: no change)
//   node scripts/apply-patches.js --reverse  take them out again (to regenerate a patch from a pristine copy)
import { existsSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPatch, parsePatch, reversePatch } from 'diff';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export class PatchError extends Error {}

/**
 * Applies (or, with `reverse`, takes out) every patch of `root`/patches to the packages `root` resolves, all or
 * nothing: every file is checked before any is written. Returns one line per patch saying what was done.
 */
export function applyPatches(root = ROOT, { reverse = false } = {}) {
  const dir = join(root, 'patches');
  const names = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.patch'))
        .sort()
    : [];
  const writes = [];
  const report = [];
  for (const name of names) {
    const { packageName, version } = parseName(name);
    const where = packageDir(root, packageName);
    if (!where) throw new PatchError(`patches/${name}: ${packageName} is not installed`);
    const installed = JSON.parse(readFileSync(join(where, 'package.json'), 'utf8')).version;
    if (installed !== version)
      throw new PatchError(`patches/${name}: ${packageName} is ${installed} in ${where}, the patch is for ${version}`);
    let changed = 0;
    const files = parsePatch(readFileSync(join(dir, name), 'utf8'));
    for (const filePatch of files) {
      const file = fileOf(filePatch.newFileName ?? filePatch.oldFileName, packageName, name);
      const path = join(where, file);
      if (!existsSync(path)) throw new PatchError(`patches/${name}: ${packageName}/${file} does not exist`);
      const text = readFileSync(path, 'utf8');
      // Checked the other way first: a patch that only adds lines might fit a second time elsewhere.
      const undone = applyPatch(text, reversePatch(filePatch));
      const done = applyPatch(text, filePatch);
      if (reverse ? done !== false && undone === false : undone !== false) continue; // already as wanted
      const result = reverse ? undone : done;
      if (result === false)
        throw new PatchError(`patches/${name}: ${packageName}/${file} (in ${where}) is neither as the patch expects nor patched already`);
      writes.push([path, result]);
      changed++;
    }
    const state = changed === 0 ? (reverse ? 'not patched' : 'already patched') : reverse ? 'unpatched' : 'patched';
    report.push(`${packageName}@${version}: ${state} (${changed} of ${files.length} files changed)`);
  }
  for (const [path, text] of writes) writeFileSync(path, text);
  return report;
}

/** `postgres+3.4.9.patch` → postgres, 3.4.9; `@scope+name+1.0.0.patch` → @scope/name, 1.0.0. */
function parseName(name) {
  const parts = name.slice(0, -'.patch'.length).split('+');
  const version = parts.pop();
  if (!version || parts.length === 0) throw new PatchError(`patches/${name}: expected <name>+<version>.patch`);
  return { packageName: parts.join('/'), version };
}

/** The folder of `packageName` as Node resolves it from `root` (its exports may hide package.json from resolve()). */
function packageDir(root, packageName) {
  const require = createRequire(join(realpathSync(root), 'package.json'));
  for (const modules of require.resolve.paths(packageName) ?? []) {
    const dir = join(modules, packageName);
    if (existsSync(join(dir, 'package.json'))) return realpathSync(dir);
  }
  return null;
}

/** The path inside the package of a patch's file name, `a/node_modules/<name>/<path>`. */
function fileOf(fileName, packageName, name) {
  const prefix = `node_modules/${packageName}/`;
  const path = fileName?.replace(/^[ab]\//, '');
  if (!path?.startsWith(prefix)) throw new PatchError(`patches/${name}: ${fileName} is not a file of ${packageName}`);
  return path.slice(prefix.length);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    for (const line of applyPatches(ROOT, { reverse: process.argv.includes('--reverse') })) console.log(`apply-patches: ${line}`);
  } catch (error) {
    process.stderr.write(`apply-patches: ${error instanceof PatchError ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
