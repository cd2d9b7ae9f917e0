import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const API_ORIGIN = 'http://localhost:3000';

/**
 * react-router's build defines its components as `React.forwardRef(…)` calls followed by
 * `Component.displayName = …` statements; the bundler cannot prove either side-effect free, so the
 * unused ones (`<Form>`, `useSubmit` and what they pull in, ≈ 1.4 KB gzipped) stay in the bundle.
 * This marks those calls pure and drops the DevTools-only displayName lines, in react-router only.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'marketplace:tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        const next = code
          .replace(/^(var|const|let) (\w+) = (React\d*\.forwardRef)\(/gm, '$1 $2 = /* @__PURE__ */ $3(')
          .replace(/^\w+\.displayName = "[\w.]+";$/gm, '');
        return next === code ? null : { code: next, map: null };
      },
    },
  };
}

/**
 * recharts (the dashboards' charts) keeps its own Redux store, built with the same state libraries as
 * the app. Sharing one copy put every part of them that only recharts uses (listener middleware,
 * the use-sync-external-store shim, more of immer and reselect: ≈ 3 KB gzipped) into the vendor chunk
 * the shop's first page loads. Here recharts — and what it imports from those libraries — resolves
 * them to module copies of its own, which end up in the charts' lazy chunk.
 */
const RECHARTS_COPY = '?recharts-copy';
const STATE_LIBRARY = /^(@reduxjs\/toolkit|immer|reselect|react-redux|redux|redux-thunk|use-sync-external-store)(\/|$)/;
function isolateRechartsState(): Plugin {
  return {
    name: 'marketplace:isolate-recharts-state',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer || !STATE_LIBRARY.test(source)) return null;
      if (!importer.endsWith(RECHARTS_COPY) && !/node_modules[\\/]recharts[\\/]/.test(importer)) return null;
      const resolved = await this.resolve(source, importer.replace(RECHARTS_COPY, ''), { ...options, skipSelf: true });
      return resolved && !resolved.external ? { ...resolved, id: `${resolved.id}${RECHARTS_COPY}` } : resolved;
    },
    load(id) {
      return id.endsWith(RECHARTS_COPY) ? { code: readFileSync(id.slice(0, -RECHARTS_COPY.length), 'utf8'), moduleType: 'js' } : null;
    },
  };
}

/**
 * The stylesheet inlined into index.html (issue #8, Lighthouse on a phone): linked, it is one more
 * render-blocking request (a round trip on a slow network) before the first paint; inline it comes with
 * the page (≈ 12 KB gzipped; index.html is fetched once per visit, the app then navigates itself).
 * The file stays in the build for anything that links it.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'marketplace:inline-entry-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      page.source = String(page.source).replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)">/g, (tag, file: string) => {
        const stylesheet = bundle[file];
        return stylesheet && stylesheet.type === 'asset' ? `<style>${String(stylesheet.source)}</style>` : tag;
      });
    },
  };
}

/**
 * Brotli and gzip copies of the built scripts and stylesheets, made once at their smallest (issue #8):
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing every
 * answer again at the quick, larger settings a live response can afford. index.html is left to the
 * server, which encodes it once at start.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'marketplace:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const directory = options.dir ?? path.dirname(options.file ?? '');
      const files = Object.values(bundle).filter((file) => /\.(js|css|svg|json)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (source.length < 1024) return;
          const target = path.join(directory, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          writeFileSync(`${target}.br`, br);
          writeFileSync(`${target}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The chunks each page needs beyond the entry, for the server to name in index.html as modulepreload
 * hints (issue #8, Lighthouse on a phone): without them a page's chunks are only asked for once the
 * 120 KB vendor chunk has downloaded and run, one more round trip before the page can draw. Written to
 * dist/route-preloads.json as `{ routes: [{ path, files }] }`, paths in react-router's syntax.
 *
 * The routes are read from the text of src/app/router.tsx: the `page(() => import(…))` entries of the
 * seller, admin, buyer and product page lists and of the public layout. The build fails when that
 * reading finds no route or a route's module has no chunk, so a change of the router's shape is noticed.
 */
const ROUTER_FILE = path.join(import.meta.dirname, 'src/app/router.tsx');
const PAGE_LISTS: Record<string, { prefix: string; layout: string | null }> = {
  sellerPages: { prefix: '/seller/', layout: './layouts/seller-layout' },
  adminPages: { prefix: '/admin/', layout: './layouts/admin-layout' },
  buyerPages: { prefix: '/', layout: null },
  productPages: { prefix: '/', layout: null },
};
const PUBLIC_LAYOUT = './layouts/public-layout';

function readRoutes(source: string): Array<{ path: string; modules: string[] }> {
  const routes: Array<{ path: string; modules: string[] }> = [];
  const entry = /\{ (?:path: '([^']+)'|index: true), lazy: page\(\(\) => import\('([^']+)'\)/g;
  const listRanges: Array<[number, number]> = [];
  for (const list of source.matchAll(/const (\w+): RouteObject\[\] = \[([\s\S]*?)\n\];/g)) {
    const area = PAGE_LISTS[list[1]!];
    if (!area) continue;
    listRanges.push([list.index, list.index + list[0].length]);
    for (const [, routePath, module] of list[2]!.matchAll(entry)) {
      routes.push({ path: `${area.prefix}${routePath ?? ''}`, modules: [module!, ...(area.layout ? [area.layout] : [])] });
    }
  }
  // The public layout's own pages: after its import, before the seller area; not the catch-all.
  const publicStart = source.indexOf(`import('${PUBLIC_LAYOUT}')`);
  const publicEnd = source.indexOf("path: 'seller'", publicStart);
  if (publicStart >= 0 && publicEnd > publicStart) {
    for (const match of source.slice(publicStart, publicEnd).matchAll(entry)) {
      if (match[1] === '*') continue;
      routes.push({ path: `/${match[1] ?? ''}`, modules: [match[2]!, PUBLIC_LAYOUT] });
    }
  }
  if (routes.length === 0 || listRanges.length !== Object.keys(PAGE_LISTS).length) {
    throw new Error(`route-preloads: could not read the page lists of ${ROUTER_FILE}; update readRoutes in vite.config.ts`);
  }
  return routes;
}

function routePreloads(): Plugin {
  return {
    name: 'marketplace:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const withoutExtension = (file: string) => file.replace(/\.(tsx?|jsx?)$/, '');
      const chunkOfModule = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [withoutExtension(chunk.facadeModuleId!), chunk]));
      const closure = (files: string[], into = new Set<string>()) => {
        for (const file of files) {
          const chunk = bundle[file];
          if (into.has(file) || !chunk || chunk.type !== 'chunk') continue;
          into.add(file);
          closure(chunk.imports, into);
        }
        return into;
      };
      const loadedByThePage = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const routes = readRoutes(readFileSync(ROUTER_FILE, 'utf8')).map(({ path: routePath, modules }) => {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = chunkOfModule.get(path.resolve(path.dirname(ROUTER_FILE), module));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${module} (route ${routePath})`);
          closure([chunk.fileName], files);
        }
        return { path: routePath, files: [...files].filter((file) => !loadedByThePage.has(file)).map((file) => `/${file}`) };
      });
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify({ routes }, null, 2)}\n` });
    },
  };
}

/**
 * Few, full chunks (issue #8): gzipped one by one, the dozens of 0.1–1 KB chunks the bundler makes on
 * its own cost ≈ 5 KB more on the first visit of /products. The app's own first-load code (whatever
 * main.tsx reaches statically, `$initial`) goes in one `app` chunk; the shared components and helpers
 * the pages use in one `ui` chunk — without the toast list (it loads with the first toast) and the
 * components only the dashboards' tables, forms and dialogs use; and the other icons in one `icons` chunk.
 */
const NOT_IN_SHARED_UI = /[\\/]src[\\/]components[\\/](toast-list|modal|confirm-dialog|text-area-field|search-box|status-badge|postal-address|data-table)\.tsx$/;
const isSharedUi = (id: string) => /[\\/]src[\\/](components|lib)[\\/]/.test(id) && !NOT_IN_SHARED_UI.test(id);

const VENDOR = /node_modules[\\/](react|react-dom|scheduler|react-router|@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/;

export default defineConfig({
  // Resolve everything from this folder, whichever directory Vite is started from.
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), treeShakeReactRouter(), isolateRechartsState(), inlineEntryStylesheet(), routePreloads(), precompressAssets()],
  server: {
    // The API serves /api, uploaded images and the chat socket; in development Vite forwards them
    // so the browser sees one origin, as it does in production.
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/uploads': { target: API_ORIGIN, changeOrigin: true },
      '/socket.io': { target: API_ORIGIN, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the build targets but Safari 16 preloads modules itself; there it is only slower.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The icon chunks are named after every page that shares them: keep their file names short.
        chunkFileNames: (chunk) => (chunk.name.startsWith('icons~') ? 'assets/icons-[hash].js' : 'assets/[name]-[hash].js'),
        // Libraries change far less often than our code: keep them in a few long-cached chunks.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: (id) => !id.endsWith(RECHARTS_COPY) && VENDOR.test(id), priority: 3 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'app', test: /[\\/]src[\\/]|node_modules[\\/]lucide-react[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'ui', test: isSharedUi, priority: 1 },
            // The icons the first page does not draw: one chunk, not one request of ≈ 1 KB per icon
            // (a seller page asked for a dozen of them, each a round trip on a phone's network).
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1, entriesAware: true, entriesAwareMergeThreshold: 12000 },
          ],
        },
      },
    },
  },
});
