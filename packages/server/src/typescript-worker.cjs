// Starts a worker thread whose module is TypeScript (the server run by tsx or vitest; compiled
// workers are started directly). Node 20 does not apply tsx's import hooks inside a worker, but
// tsx's require hook works there when the thread's entry is a file: so the module, given as the
// thread's first argument, is required (worker-location.ts, `workerThreadEntry`).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the point of this file: tsx hooks require in a worker
require(process.argv[2]);
