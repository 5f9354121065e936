/**
 * Loading the PDF.js viewer before it is shown (docs/product.md §D12: Make PDF on a phone until the
 * first page is drawn). Right after Make PDF the browser waits for the server's answer; the viewer
 * then needed its own code and PDF.js's worker script (about 100 and 230 KB compressed), which on a
 * phone's network took longer than the PDF itself. Started at the tap, they arrive meanwhile.
 */
// The worker is served from our own origin: the CSP allows no third-party script (docs/product.md §D8).
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export { pdfWorkerUrl };

let isStarted = false;

/**
 * Starts loading a viewer route's code (which holds the PDF.js viewer) and fetching PDF.js's
 * worker script into the browser's cache, where the worker started by PDF.js finds it (the assets
 * are served immutable, plugins/web-app.ts). Nothing is shown; a failure is forgotten, and the
 * viewer then loads what it needs as before. The worker script is fetched once a page load.
 *
 * @param importRoute the viewer route's `import()`, the one the router's lazy route uses
 */
export function preloadPdfViewer(importRoute: () => Promise<unknown>): void {
  importRoute().catch(() => undefined);
  if (isStarted) return;
  isStarted = true;
  fetch(pdfWorkerUrl)
    .then((response) => response.arrayBuffer())
    .catch(() => {
      isStarted = false;
    });
}
