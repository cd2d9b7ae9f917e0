#!/usr/bin/env node
/**
 * Build check for the web bundle ("Performance", Web).
 *
 *   npm run build && node scripts/check-bundle.mjs        # or: node scripts/check-bundle.mjs --build
 *   node scripts/check-bundle.mjs --budget 153.5 --json     # budget in KB (1 KB = 1024 bytes), JSON report
 *
 * 1. Initial JavaScript for /products: the chunks index.html loads (entry script + modulepreload links) and
 *    those the entry script imports dynamically (the steps of the app's start, src/main.tsx),
 *    the chunks the build lists for the route in dist/route-preloads.json (its page and lazy layout, which
 *    the server preloads), and every chunk those import statically. Sizes are gzip level 9.
 *    Exit 1 above budget. The chat socket client (socket.io-client), which every signed-in visit loads,
 *    is counted too — unless lib/socket.tsx waits for the page's load event and an idle moment before
 *    loading it (`await whenPageIdle()`, then the library its context names, by default the dynamic
 *    import), in which case it is listed but not part of the first load.
 * 2. Every page module of the route manifest (apps/web/src/app/routes.ts, the shop's pages, and
 *    dashboard-routes.ts, the dashboards') is its own lazy chunk:
 *    found in exactly one chunk, never in the initial chunks, and no two pages share a chunk.
 *
 * 3. The public pages a guest lands on (home, catalogue, a product, a shop: PUBLIC_PAGE_PATHS) load no schema
 *    library (zod, SCHEMA_LIBRARY): not with the first load, not with the page's own chunks. A constant a page
 *    needs comes from a zod-free module (e.g. @marketplace/contracts/cart-limits); the schemas belong to the
 *    forms and calls of signed-in pages. zod's code and its schemas' construction were ≈ 0.1 s of a phone's
 *    main thread on a product page (bench/README.md, Lighthouse).
 *
 * Chunks are matched to modules through the build's source maps (build.sourcemap is on), so no
 * Vite manifest is needed. Exit codes: 0 ok, 1 a check failed, 2 the build output is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps/web');
const DIST = path.join(WEB, 'dist');
const ROUTES = path.join(WEB, 'src/app/routes.ts');
const DASHBOARD_ROUTES_FILE = path.join(WEB, 'src/app/dashboard-routes.ts');

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
if (flag('--help')) {
  console.log('node scripts/check-bundle.mjs [--build] [--budget KB=153.5] [--route /products] [--json]');
  process.exit(0);
}
const BUDGET_KB = Number(option('--budget', '153.5'));
const ROUTE_PATH = option('--route', '/products');
// Loaded on the first signed-in page view (lib/socket.tsx imports it dynamically when a session exists).
const SIGNED_IN_MODULES = ['node_modules/socket.io-client/'];
// …after the page has loaded and the browser is idle, when lib/socket.tsx awaits whenPageIdle() before
// the import: then nothing on the first paint's path waits for it, and it is listed but not counted.
const SOCKET_PROVIDER = path.join(WEB, 'src/lib/socket.tsx');
// The provider loads the library through its ChatSocketLibraryContext, whose default is the dynamic import:
// both must hold (the wait before the load, and the load being that import).
const socketProvider = existsSync(SOCKET_PROVIDER) ? readFileSync(SOCKET_PROVIDER, 'utf8') : '';
const isSocketDeferred =
  /^[ \t]*await whenPageIdle\(\);[^]{0,200}?await loadLibraryRef\.current\(\)/m.test(socketProvider) &&
  /const loadSocketIo: LoadChatSocket = async \(\) => \(await import\(['"]socket\.io-client['"]\)\)\.io;/.test(socketProvider) &&
  /createContext<LoadChatSocket>\(loadSocketIo\)/.test(socketProvider);

if (flag('--build')) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
if (!existsSync(path.join(DIST, 'index.html'))) {
  console.error(`No build in ${path.relative(ROOT, DIST)}: run \`npm run build\` first (or pass --build).`);
  process.exit(2);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const failures = [];

// ---- the chunks and the modules inside them (from the source maps) ----
const assetsDir = path.join(DIST, 'assets');
const chunkFiles = readdirSync(assetsDir).filter((file) => file.endsWith('.js'));
/** chunk file name (assets/…) -> normalised module paths ('src/…' or 'node_modules/…') */
const modulesByChunk = new Map();
for (const file of chunkFiles) {
  const mapFile = path.join(assetsDir, `${file}.map`);
  const sources = existsSync(mapFile) ? (JSON.parse(readFileSync(mapFile, 'utf8')).sources ?? []) : [];
  modulesByChunk.set(
    file,
    sources.map((source) => {
      const absolute = path.resolve(assetsDir, source);
      const relative = path.relative(WEB, absolute).split(path.sep).join('/');
      const nm = absolute.lastIndexOf(`${path.sep}node_modules${path.sep}`);
      return nm >= 0
        ? absolute
            .slice(nm + 1)
            .split(path.sep)
            .join('/')
        : relative;
    }),
  );
}
if (![...modulesByChunk.values()].some((modules) => modules.length > 0)) {
  failures.push('no source maps in the build: the module checks need build.sourcemap (apps/web/vite.config.ts)');
}

/** Static imports / re-exports of a built chunk (minified ESM: import{…}from"./x.js", import"./x.js", export{…}from"./x.js"). */
function staticImports(file) {
  const code = readFileSync(path.join(assetsDir, file), 'utf8');
  const found = new Set();
  const pattern = /\b(?:import|export)\s*(?:(?:[\w$*\s,]|\{[^}]*\})*?\s*from\s*)?["']\.\/([^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

/** The chunks a chunk imports with `import("./x.js")`: for the entry script, the steps of the app's start (main.tsx). */
function dynamicImports(file) {
  const code = readFileSync(path.join(assetsDir, file), 'utf8');
  return [...new Set([...code.matchAll(/\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((match) => match[1]))];
}

/** The files plus everything they import statically, in load order. */
function closure(roots) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    if (!modulesByChunk.has(file)) {
      failures.push(`${file} is referenced but missing from dist/assets`);
      return;
    }
    seen.add(file);
    for (const dependency of staticImports(file)) visit(dependency);
  };
  roots.forEach(visit);
  return seen;
}

const chunksContaining = (predicate) => [...modulesByChunk].filter(([, modules]) => modules.some(predicate)).map(([file]) => file);
const isModule = (modulePath) => (source) => source.replace(/\.(tsx?|jsx?)$/, '') === `src/${modulePath.replace(/^\.\.\//, '')}`;

// ---- 1. initial JavaScript for /products ----
const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const htmlChunks = [
  ...html.matchAll(/<script[^>]*\bsrc="\/assets\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/assets\/([^"]+\.js)"/g),
].map((match) => match[1]);
if (htmlChunks.length === 0) failures.push('index.html loads no /assets/*.js script');

// The entry script starts the app in steps, each a dynamic import of its own (main.tsx): they are the first load too.
const entryClosure = closure([...htmlChunks, ...htmlChunks.filter((file) => modulesByChunk.has(file)).flatMap(dynamicImports)]);
// The count holds the app's start only if it holds React's DOM: a start loaded some other way would leave it out.
if (![...entryClosure].some((file) => modulesByChunk.get(file)?.some((source) => source.startsWith('node_modules/react-dom/')))) {
  failures.push("the first load as counted holds no react-dom: the entry script's start (src/main.tsx) is not counted");
}
// The start evaluates React's DOM, the router and the store's libraries each in a task of its own (decision 0048):
// each must be in a chunk of its own, or one evaluation holds a phone's main thread for all of them again.
const chunkHolding = (prefix) => [...entryClosure].find((file) => modulesByChunk.get(file)?.some((source) => source.startsWith(prefix)));
const startLibraries = ['node_modules/react-dom/', 'node_modules/react-router/', 'node_modules/@reduxjs/toolkit/'].map((prefix) => [
  prefix,
  chunkHolding(prefix),
]);
const reported = new Set();
for (const [index, [prefix, file]] of startLibraries.entries()) {
  const shared = startLibraries.slice(index + 1).filter(([, other]) => file && other === file);
  if (shared.length > 0 && !reported.has(file) && reported.add(file))
    failures.push(
      `${file} holds ${[prefix, ...shared.map(([other]) => other)].map((name) => name.slice(13, -1)).join(' and ')}: the start evaluates each library in a chunk of its own (decision 0048)`,
    );
}
const preloadsFile = path.join(DIST, 'route-preloads.json');
const preloads = existsSync(preloadsFile) ? JSON.parse(readFileSync(preloadsFile, 'utf8')).routes : [];
const route = preloads.find((candidate) => candidate.path === ROUTE_PATH);
if (!route) failures.push(`dist/route-preloads.json lists no route ${ROUTE_PATH}`);
const routeClosure = closure((route?.files ?? []).map((file) => file.replace(/^\/assets\//, '')));
const signedInChunks = chunksContaining((source) => SIGNED_IN_MODULES.some((prefix) => source.startsWith(prefix)));
const signedInClosure = closure(signedInChunks);

const rows = [];
const counted = new Set();
const addRows = (group, files) => {
  for (const file of files) {
    if (counted.has(file)) continue;
    counted.add(file);
    rows.push({ group, file, raw: readFileSync(path.join(assetsDir, file)).length, gzip: gzipSize(path.join(assetsDir, file)) });
  }
};
addRows('entry (index.html)', entryClosure);
addRows(`${ROUTE_PATH} route`, routeClosure);
const SOCKET_GROUP = isSocketDeferred ? 'after load, when idle (chat socket; not counted)' : 'signed-in (chat socket)';
addRows(SOCKET_GROUP, signedInClosure);
const countedRows = rows.filter((row) => row.group !== SOCKET_GROUP || !isSocketDeferred);
const totalGzip = countedRows.reduce((sum, row) => sum + row.gzip, 0);
const totalRaw = countedRows.reduce((sum, row) => sum + row.raw, 0);
const budgetBytes = BUDGET_KB * 1024;
if (totalGzip > budgetBytes) failures.push(`initial JS for ${ROUTE_PATH} is ${kb(totalGzip)} gzipped, over the ${BUDGET_KB} KB budget`);
// The server sends the build's brotli and gzip copies as they are (vite.config.ts precompressAssets).
for (const row of countedRows) {
  const missing = ['.br', '.gz'].filter((suffix) => row.raw >= 1024 && !existsSync(path.join(assetsDir, `${row.file}${suffix}`)));
  if (missing.length > 0) failures.push(`${row.file} has no ${missing.join(' or ')} copy beside it (the build's precompressAssets step)`);
}

// ---- 2. one lazy chunk per route page ----
const { SHOP_ROUTES } = await tsImport(ROUTES, import.meta.url);
const { DASHBOARD_ROUTES } = await tsImport(DASHBOARD_ROUTES_FILE, import.meta.url);
const PAGE_ROUTES = [...SHOP_ROUTES, ...DASHBOARD_ROUTES];
const pageModulePaths = [...new Set(PAGE_ROUTES.map((page) => page.module))];
if (pageModulePaths.length === 0) failures.push('found no page in src/app/routes.ts and dashboard-routes.ts');
const pageRows = [];
const pagesByChunk = new Map();
for (const modulePath of pageModulePaths) {
  const chunks = chunksContaining(isModule(modulePath));
  const problems = [];
  if (chunks.length !== 1) problems.push(`in ${chunks.length} chunks`);
  const initial = chunks.filter((file) => entryClosure.has(file));
  if (initial.length > 0) problems.push(`bundled into the initial chunk ${initial.join(', ')}`);
  for (const file of chunks) pagesByChunk.set(file, [...(pagesByChunk.get(file) ?? []), modulePath]);
  pageRows.push({ module: `src/${modulePath}`, chunks, problems });
}
for (const [file, modules] of pagesByChunk) {
  if (modules.length > 1) {
    for (const row of pageRows) if (modules.includes(row.module.slice(4))) row.problems.push(`shares ${file} with ${modules.length - 1} other page(s)`);
  }
}
for (const row of pageRows) if (row.problems.length > 0) failures.push(`${row.module}: ${row.problems.join('; ')}`);

// ---- 3. the public pages load no schema library ----
const PUBLIC_PAGE_PATHS = ['/', '/products', '/products/:productId', '/shop/:sellerId'];
const SCHEMA_LIBRARY = 'node_modules/zod/';
const publicPages = PAGE_ROUTES.filter((page) => PUBLIC_PAGE_PATHS.includes(page.path));
if (publicPages.length !== PUBLIC_PAGE_PATHS.length)
  failures.push(`found ${publicPages.length} of the ${PUBLIC_PAGE_PATHS.length} public pages in src/app/routes.ts`);
const publicRows = publicPages.map((page) => {
  const loaded = closure([...entryClosure, ...chunksContaining(isModule(page.module))]);
  const withSchemas = [...loaded].filter((file) => modulesByChunk.get(file)?.some((source) => source.startsWith(SCHEMA_LIBRARY)));
  if (withSchemas.length > 0)
    failures.push(`${page.path} (src/${page.module}) loads zod through ${withSchemas.join(', ')}: take what it needs from a zod-free module`);
  return { path: page.path, module: `src/${page.module}`, chunks: loaded.size, withSchemas };
});

// ---- report ----
if (flag('--json')) {
  console.log(
    JSON.stringify({ budgetKb: BUDGET_KB, totalGzip, totalRaw, isSocketDeferred, rows, pages: pageRows, publicPages: publicRows, failures }, null, 2),
  );
} else {
  console.log(`Initial JavaScript for ${ROUTE_PATH} (gzip -9), budget ${BUDGET_KB} KB\n`);
  const width = Math.max(...rows.map((row) => row.file.length), 10);
  console.log(`  ${'chunk'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(9)}  loaded by`);
  for (const row of countedRows) console.log(`  ${row.file.padEnd(width)}  ${kb(row.raw).padStart(9)}  ${kb(row.gzip).padStart(9)}  ${row.group}`);
  console.log(
    `  ${'total'.padEnd(width)}  ${kb(totalRaw).padStart(9)}  ${kb(totalGzip).padStart(9)}  ${totalGzip <= budgetBytes ? `OK (${budgetBytes - totalGzip} bytes to spare)` : `OVER BUDGET by ${totalGzip - budgetBytes} bytes`}`,
  );
  for (const row of rows.filter((row) => !countedRows.includes(row))) {
    console.log(`  ${row.file.padEnd(width)}  ${kb(row.raw).padStart(9)}  ${kb(row.gzip).padStart(9)}  ${row.group}`);
  }
  const byGroup = new Map();
  for (const row of countedRows) byGroup.set(row.group, (byGroup.get(row.group) ?? 0) + row.gzip);
  console.log(`  (${[...byGroup].map(([group, bytes]) => `${group}: ${kb(bytes)}`).join(', ')})`);
  const lazyOk = pageRows.filter((row) => row.problems.length === 0).length;
  console.log(`\nRoute pages as separate lazy chunks: ${lazyOk}/${pageRows.length} OK`);
  for (const row of pageRows) if (row.problems.length > 0) console.log(`  ✗ ${row.module}: ${row.problems.join('; ')}`);
  const lean = publicRows.filter((row) => row.withSchemas.length === 0).length;
  console.log(`Public pages without a schema library (zod): ${lean}/${publicRows.length} OK`);
  for (const row of publicRows) if (row.withSchemas.length > 0) console.log(`  ✗ ${row.path}: zod in ${row.withSchemas.join(', ')}`);
  if (failures.length > 0) {
    console.log(`\nFAIL (${failures.length}):`);
    for (const failure of failures) console.log(`  - ${failure}`);
  } else {
    console.log('\nPASS');
  }
}
process.exit(failures.length > 0 ? 1 : 0);
