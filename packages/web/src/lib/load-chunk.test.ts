import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@bpa/domain/constants';
import { ChunkLoadError, UNKNOWN_CHUNK_ADDRESS, describeImportFailure, isChunkLoadError, loadChunk } from './load-chunk';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('gives the module of a chunk that loads', async () => {
    const module = await loadChunk('format-money', () => import('./format-money'));
    expect(module.formatDollars(1500)).toBe('$15.00');
  });

  it('turns a real failed dynamic import into "Loading chunk {id} failed" with type and cause', async () => {
    const missingPath = './no-such-chunk-' + String(Date.now()) + '.js';
    const failure = await loadChunk('ghost', () => import(/* @vite-ignore */ missingPath)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    const chunkError = failure as ChunkLoadError;
    expect(chunkError.message).toMatch(/^Loading chunk ghost failed\.\n\((missing|error): .+\)$/);
    expect(chunkError.chunkId).toBe('ghost');
    expect(chunkError.cause).toBeInstanceOf(Error);
    expect(isChunkLoadError(chunkError)).toBe(true);
  });

  it('names the address and type "missing" for a browser fetch failure', async () => {
    const browserError = new TypeError('Failed to fetch dynamically imported module: http://localhost:4173/assets/trial-page-Ab12.js');
    const failure = await loadChunk('trial', () => Promise.reject(browserError)).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      name: 'ChunkLoadError',
      type: 'missing',
      request: 'http://localhost:4173/assets/trial-page-Ab12.js',
      message: 'Loading chunk trial failed.\n(missing: http://localhost:4173/assets/trial-page-Ab12.js)',
    });
  });

  it('catches an importer that throws synchronously', async () => {
    const failure = await loadChunk('broken', () => {
      throw new SyntaxError('Unexpected token');
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ type: 'error', request: UNKNOWN_CHUNK_ADDRESS });
  });

  it('times out after CHUNK_LOAD_TIMEOUT_MS (120 s) and not before', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    let outcome: unknown = 'pending';
    loadChunk('slow', () => new Promise<never>(() => undefined)).catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkLoadError);
    expect((outcome as ChunkLoadError).message).toBe(`Loading chunk slow failed.\n(timeout: ${UNKNOWN_CHUNK_ADDRESS})`);
  });
});

describe('describeImportFailure', () => {
  it.each([
    ['error loading dynamically imported module: https://example.org/assets/a.js', 'missing', 'https://example.org/assets/a.js'],
    ['Importing a module script failed.', 'missing', UNKNOWN_CHUNK_ADDRESS],
    ['Unable to preload CSS for /assets/editor-x1.css', 'missing', '/assets/editor-x1.css'],
    ['x is not a function', 'error', UNKNOWN_CHUNK_ADDRESS],
  ])('reads %j', (message, type, request) => {
    expect(describeImportFailure(new Error(message))).toEqual({ type, request });
  });
});
