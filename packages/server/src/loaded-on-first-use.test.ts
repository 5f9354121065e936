/**
 * The server's start loads only what every server needs (ADR 211): the packages
 * that draw PDFs and cards, send mail, write backups, or speak to the database engine and Redis
 * not in use are loaded by `import()` where they are first used, so an idle server does not hold
 * them. This test builds the server's entry as build.mjs does and walks its static imports (an
 * `import()` ends a path): a new static import of one of these packages fails it, and says by
 * which chain of modules it came in.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Packages the request thread must not load at start, each with where it is loaded instead. */
const LOADED_ON_FIRST_USE: Readonly<Record<string, string>> = {
  fontkit: 'the PDF and card workers (pdf/pdf-worker.ts)',
  '@cantoo/pdf-lib': 'the PDF and card workers, and the import workers',
  nodemailer: 'mail/mailer.ts, on the first message',
  tar: 'db/pglite-thread.ts, on the first backup',
  ioredis: 'shared-state.ts, only with REDIS_URL',
  pg: 'db/database.ts, only with DATABASE_URL',
  'drizzle-orm/node-postgres': 'db/database.ts, only with DATABASE_URL',
  'drizzle-orm/pglite': 'db/database.ts, only without DATABASE_URL',
  '@electric-sql/pglite': "the embedded database's thread (db/pglite-worker.ts)",
};

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Every module the entry loads before its first line runs, each with the module that imported it.
 * Bare imports other than the workspace's own stay external (as in build.mjs).
 */
async function staticImports(entry: string): Promise<Map<string, string | null>> {
  const result = await build({
    absWorkingDir: packageDir,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    splitting: true,
    outdir: 'unused',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'external-dependencies',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@bpa/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  const inputs = result.metafile.inputs;
  const importedBy = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const imported of inputs[file]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' || importedBy.has(imported.path)) continue;
      importedBy.set(imported.path, file);
      queue.push(imported.path);
    }
  }
  return importedBy;
}

function chain(importedBy: Map<string, string | null>, module: string): string {
  const path: string[] = [];
  for (let at: string | null | undefined = module; at; at = importedBy.get(at)) path.unshift(at);
  return path.join(' -> ');
}

describe("the server's start", () => {
  it('does not load the packages that are loaded on first use', async () => {
    const importedBy = await staticImports('src/server.ts');
    expect(importedBy.has('fastify'), 'the walk reaches the packages the server starts with').toBe(true);
    const loadedAtStart = Object.keys(LOADED_ON_FIRST_USE)
      .filter((name) => importedBy.has(name))
      .map((name) => `${name} (belongs in ${LOADED_ON_FIRST_USE[name]}): ${chain(importedBy, name)}`);
    expect(loadedAtStart).toEqual([]);
  }, 60_000);
});
