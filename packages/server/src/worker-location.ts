/**
 * Finding a worker thread's module (the PDF pool, ADR 130; the embedded database's thread, ADR 182).
 * The module sits beside the code that starts it: `name.ts` when the server runs from TypeScript
 * (tsx, vitest), `name.js` in the production bundle, where every entry is a file of dist/ (build.mjs).
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The parent's Node flags a worker thread does not take: V8's heap sizes, which `new Worker`
 * refuses in `execArgv` ("invalid execArgv flags"). `npm start` gives the server
 * `--max-semi-space-size` (ADR 205); a worker's heap is sized by its own `resourceLimits`.
 */
const PROCESS_ONLY_FLAG = /^--(max-semi-space-size|max-old-space-size|max-young-generation-size)(=|$)/;

/**
 * Where a worker file is and how to start it.
 *
 * @param name the worker module's file name without extension, e.g. `pdf-worker`
 * @param moduleUrl the starting module's URL (`import.meta.url`): a `.ts` URL means TypeScript
 *   source, anything else compiled JavaScript
 * @param execArgv the parent's Node flags (`process.execArgv`), which workers inherit except
 *   V8's heap sizes (`PROCESS_ONLY_FLAG`, ADR 205), given as `--flag=value`
 * @param resolveTsx finds tsx's loader file (default: resolved from this package)
 * @returns the worker's file URL and its Node flags; for a `.ts` worker the flags import tsx
 *   unless the parent already does
 */
export function workerModuleLocation(
  name: string,
  moduleUrl: string,
  execArgv: readonly string[] = process.execArgv,
  resolveTsx: () => string = () => createRequire(import.meta.url).resolve('tsx'),
): { filename: string; execArgv: string[] } {
  const isTypeScript = /\.[cm]?ts$/.test(new URL(moduleUrl).pathname);
  const filename = new URL(isTypeScript ? `./${name}.ts` : `./${name}.js`, moduleUrl).href;
  const inherited = execArgv.filter((flag) => !PROCESS_ONLY_FLAG.test(flag));
  if (!isTypeScript) return { filename, execArgv: inherited };
  const importsTsx = inherited.some((flag) => /(^|[/\\@])tsx([/\\]|$)/.test(flag) || flag === 'tsx');
  return { filename, execArgv: importsTsx ? inherited : [...inherited, '--import', pathToFileURL(resolveTsx()).href] };
}

/**
 * What to give `new Worker(...)` for a worker module found by `workerModuleLocation`: the
 * compiled module itself, or for TypeScript the starter `typescript-worker.cjs` with the module's
 * path as its argument (Node 20 runs tsx's import hooks only on the main thread; see that file).
 *
 * @param filename the module's file URL
 * @returns the entry file path and the `argv` to pass to the worker
 */
export function workerThreadEntry(filename: string): { entry: string; argv: string[] } {
  const path = fileURLToPath(filename);
  if (!/\.[cm]?ts$/.test(path)) return { entry: path, argv: [] };
  return { entry: fileURLToPath(new URL('./typescript-worker.cjs', import.meta.url)), argv: [path] };
}
