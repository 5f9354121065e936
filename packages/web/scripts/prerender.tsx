/**
 * Renders the first pages a visitor sees to HTML at build time (docs/product.md §D12, ADR 184: the first paint needs no
 * script). Run after `vite build` (npm run build); the server sends these files for their paths
 * (server plugins/web-app.ts). Each page is written with its `.br` and `.gz` copies.
 *
 * - `/` (landing.html) and `/trial` (trial.html): each in the page frame with the visitors'
 *   navigation, from the same React components the app renders on those routes, in the build's
 *   `static.html` (the template with the style sheets and `src/static-page.ts`, removed after).
 *   The app is not loaded there.
 * - `/guest/contract` (guest-contract.html, ADR 184): the app's own route table rendered for a
 *   visitor whose browser holds no trial agreement, in the app's index.html with the route's
 *   style sheets linked (the route's, and PrimeReact's run-time ones, scripts/injected-styles.ts).
 *   A small script of the page loads `src/static-page.ts` for such a visitor (the page is links
 *   and the phone menu), and for a visitor whose browser holds a trial agreement hides the page's
 *   `<main>` and loads the app with the route's chunks, which renders the agreement over it
 *   (main.tsx, src/lib/prerendered-app-page.ts). The page names the PDF viewer's files, which the
 *   app prefetches once idle (ADR 207).
 *
 * It also writes `route-preloads.json`: the chunks of the pages loaded cold most often, the files
 * of the route each leads to, for the server to name in index.html (ROUTE_PRELOADS), and for the
 * signed-in ones their first view (ADR 209).
 *
 * The app's modules import style sheets, which Node cannot load: run with the hooks of
 * scripts/ignore-css.mjs.
 *
 * Usage: tsx --import ./scripts/ignore-css.mjs scripts/prerender.tsx [dist folder, default ./dist]
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter, StaticRouterProvider, createMemoryRouter, createStaticHandler, createStaticRouter } from 'react-router';
import { PATHS } from '@bpa/domain/paths';
import { getLogoLink, getNavLinks } from '../src/app/nav-links';
import { PageFrame } from '../src/app/page-frame';
import { App } from '../src/app/app';
import { routes } from '../src/app/router';
import { makeStore } from '../src/app/store';
import { TopNav } from '../src/app/top-nav';
import { ToastProvider } from '../src/components/ui/toast-provider';
import { GUEST_AGREEMENT_STORAGE_KEY } from '../src/features/agreement/core/guest-persistence';
import { EDITOR_PAGE_TITLE } from '../src/features/agreement/editor/agreement-editor-page';
import LandingPage from '../src/features/landing/landing-page';
import TrialPage, { TRIAL_PAGE_TITLE } from '../src/features/trial/trial-page';
import {
  type ManifestChunk,
  fillAppPage,
  getEntryScripts,
  escapeHtml,
  getRouteAssets,
  getRoutePrefetch,
  markPrerenderedMain,
  prerenderedPageScript,
  takeOutAppScripts,
  whenRouterReady,
} from '../src/lib/prerendered-app-page';
import { PREFETCH_META_NAME } from '../src/lib/prefetch-after-load';
import { toDocumentTitle } from '../src/lib/use-document-title';
import { collectInjectedStyles } from './injected-styles';

/** The template's file name in the build, and its two markers. */
const TEMPLATE = 'static.html';
const TITLE_MARKER = '<!--page-title-->';
const HTML_MARKER = '<!--page-html-->';

/** The pages rendered at build time; the server's list (PRERENDERED_PAGES) must name the same files. */
const PAGES: Array<{ path: string; file: string; title: string; Page: ComponentType }> = [
  { path: PATHS.landing, file: 'landing.html', title: toDocumentTitle(), Page: LandingPage },
  { path: PATHS.trial, file: 'trial.html', title: toDocumentTitle(TRIAL_PAGE_TITLE), Page: TrialPage },
];

/**
 * The app's pages rendered at build time: path, file, title, the route module whose chunks the
 * page's script preloads with the app (its key in the build manifest), and the route the page leads
 * to most often, whose files the app prefetches once the page is idle (ADR 207: the trial editor's
 * Make PDF opens the viewer). The page's script decides by the guest's trial agreement
 * (GUEST_AGREEMENT_STORAGE_KEY), so this list is for the guest's pages. The server's list must name
 * the same files.
 */
const APP_PAGES: Array<{ path: string; file: string; title: string; routeKey: string; nextRouteKey: string }> = [
  {
    path: PATHS.guestContract,
    file: 'guest-contract.html',
    title: toDocumentTitle(EDITOR_PAGE_TITLE),
    routeKey: 'src/app/routes/guest-contract-route.tsx',
    nextRouteKey: 'src/app/routes/pdf-view-route.tsx',
  },
];

/** The meta element naming the files a page prefetches once idle (lib/prefetch-after-load.ts), or none. */
function prefetchMeta(files: string[]): string[] {
  return files.length === 0 ? [] : [`<meta name="${PREFETCH_META_NAME}" content="${escapeHtml(files.join(' '))}">`];
}

/** Escapes text for an HTML element's content (the title). */
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const dist = resolve(process.argv[2] ?? 'dist');

/** Writes a page with its compressed copies and says so. */
function writePage(path: string, file: string, html: string) {
  writeFileSync(join(dist, file), html);
  writeFileSync(join(dist, `${file}.gz`), gzipSync(html, { level: 9 }));
  writeFileSync(join(dist, `${file}.br`), brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  console.log(`prerendered ${path} -> ${file} (${(html.length / 1024).toFixed(1)} KB)`);
}

const template = readFileSync(join(dist, TEMPLATE), 'utf8');
if (!template.includes(TITLE_MARKER) || !template.includes(HTML_MARKER)) throw new Error(`${TEMPLATE} has lost its markers`);

for (const { path, file, title, Page } of PAGES) {
  const visitor = { isLoggedIn: false };
  const body = renderToStaticMarkup(
    <StaticRouter location={path}>
      <PageFrame header={<TopNav links={getNavLinks(visitor, path)} logoTo={getLogoLink(visitor)} />}>
        <Page />
      </PageFrame>
    </StaticRouter>,
  );
  writePage(path, file, template.replace(TITLE_MARKER, escapeText(title)).replace(HTML_MARKER, body));
}
for (const name of [TEMPLATE, `${TEMPLATE}.gz`, `${TEMPLATE}.br`]) rmSync(join(dist, name), { force: true });

/** Writes an asset named by its content, as the build names its own, with its compressed copies; returns its path in dist. */
function writeAsset(name: string, extension: string, text: string): string {
  const file = `assets/${name}-${createHash('sha256').update(text).digest('hex').slice(0, 8)}.${extension}`;
  writeFileSync(join(dist, file), text);
  writeFileSync(join(dist, `${file}.gz`), gzipSync(text, { level: 9 }));
  writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  return file;
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
// The app's scripts are loaded by the page's own script (prerenderedPageScript).
const { html: indexHtml, entrySrc, preloads } = takeOutAppScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
const staticScripts = getEntryScripts(manifest, TEMPLATE);

/**
 * The app's route table rendered at `path` as the app first draws it: a store with nothing in it
 * (no session yet, no agreement; storage null: nothing is read).
 *
 * @throws Error when the path answers a redirect or its route fails
 */
async function renderAppRoute(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  if (context.errors) throw new Error(`${path} failed to render: ${String(Object.values(context.errors)[0])}`);
  return renderToStaticMarkup(
    <Provider store={makeStore({ storage: null })}>
      <ToastProvider>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </ToastProvider>
    </Provider>,
  );
}

for (const { path, file, title, routeKey, nextRouteKey } of APP_PAGES) {
  const body = await renderAppRoute(path);
  // PrimeReact's run-time style sheets, if the page mounts any of its components, as a file linked last (where PrimeReact adds them), from the app itself.
  const injectedCss = await collectInjectedStyles(`http://localhost${path}`, async () => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    await whenRouterReady(router);
    return <App store={makeStore({ storage: null })} router={router} />;
  });
  const injectedCssFiles = injectedCss === '' ? [] : [`/${writeAsset('primereact-styles', 'css', injectedCss)}`];
  const { scripts, styles } = getRouteAssets(manifest, routeKey, 'index.html');
  const appScripts = { entrySrc, preloads: [...preloads, ...scripts] };
  const pageScriptFile = writeAsset('prerendered-page', 'js', prerenderedPageScript(GUEST_AGREEMENT_STORAGE_KEY, appScripts, staticScripts));
  const headStart = [`<script src="/${pageScriptFile}"></script>`];
  const prefetch = getRoutePrefetch(manifest, nextRouteKey, 'index.html', [...scripts, ...styles], { workerScripts: true });
  const headEnd = [...[...styles, ...injectedCssFiles].map((href) => `<link rel="stylesheet" crossorigin href="${href}">`), ...prefetchMeta(prefetch)];
  writePage(path, file, fillAppPage(indexHtml, { title, body, headStart, headEnd }));
}

/**
 * The pages loaded cold most often, signed in or from a link (docs/product.md §D12): the route
 * module of each, whose chunks the server names in index.html's head for a first visit to that
 * path (plugins/web-app.ts, `route-preloads.json`), so that the browser fetches them beside the
 * app's entry instead of after it has run. A path matches when it equals `path` or continues it
 * with `/` or `?`. `next` is the route the page leads to most often: the server names its files for
 * the app to prefetch once the page is idle (ADR 207): the dashboard's Edit Agreement opens the
 * editor (its code, not PDF.js's worker, whose address it holds), the editor's Make PDF the viewer
 * (with the worker).
 */
const ROUTE_PRELOADS: Array<{ path: string; routeKey: string; next?: { routeKey: string; workerScripts: boolean }; isSignedIn?: true }> = [
  {
    path: PATHS.myHome,
    routeKey: 'src/app/routes/my-home-route.tsx',
    next: { routeKey: 'src/app/routes/my-contract-route.tsx', workerScripts: false },
    isSignedIn: true,
  },
  {
    path: PATHS.myContract,
    routeKey: 'src/app/routes/my-contract-route.tsx',
    next: { routeKey: 'src/app/routes/my-pdf-view-route.tsx', workerScripts: true },
    isSignedIn: true,
  },
  { path: PATHS.myCompare, routeKey: 'src/features/agreement/compare/compare-page.tsx', isSignedIn: true },
  { path: PATHS.myQuestionnaires, routeKey: 'src/features/agreement/questionnaire/questionnaire-page.tsx', isSignedIn: true },
  { path: PATHS.myPractice, routeKey: 'src/features/agreement/practice/practice-page.tsx', isSignedIn: true },
  // No first view: its route module loads PDF.js, which does not run in Node; the viewer is opened from the editor, not cold.
  { path: PATHS.myPdfView, routeKey: 'src/app/routes/my-pdf-view-route.tsx' },
  { path: '/shared', routeKey: 'src/features/agreement/sharing/shared-link-page.tsx' },
  { path: PATHS.login, routeKey: 'src/features/account/login-page.tsx' },
];
/*
 * A signed-in page also gets its first view (ADR 209): the app's frame with the spinner of the
 * session look-up, as the app first draws it there, which the server puts into index.html's root
 * for a browser with a session cookie, so the page shows before its scripts have run.
 */
const routePreloads = [];
for (const { path, routeKey, next, isSignedIn } of ROUTE_PRELOADS) {
  const { scripts, styles } = getRouteAssets(manifest, routeKey, 'index.html');
  const prefetch =
    next === undefined ? [] : getRoutePrefetch(manifest, next.routeKey, 'index.html', [...scripts, ...styles], { workerScripts: next.workerScripts });
  const shell = isSignedIn === true ? { shell: markPrerenderedMain(await renderAppRoute(path)) } : {};
  routePreloads.push({ path, scripts, styles, prefetch, ...shell });
}
writeFileSync(join(dist, 'route-preloads.json'), `${JSON.stringify(routePreloads, null, 2)}\n`);
console.log(`route preloads for ${routePreloads.map(({ path }) => path).join(', ')} -> route-preloads.json`);
