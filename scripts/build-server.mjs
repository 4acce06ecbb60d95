#!/usr/bin/env node
/**
 * Writes the server and the contract package as JavaScript (apps/server/dist, packages/contract/dist,
 * both git-ignored) for `npm start`: Node's TypeScript stripper (amaro, WebAssembly) then never loads
 * in the server, ≈ 24 MB of resident memory (docs/decisions/server-memory.md).
 *
 * Types are stripped by the same function Node runs on a .ts file (`module.stripTypeScriptTypes`),
 * which blanks them out in place: every line and column stays where it was in the source, so a
 * stack trace points into the .ts file without a source map. Relative `.ts` import specifiers
 * (static, re-exports and literal dynamic imports, found by es-module-lexer) become `.js`; the
 * contract's own package exports send `@studio/contract` to its dist under `--conditions=studio-built`.
 * `npm start` adds `--no-strip-types`, so a .ts module that slips in fails to load instead of quietly
 * bringing the stripper back; the build refuses what would: a relative import of anything it does not
 * write, an export without its build.
 * Each output folder keeps its source's depth, so paths taken from `import.meta.url` (the repository
 * root, the migrations folder, copied beside) resolve as they do from src.
 *
 * Run with `--disable-warning=ExperimentalWarning` (stripTypeScriptTypes is still experimental).
 */
import fs from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';

const ROOT = path.resolve(import.meta.dirname, '..');
const PACKAGES = [
  // `copy`: folders read at run time beside the code, copied as they are.
  { src: 'packages/contract/src', out: 'packages/contract/dist', copy: [] },
  { src: 'apps/server/src', out: 'apps/server/dist', copy: ['db/migrations'] },
];
/** The export condition `npm start` passes (`--conditions`), under which a package's exports name its build. */
const CONDITION = 'studio-built';
/** Tests and their fixtures stay out: Vitest would find `*.test.js` files in dist. */
const SKIP = /\.test\.ts$|\.d\.ts$/;

/**
 * `./a.ts` → `./a.js` for every relative specifier the module imports or re-exports. A relative
 * specifier to anything but a built source (a test file, a .js or .json beside it) fails the build,
 * so the output never imports what it does not hold.
 */
export function rewriteSpecifiers(code, file) {
  const [imports] = parse(code, file);
  let out = '';
  let last = 0;
  for (const { n, s, e } of imports) {
    // `n` is the specifier's value (undefined for a computed dynamic import); s..e its text in the code.
    if (!n || !/^\.\.?\//.test(n)) continue;
    const target = path.resolve(path.dirname(file), n);
    if (!n.endsWith('.ts') || SKIP.test(n) || !fs.existsSync(target))
      throw new Error(`${file}: imports ${n}, which the build does not write`);
    const text = code.slice(s, e);
    const at = text.lastIndexOf('.ts');
    if (at < 0) throw new Error(`${file}: cannot rewrite the import of ${n}`);
    out += code.slice(last, s + at) + '.js';
    last = s + at + 3;
  }
  return out + code.slice(last);
}

function* sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(file);
    else if (entry.name.endsWith('.ts') && !SKIP.test(entry.name)) yield file;
  }
}

/**
 * Each entry of the package's exports must name its build under `studio-built`, and the build must
 * hold it: the server runs with `--no-strip-types`, where a .ts export would fail to load.
 */
function checkExports(pkgDir, next) {
  const { exports = {} } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  for (const [key, target] of Object.entries(exports)) {
    const built = typeof target === 'object' ? target[CONDITION] : undefined;
    if (typeof built !== 'string' || !built.startsWith('./dist/'))
      throw new Error(`${pkgDir}/package.json: export ${key} names no ./dist/ file under ${CONDITION}`);
    if (!fs.existsSync(path.join(next, built.slice('./dist/'.length))))
      throw new Error(`${pkgDir}/package.json: export ${key} → ${built}, which the build does not write`);
  }
}

/** Builds every package into a fresh folder, then swaps it in, so a stale file never survives. */
export async function buildServer(root = ROOT) {
  await init;
  let files = 0;
  // The repository's .tmp (ignored by git and the linters), on the same disk, so renames move it.
  const work = path.join(root, '.tmp', `build-server-${process.pid}`);
  for (const pkg of PACKAGES) {
    const src = path.join(root, pkg.src);
    const out = path.join(root, pkg.out);
    const next = path.join(work, 'next', pkg.out);
    try {
      for (const file of sources(src)) {
        const rel = path.relative(src, file);
        const js = rewriteSpecifiers(stripTypeScriptTypes(fs.readFileSync(file, 'utf8')), file);
        const target = path.join(next, rel.replace(/\.ts$/, '.js'));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, js);
        files++;
      }
      for (const dir of pkg.copy) fs.cpSync(path.join(src, dir), path.join(next, dir), { recursive: true });
      checkExports(path.dirname(src), next);
    } catch (error) {
      fs.rmSync(work, { recursive: true, force: true });
      throw error;
    }
    // Aside, then in: a server starting meanwhile finds the old build or the new one, whole.
    const old = path.join(work, 'old', pkg.out);
    fs.mkdirSync(path.dirname(old), { recursive: true });
    if (fs.existsSync(out)) fs.renameSync(out, old);
    try {
      fs.renameSync(next, out);
    } catch (error) {
      // Another build (a second journey shard) put its own in place meanwhile: the same files.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
  return files;
}

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  return newest;
}

/** Whether a source (or this script) changed after the last build: its entry is older, or missing. */
export function isStale(root = ROOT) {
  const entry = path.join(root, 'apps/server/dist/server.js');
  if (!fs.existsSync(entry)) return true;
  const builtAt = fs.statSync(entry).mtimeMs;
  const newest = Math.max(
    fs.statSync(import.meta.filename).mtimeMs,
    ...PACKAGES.map((pkg) => newestSource(path.join(root, pkg.src))),
  );
  return newest > builtAt;
}

if (import.meta.filename === process.argv[1]) {
  // `--if-stale` (the journeys' and the bench's server): nothing to do when the build is newer.
  if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
  const started = performance.now();
  const files = await buildServer();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`server and contract built as JavaScript: ${files} files (${seconds} s)`);
}
