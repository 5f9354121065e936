/**
 * Worker threads inherit the parent's Node flags except V8's heap sizes (worker-location.ts,
 * ADR 205): `npm start` runs the server with `--max-semi-space-size`, which `new Worker` refuses.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { workerModuleLocation } from './worker-location';

const START_FLAGS = ['--max-semi-space-size=16', '--enable-source-maps'];

/** Starts a worker that posts 'ready' with these flags, and says how it ended. */
function runWorker(execArgv: string[]): Promise<string> {
  return new Promise((resolve) => {
    try {
      const worker = new Worker("require('node:worker_threads').parentPort.postMessage('ready')", { eval: true, execArgv });
      worker.once('message', (message: string) => void worker.terminate().then(() => resolve(message)));
      worker.once('error', (error) => resolve(`error: ${error.message}`));
    } catch (error) {
      resolve(`refused: ${(error as Error).message}`);
    }
  });
}

describe('workerModuleLocation', () => {
  it('keeps the flags a worker takes and drops the heap sizes', () => {
    const location = workerModuleLocation('pdf-worker', 'file:///app/dist/server.js', [...START_FLAGS, '--max-old-space-size=512']);
    expect(location).toEqual({ filename: 'file:///app/dist/pdf-worker.js', execArgv: ['--enable-source-maps'] });
  });

  it('adds tsx for a TypeScript worker after dropping them', () => {
    const location = workerModuleLocation('pdf-worker', 'file:///app/src/pdf/pdf-pool.ts', START_FLAGS, () => '/app/node_modules/tsx/dist/loader.mjs');
    expect(location.execArgv).toEqual(['--enable-source-maps', '--import', 'file:///app/node_modules/tsx/dist/loader.mjs']);
  });

  it('gives flags that a real worker starts with, where the start flags themselves are refused', async () => {
    expect(await runWorker(START_FLAGS)).toMatch(/^refused: .*invalid execArgv/);
    expect(await runWorker(workerModuleLocation('pdf-worker', 'file:///app/dist/server.js', START_FLAGS).execArgv)).toBe('ready');
  });
});
