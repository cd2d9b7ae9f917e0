#!/usr/bin/env node
// `npm run build -w @marketplace/api`: the API as JavaScript in apps/api/dist, run by plain `node` in
// production (docs/decisions/0019-production-build.md). Our code and the workspace packages
// (@marketplace/*, shared as TypeScript source) are bundled by esbuild; every package from
// node_modules stays an import, installed as a production dependency beside the bundle.
//
// Files found at run time relative to the bundle (import.meta.url): the bundles sit directly in dist/,
// at the same depth as src/, so config.ts's REPOSITORY_ROOT ('../../../') means the same folder, and
// db/client.ts's './migrations' is dist/migrations, copied here.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDirectory = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(apiDirectory, 'dist');
/** Where a build is made before it replaces dist/ (ignored by git with node_modules). */
const scratchDirectory = path.join(apiDirectory, '../../node_modules/.cache/marketplace-api-build');
const manifest = JSON.parse(readFileSync(path.join(apiDirectory, 'package.json'), 'utf8'));
const runtimeDependencies = new Set(Object.keys(manifest.dependencies ?? {}));

/** The entry points: the server, and each command in src/scripts (`npm run create-admin` runs dist/create-admin.js). */
export const ENTRY_POINTS = {
  server: 'src/server.ts',
  ...Object.fromEntries(
    readdirSync(path.join(apiDirectory, 'src/scripts'))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => [name.replace(/\.ts$/, ''), `src/scripts/${name}`]),
  ),
};

/** `pg`, `@fastify/static/x` → the package name. */
function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const isBuiltin = (specifier) => specifier.startsWith('node:') || builtinModules.includes(specifier);

/** Bare imports stay imports (resolved from node_modules at run time), except our own workspace packages. */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@marketplace/') || isBuiltin(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Puts the finished build in place of dist/ with two renames, so a server already running from dist/
 * (or a test building at the same time) never sees a half-written folder.
 */
function replaceOutput(built) {
  for (let attempt = 0; ; attempt += 1) {
    const previous = path.join(scratchDirectory, `previous-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      renameSync(outdir, previous);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
    try {
      renameSync(built, outdir);
      rmSync(previous, { recursive: true, force: true });
      return;
    } catch (error) {
      // Another build put its dist/ in place between the two renames: move that one aside too.
      rmSync(previous, { recursive: true, force: true });
      if (!['ENOTEMPTY', 'EEXIST'].includes(error.code) || attempt >= 5) throw error;
    }
  }
}

export async function buildApi({ quiet = false } = {}) {
  const started = Date.now();
  mkdirSync(scratchDirectory, { recursive: true });
  const built = path.join(scratchDirectory, `build-${process.pid}-${randomBytes(4).toString('hex')}`);
  const imported = new Set();
  try {
    const result = await build({
      absWorkingDir: apiDirectory,
      entryPoints: ENTRY_POINTS,
      outdir: built,
      entryNames: '[name]',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      sourcesContent: false,
      keepNames: true,
      metafile: true,
      logLevel: quiet ? 'error' : 'warning',
      plugins: [nodeModulesExternal],
    });

    // Every package the bundle imports must be a runtime dependency of the API, or production (npm ci
    // --omit=dev) would not have it.
    for (const output of Object.values(result.metafile.outputs)) {
      for (const entry of output.imports) if (entry.external && !isBuiltin(entry.path)) imported.add(packageNameOf(entry.path));
    }
    const missing = [...imported].filter((name) => !runtimeDependencies.has(name)).sort();
    if (missing.length > 0) {
      throw new Error(`The API bundle imports packages that are not in apps/api/package.json "dependencies": ${missing.join(', ')}`);
    }

    cpSync(path.join(apiDirectory, 'src/db/migrations'), path.join(built, 'migrations'), { recursive: true });
    if (!existsSync(path.join(built, 'migrations/meta/_journal.json'))) throw new Error('The migrations were not copied into dist/migrations');
    replaceOutput(built);
  } catch (error) {
    rmSync(built, { recursive: true, force: true });
    throw error;
  }

  if (!quiet)
    console.log(
      `API built into ${path.relative(process.cwd(), outdir) || outdir} in ${Date.now() - started} ms (${Object.keys(ENTRY_POINTS)
        .map((name) => `${name}.js`)
        .join(', ')})`,
    );
  return { outdir, externalPackages: [...imported].sort() };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await buildApi();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
