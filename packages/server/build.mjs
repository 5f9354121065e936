// Compiles the server for production (`npm run build -w @bpa/server`): src/server.ts and
// everything it imports from this package and from @bpa/domain become ES modules in dist/:
// dist/server.js (likewise dist/cli.js and the worker threads' dist/pdf-worker.js, dist/pglite-worker.js
// and dist/import-worker.js), plus chunks for the code they share and for what is loaded with
// import() (ADR 211), with source maps, so `npm start` runs plain Node on JavaScript and stack
// traces still name the TypeScript files (node --enable-source-maps). Packages from node_modules
// stay external: Node loads them as usual. Every file sits at the same depth as src/
// (packages/server/dist/), so paths found from import.meta.url in top-level modules (config.ts
// REPO_ROOT) are the same in both. Why a bundler and not tsc: docs/decisions/150-server-build.md.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = dirname(fileURLToPath(import.meta.url));
rmSync(join(packageDir, 'dist'), { recursive: true, force: true });

/** Bare imports stay external, except the workspace's own TypeScript packages (@bpa/*). */
const externalDependencies = {
  name: 'external-dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@bpa/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  absWorkingDir: packageDir,
  // Each worker thread is a bundle of its own, started from dist/, beside server.js
  // (worker-location.ts): the PDF pool's, the embedded database's and the import pool's.
  entryPoints: {
    server: 'src/server.ts',
    cli: 'src/cli.ts',
    'pdf-worker': 'src/pdf/pdf-worker.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
    'import-worker': 'src/file-import/import-worker.ts',
  },
  // Code the entries share, and what is loaded with import() (the in-process card renderer),
  // goes to chunks of its own, also directly in dist/ (see above), so that a module loaded on
  // first use brings its packages then, not at start (ADR 211).
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  plugins: [externalDependencies],
  logLevel: 'warning',
});
console.log('server built: packages/server/dist/server.js (and cli.js, pdf-worker.js, pglite-worker.js, import-worker.js), with source maps');
