/**
 * Build of the web app (docs/product.md §D2: React + Vite). `npm run dev` proxies /api to the Fastify server
 * on :3000; `vite build` writes dist/, which the server serves in production.
 *
 * React's API is run by Preact (`preact/compat`; react-runtime.ts, docs/decisions/208-react-api-on-preact.md).
 *
 * Chunks: Preact, the router and Redux share one long-cached `vendor` chunk (PrimeReact is loaded
 * by the pages and overlays that use it, docs/decisions/203-native-controls.md), zod its own, and
 * the app's own modules that every page loads first one `app` chunk (ADR 212); every page is its
 * own lazy chunk (app/router.tsx), so the editor (Tiptap) and the PDF viewer (PDF.js and its
 * worker) load only on their routes and the landing chunk stays small.
 *
 * Every text file of the build is also written compressed beside itself (`.br` at brotli's best
 * level, `.gz`), so the server sends the smallest file the browser accepts without compressing on
 * each request (`plugins/web-app.ts`, `preCompressed`).
 */
import { type Plugin, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { REACT_TO_PREACT } from './react-runtime';

const API_TARGET = 'http://localhost:3000';
/**
 * The API refuses state-changing requests from another origin (docs/product.md §D8); in development the page
 * comes from Vite's origin, so the proxy presents the request as coming from the API's own.
 */
const apiProxy = {
  '/api': {
    target: API_TARGET,
    changeOrigin: false,
    configure: (proxy: {
      on(event: 'proxyReq', listener: (request: { getHeader(name: string): unknown; setHeader(name: string, value: string): void }) => void): void;
    }) => {
      proxy.on('proxyReq', (request) => {
        if (request.getHeader('origin') !== undefined) request.setHeader('origin', API_TARGET);
      });
    },
  },
};

/** Files worth compressing: text, not the fonts and images that are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/** Libraries of the app shell; only the modules the first page needs go to `vendor`. */
const SHELL_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|preact|scheduler|react-router|react-redux|@reduxjs|redux|redux-thunk|immer|reselect|use-sync-external-store|cookie|set-cookie-parser)[\\/]/;
/**
 * zod, which the store's slices use for the domain schemas: its own long-cached chunk, with
 * src/lib/zod-jitless.ts, so that zod is set jitless before any other chunk builds a schema
 * (zod probes eval when an object schema is made, which the CSP reports as a violation).
 */
const SCHEMA_LIBRARIES = /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/;

/**
 * The app's own modules (and the domain package's) that every page of the app loads before it
 * runs: one `app` chunk instead of a dozen files of 1-2 KB, each of which costs a phone a round
 * trip (docs/decisions/212-app-start-in-one-chunk.md). Not the two entries (main.tsx,
 * static-page.ts), nor the style sheets' modules.
 */
const APP_SOURCE = /[\\/]packages[\\/](web|domain)[\\/]src[\\/](?!main\.tsx$|static-page\.ts$|styles[\\/])/;
/**
 * The modules the pages rendered at build time share with the app (static-page.ts imports them):
 * kept out of the `app` chunk, or those pages would load it. `staticPagesStayLight` checks it.
 */
const STATIC_PAGE_SHARED = /[\\/](domain[\\/]src[\\/]paths|features[\\/]agreement[\\/]core[\\/]subscriber-agreement-memory)\.ts$/;
/** The chunks of the app's start-up, which the pages rendered at build time must not load. */
const APP_START_CHUNKS = new Set(['vendor', 'zod', 'app']);

/**
 * Fails the build when the script of the pages rendered at build time (the `static` entry) loads,
 * directly or through its imports, one of the app's start-up chunks: the landing page would then
 * download the app (docs/product.md §D12, under 100 KB; it is about 3 KB). The usual cause is a new
 * import in static-page.ts of a module that `STATIC_PAGE_SHARED` does not name.
 */
function staticPagesStayLight(): Plugin {
  return {
    name: 'bpa:static-pages-stay-light',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'static');
      if (!entry) return;
      const seen = new Set<string>();
      const queue = [...entry.imports];
      while (queue.length > 0) {
        const chunk = byFile.get(queue.pop()!);
        if (!chunk || seen.has(chunk.fileName)) continue;
        seen.add(chunk.fileName);
        if (APP_START_CHUNKS.has(chunk.name))
          this.error(
            `The pages rendered at build time would load the app's "${chunk.name}" chunk (${chunk.fileName}): add what static-page.ts imports to STATIC_PAGE_SHARED in vite.config.ts.`,
          );
        queue.push(...chunk.imports);
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    staticPagesStayLight(),
    compression({ include: COMPRESSIBLE, threshold: 1024, algorithms: ['brotliCompress', 'gzip'], deleteOriginalAssets: false }),
  ],
  resolve: { alias: REACT_TO_PREACT },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Read by bench/bundle-bench.ts to measure what each route downloads.
    manifest: true,
    sourcemap: true,
    // PDF.js is one large library that only the viewer chunk loads.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The app, and the template of the pages rendered at build time (scripts/prerender.tsx).
      input: { index: 'index.html', static: 'static.html' },
      output: {
        codeSplitting: {
          groups: [
            // Style sheets stay out of it: the pages rendered at build time share the styles, not the script.
            { name: 'vendor', test: (id: string) => SHELL_LIBRARIES.test(id) && !id.endsWith('.css'), tags: ['$initial'], priority: 10 },
            { name: 'zod', test: SCHEMA_LIBRARIES, tags: ['$initial'], priority: 9 },
            // Only the modules matched: with their dependencies, it would take in those the static pages share.
            {
              name: 'app',
              test: (id: string) => APP_SOURCE.test(id) && !STATIC_PAGE_SHARED.test(id) && !id.endsWith('.css'),
              tags: ['$initial'],
              includeDependenciesRecursively: false,
              priority: 8,
            },
          ],
        },
      },
    },
  },
});
