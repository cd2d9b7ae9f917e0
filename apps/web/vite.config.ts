import { readFileSync } from 'node:fs';
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
 * Few, full chunks (issue #8): gzipped one by one, the dozens of 0.1–1 KB chunks the bundler makes on
 * its own cost ≈ 5 KB more on the first visit of /products. The app's own first-load code (whatever
 * main.tsx reaches statically, `$initial`) goes in one `app` chunk; the shared components and helpers
 * the pages use in one `ui` chunk — without the toast list (it loads with the first toast) and the
 * components only the dashboards' forms and dialogs use.
 */
const NOT_IN_SHARED_UI = /[\\/]src[\\/]components[\\/](toast-list|modal|confirm-dialog|text-area-field|search-box|status-badge|postal-address)\.tsx$/;
const isSharedUi = (id: string) => /[\\/]src[\\/](components|lib)[\\/]/.test(id) && !NOT_IN_SHARED_UI.test(id);

const VENDOR = /node_modules[\\/](react|react-dom|scheduler|react-router|@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/;

export default defineConfig({
  // Resolve everything from this folder, whichever directory Vite is started from.
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), treeShakeReactRouter(), isolateRechartsState(), inlineEntryStylesheet()],
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
        // Libraries change far less often than our code: keep them in a few long-cached chunks.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: (id) => !id.endsWith(RECHARTS_COPY) && VENDOR.test(id), priority: 3 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'app', test: /[\\/]src[\\/]|node_modules[\\/]lucide-react[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'ui', test: isSharedUi, priority: 1 },
          ],
        },
      },
    },
  },
});
