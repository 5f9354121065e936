// PDF.js ships no types for its worker code; import-worker.ts loads it only to hand it to PDF.js
// (`globalThis.pdfjsWorker`).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
