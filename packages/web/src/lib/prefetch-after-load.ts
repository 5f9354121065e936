/**
 * The next step's files fetched into the browser's cache while the page is idle (docs/product.md
 * §D12, ADR 207). A page names them in `<meta name="prefetch-after-load">`, written by the build
 * for the trial's editor (scripts/prerender.tsx) and by the server for the pages in
 * `route-preloads.json` (server plugins/web-app.ts): on the dashboard the editor's code, in an
 * editor the PDF viewer's code and PDF.js's worker. Once the page has loaded and the browser is
 * idle, each file gets a `<link rel="prefetch">`: the browser fetches it at the lowest priority and
 * runs nothing, so the page's own start and its first input are not delayed, and the step the
 * player takes next (Edit Agreement, Make PDF) finds its code in the cache instead of on a phone's
 * network.
 */

/** The `name` of the meta element whose `content` lists the files, separated by spaces. */
export const PREFETCH_META_NAME = 'prefetch-after-load';

/** A file of the build: `/assets/` and a file name, nothing else (no other site, no path up). */
const BUILD_ASSET = /^\/assets\/[\w.-]+$/;

/**
 * How long to wait after the load before asking for idle time (milliseconds): the page's own first
 * requests (the session, the dashboard's lists) go out just after its scripts have run, and on a
 * phone's network the prefetch would share the line with them.
 */
export const PREFETCH_DELAY_MS = 1000;

/** How long to wait for the browser to be idle after that before fetching anyway (milliseconds). */
const IDLE_TIMEOUT_MS = 3000;

/**
 * The files the page's meta element names: only paths of the build's assets, each once, in order.
 *
 * @returns `[]` when the page has no such element
 */
export function readPrefetchFiles(doc: Pick<Document, 'querySelector'>): string[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${PREFETCH_META_NAME}"]`)?.content ?? '';
  return [...new Set(content.split(/\s+/).filter((file) => BUILD_ASSET.test(file)))];
}

/** Whether the visitor's browser asks to save data (Chromium's `navigator.connection.saveData`). */
function savesData(win: Window): boolean {
  const connection = (win.navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * Adds a `<link rel="prefetch">` for each file of `readPrefetchFiles` once the page has loaded
 * (its `load` event, or at once when it is over), `delayMs` more have passed and the browser is
 * idle (`requestIdleCallback`, at most IDLE_TIMEOUT_MS; a timer where the browser has none). Does
 * nothing when the browser asks to save data or the page names no file. A file that fails is left
 * to load when it is needed, as before. Throws nothing.
 *
 * @param win the page's window (the browser's own; a test passes jsdom's)
 * @param delayMs milliseconds between the load and asking for idle time (PREFETCH_DELAY_MS)
 */
export function prefetchAfterLoad(win: Window = window, { delayMs = PREFETCH_DELAY_MS }: { delayMs?: number } = {}): void {
  const files = readPrefetchFiles(win.document);
  if (files.length === 0 || savesData(win)) return;
  const addLinks = () => {
    for (const href of files) {
      const link = win.document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      // As the build's module scripts are fetched, so the cached copy is the one they use.
      link.crossOrigin = 'anonymous';
      win.document.head.appendChild(link);
    }
  };
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(addLinks, { timeout: IDLE_TIMEOUT_MS });
    else addLinks();
  };
  const afterDelay = () => win.setTimeout(whenIdle, delayMs);
  if (win.document.readyState === 'complete') afterDelay();
  else win.addEventListener('load', afterDelay, { once: true });
}
