/**
 * Build of the web app (docs/product.md §D2: React + Vite). `npm run dev` proxies /api to the Fastify server
 * on :3000; `vite build` writes dist/, which the server serves in production.
 *
 * React's API is run by Preact (`preact/compat`; react-runtime.ts, docs/decisions/208-react-api-on-preact.md).
 *
 * Chunks: Preact, the router and Redux share one long-cached `vendor` chunk (PrimeReact is loaded
 * by the pages and overlays that use it, docs/decisions/203-native-controls.md); every page is its own lazy chunk (app/router.tsx), so the editor (Tiptap) and the
 * PDF viewer (PDF.js and its worker) load only on their routes and the landing chunk stays small.
 *
 * Every text file of the build is also written compressed beside itself (`.br` at brotli's best
 * level, `.gz`), so the server sends the smallest file the browser accepts without compressing on
 * each request (`plugins/web-app.ts`, `preCompressed`).
 */
import { defineConfig } from 'vite';
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

export default defineConfig({
  plugins: [react(), compression({ include: COMPRESSIBLE, threshold: 1024, algorithms: ['brotliCompress', 'gzip'], deleteOriginalAssets: false })],
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
          ],
        },
      },
    },
  },
});
