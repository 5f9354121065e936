/**
 * Pages of the app rendered to HTML at build time (ADR 184): the guest editor,
 * `/guest/contract`, arrives as the HTML the app renders for a visitor whose browser holds no
 * trial agreement ("Agreement is not Loaded": a page of links), inside the app's own index.html.
 * Such a visitor gets the static pages' small script with it, not the app. A visitor whose browser
 * holds a trial agreement gets the app, which renders their agreement over the page (hidden until
 * then), so the first paint needs no script and a trial agreement is never shown as "not loaded".
 *
 * The build side (scripts/prerender.tsx) uses `takeOutAppScripts`, `fillAppPage`,
 * `getRouteAssets`, `getEntryScripts` and `prerenderedPageScript`; the app (main.tsx) uses `isPrerenderedPage` and
 * `whenRouterReady`.
 */

/** The attribute that marks the `<main>` of a page rendered at build time (the app's own has none). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * The class the page's script (`prerenderedPageScript`) puts on `<html>` when the browser holds a trial agreement: the page
 * rendered at build time shows "Agreement is not Loaded", which is then not true, so its `<main>`
 * stays hidden (app.css) until the app shows the agreement.
 */
export const STORED_AGREEMENT_CLASS = 'has-stored-agreement';

/** What `fillAppPage` puts into index.html. */
export interface AppPageParts {
  /** The document title (text, escaped here). */
  title: string;
  /** The markup of the app's root, as rendered at build time. */
  body: string;
  /** Elements added right after the title, before the style sheets (the page's script). */
  headStart: string[];
  /** Elements added at the end of `<head>` (the route's style sheets). */
  headEnd: string[];
}

/** Escapes text for an HTML element's content or a double-quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces the one occurrence of `search` in `text`; throws when there is none or more than one. */
function replaceOnce(text: string, search: string | RegExp, replacement: string, what: string): string {
  const count = typeof search === 'string' ? text.split(search).length - 1 : (text.match(new RegExp(search.source, 'g')) ?? []).length;
  if (count !== 1) throw new Error(`Expected one ${what}, found ${count}`);
  return text.replace(search, () => replacement);
}

/**
 * The built index.html with a page rendered at build time in its root: title replaced, `headStart`
 * added after it and `headEnd` at the end of `<head>`, `body` inside `<div id="root">` with
 * PRERENDERED_ATTRIBUTE on its `<main>`. The rest stays as it is.
 *
 * @throws Error when index.html or the body does not have the expected shape (one title, one empty
 *   root, one `<main>`)
 */
export function fillAppPage(indexHtml: string, { title, body, headStart, headEnd }: AppPageParts): string {
  const markedBody = markPrerenderedMain(body);
  const titleElement = `<title>${escapeHtml(title)}</title>${headStart.map((tag) => `\n    ${tag}`).join('')}`;
  let html = replaceOnce(indexHtml, /<title>[^<]*<\/title>/, titleElement, '<title> in index.html');
  html = replaceOnce(html, '</head>', `${headEnd.map((tag) => `  ${tag}\n  `).join('')}</head>`, '</head> in index.html');
  return replaceOnce(html, '<div id="root"></div>', `<div id="root">${markedBody}</div>`, 'empty root in index.html');
}

/**
 * Marks a page rendered at build time as such: PRERENDERED_ATTRIBUTE on its `<main>`, which tells
 * the app to render over it once its route's code is loaded (`isPrerenderedPage`).
 *
 * @param body the page's markup, with one `<main>`
 * @throws Error when the markup has no `<main>`
 */
export function markPrerenderedMain(body: string): string {
  return replaceOnce(body, /<main(?=[\s>])/, `<main ${PRERENDERED_ATTRIBUTE}=""`, '<main> in the rendered page');
}

/** A chunk of Vite's build manifest (dist/.vite/manifest.json), the fields read here. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  /** Files the chunk imports as addresses (`?url`), such as PDF.js's worker script. */
  assets?: string[];
}

/** The manifest's keys of `key`'s chunk and of every chunk it imports statically, itself first. */
function collectChunks(manifest: Record<string, ManifestChunk>, key: string, chunks = new Set<string>()): Set<string> {
  if (chunks.has(key)) return chunks;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  chunks.add(key);
  for (const imported of chunk.imports ?? []) collectChunks(manifest, imported, chunks);
  return chunks;
}

/**
 * What a lazily loaded route adds to the app's entry: its chunk and the chunks it imports
 * statically (for `<link rel="modulepreload">`, so they load beside the entry instead of after it)
 * and their style sheets, as absolute paths (`/assets/…`), leaving out what the entry loads already.
 *
 * @param manifest the build manifest
 * @param routeKey the route module's key (e.g. `src/app/routes/guest-contract-route.tsx`)
 * @param entryKey the entry's key (`index.html`)
 * @throws Error when either key is not in the manifest
 */
export function getRouteAssets(manifest: Record<string, ManifestChunk>, routeKey: string, entryKey: string): { scripts: string[]; styles: string[] } {
  const entry = collectChunks(manifest, entryKey);
  const entryStyles = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  const route = [...collectChunks(manifest, routeKey)].filter((key) => !entry.has(key));
  const scripts = route.map((key) => `/${manifest[key]!.file}`);
  const styles = [...new Set(route.flatMap((key) => manifest[key]?.css ?? []))].filter((file) => !entryStyles.has(file)).map((file) => `/${file}`);
  return { scripts, styles };
}

/** A script file among a chunk's assets (a worker's script), not a font or an image its styles name. */
const SCRIPT_ASSET = /\.m?js$/;

/**
 * The files a page prefetches once it is idle for the route it most often leads to
 * (lib/prefetch-after-load.ts, ADR 207): that route's scripts and style sheets as
 * `getRouteAssets` gives them, then, with `workerScripts`, the scripts its chunks name as assets
 * (PDF.js's worker script, imported with `?url`), as absolute paths, leaving out `loaded` (what the
 * page itself loads). The fonts and images the route's styles name are left to load when shown.
 *
 * @param manifest the build manifest
 * @param routeKey the key of the route module led to (e.g. `src/app/routes/pdf-view-route.tsx`)
 * @param entryKey the entry's key (`index.html`)
 * @param loaded absolute paths the page loads already (its own route's scripts and styles)
 * @param workerScripts whether to add the scripts named as assets (true for the PDF viewer, whose
 *   worker is its largest file; false for a route that only holds the worker's address)
 * @throws Error when either key is not in the manifest
 */
export function getRoutePrefetch(
  manifest: Record<string, ManifestChunk>,
  routeKey: string,
  entryKey: string,
  loaded: Iterable<string>,
  { workerScripts }: { workerScripts: boolean },
): string[] {
  const { scripts, styles } = getRouteAssets(manifest, routeKey, entryKey);
  const assets = workerScripts
    ? [...collectChunks(manifest, routeKey)].flatMap((key) => (manifest[key]?.assets ?? []).filter((file) => SCRIPT_ASSET.test(file)).map((file) => `/${file}`))
    : [];
  const skipped = new Set(loaded);
  return [...new Set([...scripts, ...styles, ...assets])].filter((file) => !skipped.has(file));
}

/** The app's entry script in the built index.html, and the chunks it preloads (Vite writes them so). */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The app's scripts as index.html loads them: the entry, and what it preloads. */
export interface AppScripts {
  entrySrc: string;
  preloads: string[];
}

/**
 * Takes the app's scripts out of the built index.html: a page rendered at build time loads them
 * with `prerenderedPageScript` instead.
 *
 * @returns the page without the entry's script element and the preload links, and their addresses
 * @throws Error when index.html has no entry script, or more than one
 */
export function takeOutAppScripts(indexHtml: string): { html: string } & AppScripts {
  const entrySrc = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (entrySrc === undefined) throw new Error('index.html has no entry script');
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const html = replaceOnce(indexHtml, ENTRY_SCRIPT, '', 'entry script in index.html').replace(MODULE_PRELOAD, '');
  return { html, entrySrc, preloads };
}

/**
 * An entry of the build as a page loads it: its script, and the chunks it imports (from the
 * manifest), for a page that loads it itself (the static pages' script, `static.html`).
 *
 * @throws Error when the entry or one of its imports is not in the manifest
 */
export function getEntryScripts(manifest: Record<string, ManifestChunk>, entryKey: string): AppScripts {
  const seen = new Set<string>();
  const collect = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  collect(entryKey);
  const [entry, ...imports] = [...seen].map((key) => `/${manifest[key]!.file}`);
  return { entrySrc: entry!, preloads: imports };
}

/**
 * The classic script of a page rendered at build time (a file: the CSP allows scripts from the
 * site, not inline ones), run from `<head>` before the page is painted. It loads one of two
 * scripts, each with its chunks preloaded at the same moment so they download side by side:
 *
 * - when `localStorage` holds something under `storageKey` (a trial agreement), the page as
 *   rendered is not what this visitor sees: it puts STORED_AGREEMENT_CLASS on `<html>` (the
 *   page's `<main>` stays hidden, app.css) and loads `app`, which shows the agreement;
 * - otherwise (storage that cannot be read counts as empty, as the app reads it) the page is what
 *   the visitor sees, and everything on it is a link but the phone menu: it loads `page` (the
 *   static pages' script, src/static-page.ts) once the document is parsed, not the app.
 */
export function prerenderedPageScript(storageKey: string, app: AppScripts, page: AppScripts): string {
  return `(function () {
  function add(attributes) {
    var element = document.createElement(attributes.src ? 'script' : 'link');
    for (var name in attributes) element[name] = attributes[name];
    element.crossOrigin = 'anonymous';
    document.head.appendChild(element);
  }
  function load(scripts) {
    scripts.preloads.forEach(function (href) {
      add({ rel: 'modulepreload', href: href });
    });
    add({ type: 'module', src: scripts.entrySrc });
  }
  var hasAgreement = false;
  try {
    hasAgreement = window.localStorage.getItem(${JSON.stringify(storageKey)}) !== null;
  } catch (e) {}
  if (hasAgreement) {
    document.documentElement.classList.add(${JSON.stringify(STORED_AGREEMENT_CLASS)});
    load(${JSON.stringify(app)});
  } else {
    document.addEventListener('DOMContentLoaded', function () {
      load(${JSON.stringify(page)});
    });
  }
})();
`;
}

/** True when `root` holds a page rendered at build time (see PRERENDERED_ATTRIBUTE). */
export function isPrerenderedPage(root: ParentNode): boolean {
  return root.querySelector(`main[${PRERENDERED_ATTRIBUTE}]`) !== null;
}

/** The part of React Router's data router `whenRouterReady` reads. */
export interface RouterReadiness {
  readonly state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/**
 * Resolves once the router has loaded the first route's lazy chunk (or failed to: the route's
 * error is then shown), so the app's first render is the page itself, never the loading spinner
 * that would flash over a page rendered at build time.
 */
export function whenRouterReady(router: RouterReadiness): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
