/**
 * Loading of lazily loaded route chunks with the spec's failure handling.
 *
 * docs/product.md §2 ("Other chunks load lazily; a chunk failing to load gives a load error, with a
 * 120000 ms timeout") and section 8 ("Chunk load failure: Loading chunk {id} failed, with failure
 * type and address; timeout 120 s"). A dynamic `import()` has no timeout of its own and fails with
 * browser-specific messages, so every route chunk goes through `loadChunk`, which turns any failure
 * into one `ChunkLoadError` that the route error page can show with a Reload button.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '@bpa/domain/constants';

/**
 * Why a chunk did not load: `timeout` (no answer within the limit), `missing` (the browser could
 * not fetch the file: offline, or a new deployment replaced it) or `error` (it was fetched but
 * failed while being evaluated).
 */
export type ChunkFailureType = 'timeout' | 'missing' | 'error';

/** Address shown when the browser's error does not name the file. */
export const UNKNOWN_CHUNK_ADDRESS = 'unknown address';

/**
 * A route chunk that failed to load (docs/product.md §8). `message` is
 * `Loading chunk {chunkId} failed.\n({type}: {request})`; the original error is in `cause`.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(
    readonly chunkId: string,
    readonly type: ChunkFailureType,
    readonly request: string,
    options?: { cause?: unknown },
  ) {
    super(`Loading chunk ${chunkId} failed.\n(${type}: ${request})`, options);
  }
}

/** True for a `ChunkLoadError`, also one that crossed a realm or lost its prototype. */
export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError');
}

// Chrome: "Failed to fetch dynamically imported module: URL"; Firefox: "error loading dynamically
// imported module: URL"; Safari: "Importing a module script failed."; Vite's preload helper:
// "Unable to preload CSS for /assets/x.css". Any of them means the file did not arrive.
const FETCH_FAILURE_PATTERN =
  /failed to fetch|error loading dynamically imported module|importing a module script failed|unable to preload|cannot find module|failed to load url/i;
const ADDRESS_PATTERN = /((?:https?:\/\/|\/)[^\s'"()]+)/;

/**
 * Classifies a failed dynamic import (see `ChunkFailureType`) and finds the file's address in the
 * browser's message when it names one.
 */
export function describeImportFailure(error: unknown): { type: ChunkFailureType; request: string } {
  const message = error instanceof Error ? error.message : String(error);
  const type: ChunkFailureType = FETCH_FAILURE_PATTERN.test(message) ? 'missing' : 'error';
  const address = ADDRESS_PATTERN.exec(message)?.[1]?.replace(/[.,:;]+$/, '');
  return { type, request: address ?? UNKNOWN_CHUNK_ADDRESS };
}

/**
 * Runs `importChunk` (a function doing `import('...')`) and returns its module, or rejects with a
 * `ChunkLoadError` when the import fails or does not settle within `timeoutMs`
 * (default CHUNK_LOAD_TIMEOUT_MS = 120000 ms, docs/product.md §2 and 9).
 *
 * @param chunkId name of the chunk, shown in the message (e.g. 'landing', 'pdf-viewer')
 * @throws ChunkLoadError with type 'timeout', 'missing' or 'error'
 */
export function loadChunk<TModule>(chunkId: string, importChunk: () => Promise<TModule>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<TModule> {
  return new Promise<TModule>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(chunkId, 'timeout', UNKNOWN_CHUNK_ADDRESS));
    }, timeoutMs);
    let imported: Promise<TModule>;
    try {
      imported = importChunk();
    } catch (error) {
      imported = Promise.reject(error);
    }
    imported.then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const { type, request } = describeImportFailure(error);
        reject(new ChunkLoadError(chunkId, type, request, { cause: error }));
      },
    );
  });
}
