/**
 * Serving the built web app (docs/product.md §D3: the server serves the built SPA in production). Files come
 * from WEB_DIST_DIR; a page request for any other path gets index.html so that client-side routes
 * (/guest/home, /my/contract…) load on refresh. Hashed files under /assets never change and are
 * cached for a year; index.html is revalidated on every load so a new build is picked up.
 * The build writes `.br` and `.gz` copies of its text files (packages/web/vite.config.ts); the
 * smallest one the browser accepts is sent as it is, with `Content-Encoding` and `Vary`.
 *
 * index.html is read for every page load and its CSP_NONCE_PLACEHOLDER replaced by the response's
 * style nonce (helmet's `reply.cspNonce`), which the web app gives PrimeReact for the style
 * elements it injects: the CSP needs no 'unsafe-inline' for styles (ADR 133). It is compressed
 * per response like the API's answers (app.ts), its precompressed copies are not used.
 *
 * `/` and `/trial` are also rendered to HTML at build time (packages/web/scripts/prerender.tsx:
 * landing.html, trial.html, with a 2 KB script instead of the app; ADR 184), and so is
 * `/guest/contract` (guest-contract.html: the app's index.html with the guest editor's first view
 * in it, which the app then takes over; ADR 184). Those files are sent for their paths, with the
 * nonce put in like index.html's, except `/trial` and `/guest/contract` to a browser with a session
 * cookie, which gets the app so a signed-in user sees their own navigation. `/` signs out on load
 * anyway, so everyone gets its prerendered page.
 *
 * A browser with a session cookie gets the app's first call, who is signed in, asked for in
 * index.html's head (SESSION_PRELOAD_LINK), so its answer comes with the scripts; a read-only
 * link's page, the agreement behind the link (`sharedLinkPreloadLink`).
 *
 * For the pages loaded cold most often signed in or from a link (the dashboard, the editor,
 * Compare, the read-only link page, …), index.html names the route's chunks in its head
 * (`route-preloads.json` of the build, `routePreloadLinks`), so the browser fetches them with the
 * app's entry rather than after it ran, and names the files of the route the page leads to most
 * often, which the app prefetches once the page is idle (ADR 207). For a signed-in page and a
 * browser with a session cookie, index.html's root also holds the page's first view (its frame and
 * the session look-up's spinner, `routeShell`, ADR 209), so something shows before the scripts run.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendApiNotFound } from './error-handler';

const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE_CACHE = 'no-cache';

/** Shown instead of the web app when WEB_DIST_DIR has no build. */
export const WEB_APP_NOT_BUILT_MESSAGE =
  'The web app is not built yet. Run `npm run build` (or `npm start`, which builds and serves), then restart the server. The API is available under /api (documentation: /api/docs).';

/** Stands in index.html (meta `csp-nonce`) for the response's style nonce. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** The pages rendered at build time, by path, and whether a signed-in browser gets the app instead. */
const PRERENDERED_PAGES: ReadonlyMap<string, { file: string; isForVisitorsOnly: boolean }> = new Map([
  ['/', { file: 'landing.html', isForVisitorsOnly: false }],
  ['/trial', { file: 'trial.html', isForVisitorsOnly: true }],
  ['/guest/contract', { file: 'guest-contract.html', isForVisitorsOnly: true }],
]);
/** Pages whose path holds a token (paths.ts `TokenRoute`): `/shared/{token}`, `/reset-password/{token}`, … */
const TOKEN_PAGE = /^\/(?:shared|reset-password|accept-invite|login|unsubscribe)\/[^/?#]+/;

/** HTML files that are only sent with a nonce (sendHtml), never as plain files. */
const HTML_PAGES = new Set(['/index.html', ...[...PRERENDERED_PAGES.values()].map(({ file }) => `/${file}`)]);

/**
 * The meta element whose content the web app prefetches once the page is idle (web
 * src/lib/prefetch-after-load.ts, which reads the same name; ADR 207).
 */
export const PREFETCH_META_NAME = 'prefetch-after-load';

/**
 * `route-preloads.json` of the build (web scripts/prerender.tsx): for the pages loaded cold most
 * often, the route's script chunks and style sheets, by path, and the files of the route the page
 * leads to most often, to prefetch once the page is idle (none in a build older than ADR 207).
 */
const RoutePreloadsSchema = z.array(
  z.object({
    path: z.string().regex(/^\/[\w/-]*$/),
    scripts: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
    styles: z.array(z.string().regex(/^\/assets\/[\w.-]+\.css$/)),
    prefetch: z.array(z.string().regex(/^\/assets\/[\w.-]+\.(?:js|mjs|css)$/)).default([]),
    /** A signed-in page's first view, rendered by the build (ADR 209): markup for index.html's root. */
    shell: z
      .string()
      .regex(/<main data-prerendered=""/)
      .optional(),
  }),
);
export type RoutePreloads = z.infer<typeof RoutePreloadsSchema>;

/**
 * The elements index.html gets in its head for a page load of `url`: the route's chunks as
 * `modulepreload` and its style sheets, so that the browser fetches them beside the app's entry
 * (docs/product.md §D12), and the meta element naming the next route's files, which the app
 * prefetches once the page is idle (ADR 207). A path matches an entry equal to it or continued by
 * `/`. The paths are the build's, checked by RoutePreloadsSchema (`/assets/` and a file name), so
 * they need no escaping.
 *
 * @param url the request's URL (path and query)
 * @returns HTML text to put before `</head>`, '' when no entry matches
 */
export function routePreloadLinks(preloads: RoutePreloads, url: string): string {
  const entry = findRoutePreload(preloads, url);
  if (!entry) return '';
  return [
    ...entry.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...entry.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...(entry.prefetch.length === 0 ? [] : [`<meta name="${PREFETCH_META_NAME}" content="${entry.prefetch.join(' ')}">`]),
  ].join('');
}

/** The entry of `route-preloads.json` for a page load of `url` (path equal, or continued by `/`), if any. */
function findRoutePreload(preloads: RoutePreloads, url: string): RoutePreloads[number] | undefined {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return preloads.find((candidate) => path === candidate.path || path.startsWith(`${candidate.path}/`));
}

/**
 * What index.html's root holds for a page load of `url` (ADR 209): a signed-in page's first view
 * (its frame and the session look-up's spinner, rendered by the build) for a browser with a
 * session cookie, so the page shows before its scripts have run; '' otherwise (the app draws
 * everything, and a visitor without a session is sent on by the app's guard).
 *
 * @param url the request's URL (path and query)
 */
export function routeShell(preloads: RoutePreloads, url: string, hasSessionCookie: boolean): string {
  return hasSessionCookie ? (findRoutePreload(preloads, url)?.shell ?? '') : '';
}

/** Reads the build's `route-preloads.json`; none (an older build, or unreadable) preloads nothing. */
async function readRoutePreloads(webDistDir: string): Promise<RoutePreloads> {
  try {
    return RoutePreloadsSchema.parse(JSON.parse(await readFile(join(webDistDir, 'route-preloads.json'), 'utf8')));
  } catch {
    return [];
  }
}

/**
 * The build's pages (index.html and the prerendered pages that exist), read once when the server
 * starts, as `route-preloads.json` is: a page request costs no file read. A new build is served
 * after a restart, as its hashed assets are.
 *
 * @returns file name (e.g. `index.html`) -> the page's text, with the nonce placeholder
 * @throws a file system error when a page that exists cannot be read
 */
async function readPages(webDistDir: string): Promise<ReadonlyMap<string, string>> {
  const files = ['index.html', ...[...PRERENDERED_PAGES.values()].map(({ file }) => file)];
  const pages = new Map<string, string>();
  for (const file of files) if (existsSync(join(webDistDir, file))) pages.set(file, await readFile(join(webDistDir, file), 'utf8'));
  return pages;
}

/**
 * Sends a page of the build (`html`: index.html or a prerendered page, as readPages read it) with
 * this response's style nonce in place of the placeholder, `headLinks` (routePreloadLinks) before
 * `</head>`, and `rootHtml` (routeShell) in index.html's empty root.
 */
function sendHtml(html: string, reply: FastifyReply, headLinks = '', rootHtml = ''): FastifyReply {
  const nonce = (reply as FastifyReply & { cspNonce?: { style: string } | null }).cspNonce?.style ?? '';
  const withNonce = html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
  const page = rootHtml === '' ? withNonce : withNonce.replace('<div id="root"></div>', () => `<div id="root">${rootHtml}</div>`);
  return (
    reply
      .header('Cache-Control', REVALIDATE_CACHE)
      // What a page holds depends on the session cookie (the app or a page rendered at build time, the session's preload).
      .header('Vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(headLinks === '' ? page : page.replace('</head>', `${headLinks}</head>`))
  );
}

/**
 * The app's first call, who is signed in (GET /api/v1/users/session, app-layout.tsx), asked for by
 * the page's head beside the scripts when the browser holds a session cookie: the app finds the
 * answer there instead of asking once its scripts have run, one round trip later (docs/product.md
 * §D12). As the app's own call: with the cookie (`credentials: 'include'`).
 */
export const SESSION_PRELOAD_LINK = '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/v1/users/session">';

/** A read-only link's page, `/shared/<token>`, with a token of the form the server issues (base64url). */
const SHARED_LINK_PAGE = /^\/shared\/([A-Za-z0-9_-]{16,100})(?:[?#]|$)/;

/**
 * The read-only link page's call for the agreement behind the link (GET
 * /api/v1/shared-links/{token}, shared-link-page.tsx), asked for by the page's head beside its
 * scripts: a partner who opens the link cold on a phone gets the agreement one round trip sooner
 * (docs/product.md §D12). As the app's own call (`credentials: 'same-origin'`, sharing-api.ts),
 * which is what `crossorigin="anonymous"` asks for, so the browser hands the answer to the app.
 * The token goes into the link only when it has the issued form (letters, digits, `-`, `_`: nothing
 * to escape); for any other address, none (the page then says the link is not valid, as before).
 *
 * @param url the page's address as requested (path and query)
 * @returns the `<link>` element, or an empty string
 */
export function sharedLinkPreloadLink(url: string): string {
  const token = SHARED_LINK_PAGE.exec(url)?.[1];
  return token === undefined ? '' : `<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/v1/shared-links/${token}">`;
}

/** True when a request is a page load: GET or HEAD from a browser that asks for HTML. */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url.startsWith('/assets/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Registers the static file routes when the build exists.
 *
 * @param webDistDir absolute path of the Vite build (index.html, the prerendered pages and assets/)
 * @param hasSessionCookie whether a request carries a session cookie (then `/trial` is the app's)
 * @returns the handler for requests no route matched: index.html for page requests, else a 404
 *   envelope; or, without a build, a plain-text 503 explaining how to build the web app
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  { hasSessionCookie }: { hasSessionCookie: (request: FastifyRequest) => boolean },
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown> {
  if (!existsSync(join(webDistDir, 'index.html'))) {
    app.log.warn({ webDistDir }, 'the web app is not built: serving the API only');
    app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.code(503).type('text/plain; charset=utf-8').send(WEB_APP_NOT_BUILT_MESSAGE));
    return (request, reply) =>
      isPageRequest(request) ? reply.code(503).type('text/plain; charset=utf-8').send(WEB_APP_NOT_BUILT_MESSAGE) : sendApiNotFound(request, reply);
  }

  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    // A file that is missing falls through to the not-found handler, which serves index.html.
    wildcard: true,
    // The pages are never sent as files: they carry the response's nonce (sendHtml).
    index: false,
    allowedPath: (path) => !HTML_PAGES.has(path),
    cacheControl: false,
    dotfiles: 'ignore',
    preCompressed: true,
    setHeaders: (reply, path) => {
      const isHashedAsset = relative(webDistDir, path).startsWith(`assets${sep}`);
      reply.header('Cache-Control', isHashedAsset ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });

  const pages = await readPages(webDistDir);
  const indexHtml = pages.get('index.html')!;
  for (const [path, { file, isForVisitorsOnly }] of PRERENDERED_PAGES) {
    const prerendered = pages.get(file);
    app.get(path, { schema: { hide: true } }, async (request, reply) =>
      prerendered !== undefined && !(isForVisitorsOnly && hasSessionCookie(request))
        ? sendHtml(prerendered, reply)
        : sendHtml(indexHtml, reply, hasSessionCookie(request) ? SESSION_PRELOAD_LINK : ''),
    );
  }

  const routePreloads = await readRoutePreloads(webDistDir);
  return (request, reply) => {
    if (!isPageRequest(request)) return sendApiNotFound(request, reply);
    // A page whose address holds a secret (a read-only link, a one-time token) is not indexed and
    // its address not sent on as a Referer (ADR 172: as the link's API answer and PDF).
    if (TOKEN_PAGE.test(request.url)) void reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
    const isSignedIn = hasSessionCookie(request);
    const sessionLink = isSignedIn ? SESSION_PRELOAD_LINK : '';
    const shell = routeShell(routePreloads, request.url, isSignedIn);
    return sendHtml(indexHtml, reply, sessionLink + sharedLinkPreloadLink(request.url) + routePreloadLinks(routePreloads, request.url), shell);
  };
}
