import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { DASHBOARD_ROUTES } from './src/app/dashboard-routes';
import { DASHBOARD_AREAS, LAZY_LAYOUTS, SHOP_ROUTES } from './src/app/routes';

// The build's own steps, decision 0008 (how the server sends the page) and decision 0012 (the
// first-load budget). No step changes a library's code or how a module resolves.

const API_ORIGIN = 'http://localhost:3000';
const SOURCE = path.join(import.meta.dirname, 'src');

/** Inlines the stylesheet into index.html: one render-blocking request less before the first paint. */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'marketplace:inline-entry-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return;
      page.source = String(page.source).replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)">/g, (tag, file: string) => {
        const stylesheet = bundle[file];
        return stylesheet?.type === 'asset' ? `<style>${String(stylesheet.source)}</style>` : tag;
      });
    },
  };
}

/** Writes `.br` and `.gz` copies of scripts, stylesheets and JSON at the highest levels; the server sends them as they are. */
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

/** Every page of the route manifest: the shop's (src/app/routes.ts) and the dashboards' (dashboard-routes.ts). */
const PAGE_ROUTES = [...SHOP_ROUTES, ...DASHBOARD_ROUTES];

/**
 * Writes dist/route-preloads.json, `{ routes: [{ path, files }] }`: for each page of the route manifest,
 * the chunks of its module, of its area's lazy layout and, for a dashboard page, of the dashboards' route
 * table, that index.html does not load already; and each dashboard's index (`/seller`, which sends to
 * /login), with the dashboards' route table. The server names them in the page as modulepreload hints,
 * and answers 404 for a path none of them matches (apps/api/src/plugins/index-page.ts). A page module
 * without a chunk fails the build.
 */
function routePreloads(): Plugin {
  return {
    name: 'marketplace:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const withImports = (files: string[], into = new Set<string>()) => {
        for (const file of files) {
          const chunk = bundle[file];
          if (into.has(file) || chunk?.type !== 'chunk') continue;
          into.add(file);
          withImports(chunk.imports, into);
        }
        return into;
      };
      const chunkOf = (module: string) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === path.join(SOURCE, `${module}.tsx`));
        if (!chunk) throw new Error(`route-preloads: no chunk for src/${module}.tsx`);
        return chunk.fileName;
      };
      // The page's script and the steps of the app's start it imports (src/main.tsx: the app, React's DOM).
      const pageScript = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
      if (!pageScript) throw new Error('route-preloads: no chunk for index.html');
      const loadedByIndexHtml = withImports([pageScript.fileName, ...pageScript.dynamicImports]);
      // A dashboard's routes are themselves downloaded on the first visit (src/app/dashboard-router.tsx).
      const dashboardRouter = chunkOf('app/dashboard-router');
      const notLoaded = (files: Set<string>) => [...files].filter((file) => !loadedByIndexHtml.has(file)).map((file) => `/${file}`);
      const pages = PAGE_ROUTES.filter((page) => page.path !== '/*').map((page) => {
        const layout = LAZY_LAYOUTS[page.area];
        const isDashboard = DASHBOARD_ROUTES.includes(page);
        const files = withImports([chunkOf(page.module), ...(layout ? [chunkOf(layout.module)] : []), ...(isDashboard ? [dashboardRouter] : [])]);
        return { path: page.path, files: notLoaded(files) };
      });
      const dashboardIndexes = DASHBOARD_AREAS.map((area) => ({ path: `/${area}`, files: notLoaded(withImports([dashboardRouter])) }));
      const routes = [...pages, ...dashboardIndexes];
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify({ routes }, null, 2)}\n` });
    },
  };
}

/**
 * The server's render of the public pages (decision 0025), `vite build --ssr`: one self-contained module,
 * every library bundled in, so the API's production install (its own dependencies only) can load it.
 */
const serverRenderBuild: UserConfig = {
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  ssr: { noExternal: true, target: 'node' },
  publicDir: false,
  build: {
    ssr: 'src/ssr/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: false } },
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverRenderBuild
    : {
        // Resolve everything from this folder, whichever directory Vite is started from.
        root: import.meta.dirname,
        plugins: [react(), tailwindcss(), inlineEntryStylesheet(), routePreloads(), precompressAssets()],
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
          // scripts/check-bundle.mjs finds the modules inside each chunk through the source maps. They are
          // written beside the chunks but not named in them: a `//# sourceMappingURL=` line in every chunk
          // is ≈ 40 bytes gzipped that no visitor needs (≈ 0.8 KB over the first load's 20-odd chunks);
          // a developer opens a map in DevTools by hand, or debugs with `npm run dev` (decision 0012).
          sourcemap: 'hidden',
          // No table of every lazy chunk's imports in the first load (≈ 3 KB gzipped): a first visit gets its
          // page's chunks from the server's preload hints; a later visit fetches a page's imports once the
          // page's chunk has arrived.
          modulePreload: false,
          rolldownOptions: {
            // The page's script (src/main.tsx) is a small start that loads the app once the first photos are
            // shown; the app (its store, router and React's DOM, src/app/start/app.ts) is an entry of its own, so
            // that its libraries and code form the two chunks below rather than many small ones shared with the
            // pages (decision 0041). The page's script, its stylesheet and Vite's preload helper (which the
            // script needs to load the app) stay out of `app`: else the script would import `app` statically.
            // `react-dom` (React and its DOM) and `router-library` are chunks of their own, and `libraries` only
            // imports the start's libraries: the page's script evaluates each in a task of its own before the
            // app's own modules (decision 0048).
            input: {
              index: path.join(import.meta.dirname, 'index.html'),
              'react-dom': path.join(SOURCE, 'app/start/react-dom.ts'),
              'router-library': path.join(SOURCE, 'app/start/router-library.ts'),
              libraries: path.join(SOURCE, 'app/start/libraries.ts'),
              app: path.join(SOURCE, 'app/start/app.ts'),
            },
            output: {
              // What the first page needs in two chunks rather than many small ones: the libraries, which
              // change seldom and stay cached, and our own code. Lazy code is split by the bundler.
              codeSplitting: {
                groups: [
                  // The preload helper inside the page's script, not a chunk of its own that the script imports:
                  // that was a second request chained behind the script before the first paint.
                  { name: 'index', test: /main\.tsx$|preload-helper/, priority: 4 },
                  // React and its DOM, then the router: the start evaluates each in a task of its own (main.tsx).
                  { name: 'react', test: /start[\\/]react-dom\.ts$|[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                  { name: 'router', test: /start[\\/]router-library\.ts$|[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 3 },
                  { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
                  {
                    name: 'app',
                    test: (id) => !/index\.(html|css)|main\.tsx$|libraries\.ts$|start[\\/](react-dom|router-library)\.ts$|preload-helper/.test(id),
                    tags: ['$initial'],
                    includeDependenciesRecursively: false,
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      },
);
