import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import { AppError } from './errors';
import { INTERNAL_ERROR_MESSAGE } from './plugins/error-handler';
import { CSP_NONCE_PLACEHOLDER, SESSION_PRELOAD_LINK, WEB_APP_NOT_BUILT_MESSAGE } from './plugins/web-app';
import { buildTestApp, makeTestConfig } from './test/test-app';
import { type TestDatabase, openTestDatabase } from './test/test-db';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('security headers', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(database.db);
  });
  afterAll(async () => app.close());

  it('sends a strict Content-Security-Policy without inline script or style (a fresh nonce each time), and the helmet headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(response.headers['content-security-policy']);
    const again = String((await app.inject({ method: 'GET', url: '/api/v1/health' })).headers['content-security-policy']);
    expect(again).not.toBe(csp);
    expect(csp.split(';').map((d) => d.trim().replace(/'nonce-[0-9a-f]{32}'/, "'nonce-…'"))).toEqual([
      "default-src 'self'",
      "script-src 'self' 'nonce-…'",
      "style-src 'self' 'nonce-…'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "worker-src 'self' blob:",
      "connect-src 'self'",
      "frame-src 'self' blob:",
      "frame-ancestors 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // Plain http (the test PUBLIC_URL): no HSTS and no upgrade-insecure-requests.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests when the public URL is https', async () => {
    const httpsApp = await buildTestApp(database.db, { config: makeTestConfig({ PUBLIC_URL: 'https://bridge.example.org' }) });
    try {
      const response = await httpsApp.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      // The origin check follows PUBLIC_URL.
      const post = await httpsApp.inject({ method: 'POST', url: '/api/v1/contracts/pdf-guest', headers: { origin: 'http://localhost:3000' }, payload: {} });
      expect(post.statusCode).toBe(403);
    } finally {
      await httpsApp.close();
    }
  });
});

describe('errors', () => {
  let app: App;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp(database.db, {
      config: makeTestConfig({ LOG_LEVEL: 'info' }),
      logDestination: { write: (line) => void logLines.push(line) },
    });
    // Routes only these tests need: a failure with internals, an AppError, a rate-limited route.
    app.get('/api/v1/test/crash', async () => {
      throw new Error('secret connection string postgres://admin:hunter2@db');
    });
    app.get('/api/v1/test/conflict', async () => {
      throw new AppError('conflict', 'This agreement was changed elsewhere.');
    });
    app.get('/api/v1/test/mail-failed', async () => {
      throw new AppError('internal', 'The email could not be sent.', { logDetail: 'smtp refused: relay denied' });
    });
    app.get('/api/v1/test/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => app.close());

  it('answers unknown API routes with a 404 envelope, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/v1/nothing-here?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message: `Not found: ${method} /api/v1/nothing-here` });
    }
  });

  it("sends an AppError's user message for a 5xx and keeps its log detail in the log", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/mail-failed' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'error', code: expect.any(String), message: 'The email could not be sent.' });
    expect(response.body).not.toContain('relay denied');
    const entry = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((e) => JSON.stringify(e.err ?? '').includes('relay denied'));
    expect(entry?.msg).toBe('request failed');
  });

  it('answers 500 without internals, and logs the error with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'error', code: expect.any(String), message: INTERNAL_ERROR_MESSAGE });
    expect(response.body).not.toContain('hunter2');
    const entry = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((e) => e.msg === 'request failed' && (e.err as { type?: string }).type === 'Error');
    expect(entry).toBeDefined();
    expect(entry!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(entry!.err)).toContain('secret connection string');
  });

  it('maps an AppError code to its status and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 'fail', code: expect.any(String), message: 'This agreement was changed elsewhere.' });
  });

  it('rate-limits a route that asks for it, with a 429 envelope', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/test/limited' })).statusCode).toBe(200);
    const limited = await app.inject({ method: 'GET', url: '/api/v1/test/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 'fail', code: expect.any(String), message: 'Too many requests. Please wait a minute and try again.' });
    // Other routes are not limited.
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });

  it('lets requests without Origin or Sec-Fetch-Site headers through the origin check', async () => {
    // A route that does not exist answers 404, not 403: the check passed.
    expect((await app.inject({ method: 'POST', url: '/api/v1/nothing-here' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/v1/nothing-here', headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(403);
    // Reading is never refused.
    expect((await app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(200);
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document with the routes and their schemas at /api/docs', async () => {
    const app = await buildTestApp(database.db);
    try {
      const ui = await app.inject({ method: 'GET', url: '/api/docs' });
      expect([200, 302]).toContain(ui.statusCode);
      const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining([
          '/api/v1/health',
          '/api/v1/contracts/guest',
          '/api/v1/contracts/guest/{id}',
          '/api/v1/contracts/pdf-guest',
          '/api/v1/contracts/pdfviewer/{pathName}/{fileName}',
        ]),
      );
      const pdfGuest = document.paths['/api/v1/contracts/pdf-guest'].post;
      expect(JSON.stringify(pdfGuest.requestBody)).toContain('contractName');
      expect(pdfGuest.responses['200']).toBeDefined();
      expect(document.paths['/api/v1/contracts/pdfviewer/{pathName}/{fileName}'].get.responses['200'].content['application/pdf']).toBeDefined();
    } finally {
      await app.close();
    }
  });

  it("is a page within the app's CSP: every script a file or carrying the response's nonce, no inline style, no weaker policy", async () => {
    const app = await buildTestApp(database.db);
    try {
      const page = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      const html = page.body;
      const csp = String(page.headers['content-security-policy']);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('https:');
      const scriptNonce = /script-src 'self' 'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
      const styleNonce = /style-src 'self' 'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [tag, attributes = '', body = ''] of scripts) {
        const isFile = /\bsrc=/i.test(attributes) && body.trim() === '';
        expect(isFile || (scriptNonce !== undefined && attributes.includes(`nonce="${scriptNonce}"`)), tag).toBe(true);
      }
      for (const [tag, attributes = ''] of html.matchAll(/<style\b([^>]*)>/gi)) {
        expect(styleNonce !== undefined && attributes.includes(`nonce="${styleNonce}"`), tag).toBe(true);
      }
      expect(html).not.toMatch(/\sstyle=|\son[a-z]+=/i);
      // Its one script of its own is a file, which shows Swagger UI without the top bar: the top
      // bar's SVG logo carries a <style> element the policy refuses (ADR 133).
      const initializer = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
      expect(initializer.body).toMatch(/"layout":\s*"BaseLayout"/);
      // The files the page loads are served under the same policy, and load.
      for (const [, src = ''] of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+)"/gi)) {
        const file = await app.inject({ method: 'GET', url: new URL(src, 'http://localhost/api/docs/').pathname });
        expect(file.statusCode, src).toBe(200);
        expect(String(file.headers['content-security-policy']), src).not.toContain('unsafe-inline');
      }
    } finally {
      await app.close();
    }
  });
});

describe('web app', () => {
  let webDistDir: string;
  let app: App;
  beforeAll(async () => {
    webDistDir = await mkdtemp(join(tmpdir(), 'bpa-web-'));
    await mkdir(join(webDistDir, 'assets'));
    await writeFile(join(webDistDir, 'index.html'), '<!doctype html><title>Bridge Partnership Agreements</title><div id="root"></div>');
    await writeFile(join(webDistDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    // What the build writes beside each text file (packages/web/vite.config.ts).
    const bigScript = `export const rows = [${'"Stayman", "Jacoby transfers", '.repeat(200)}];`;
    await writeFile(join(webDistDir, 'assets', 'big-def456.js'), bigScript);
    await writeFile(join(webDistDir, 'assets', 'big-def456.js.br'), brotliCompressSync(bigScript));
    await writeFile(join(webDistDir, 'assets', 'big-def456.js.gz'), gzipSync(bigScript));
    await writeFile(join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildTestApp(database.db, { config: makeTestConfig({ WEB_DIST_DIR: webDistDir }) });
  });
  afterAll(async () => {
    await app?.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it('serves index.html at / without long caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('falls back to index.html for client-side routes such as /guest/home', async () => {
    for (const url of ['/guest/home', '/my/contract', '/reset-password/abc']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends index.html as read when the server started, without reading the file again for each page', async () => {
    const indexPath = join(webDistDir, 'index.html');
    const started = await readFile(indexPath, 'utf8');
    await writeFile(indexPath, '<!doctype html><title>Changed on disk</title><div id="root"></div>');
    try {
      const response = await app.inject({ method: 'GET', url: '/my/home', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Bridge Partnership Agreements');
      expect(response.body).not.toContain('Changed on disk');
    } finally {
      await writeFile(indexPath, started);
    }
  });

  it('marks the pages whose address holds a token noindex and sends no Referer from them', async () => {
    for (const url of ['/shared/abc', '/reset-password/abc', '/accept-invite/abc']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
    const home = await app.inject({ method: 'GET', url: '/guest/home', headers: { accept: 'text/html' } });
    expect(home.headers['x-robots-tag']).toBeUndefined();
  });

  it('caches hashed assets for a year and answers 404 (not index.html) for a missing one', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
    const missing = await app.inject({ method: 'GET', url: '/assets/index-gone.js', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('sends the precompressed copy of a built file that the browser accepts, still cached for a year', async () => {
    const original = await app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(original.headers['content-encoding']).toBeUndefined();
    const brotli = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.rawPayload.length).toBeLessThan(original.rawPayload.length / 5);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(original.body);
    const gzip = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(original.body);
  });

  it('compresses API answers for browsers that accept it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends the pages rendered at build time for /, /trial and /guest/contract, with the nonce, and the app at /trial and /guest/contract to a browser with a session cookie', async () => {
    const page = (name: string) => `<!doctype html><meta name="csp-nonce" content="${CSP_NONCE_PLACEHOLDER}"><div id="root"><h1>${name}</h1></div>`;
    await writeFile(join(webDistDir, 'landing.html'), page('Landing'));
    await writeFile(join(webDistDir, 'trial.html'), page('Free Trial'));
    await writeFile(join(webDistDir, 'guest-contract.html'), page('Agreement Editor'));
    const prerendered = await buildTestApp(database.db, { config: makeTestConfig({ WEB_DIST_DIR: webDistDir }) });
    try {
      const html = { accept: 'text/html' };
      const landing = await prerendered.inject({ method: 'GET', url: '/', headers: html });
      expect(landing.body).toContain('<h1>Landing</h1>');
      expect(landing.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(landing.headers['cache-control']).toBe('no-cache');
      expect((await prerendered.inject({ method: 'GET', url: '/trial', headers: html })).body).toContain('<h1>Free Trial</h1>');
      const cookie = `bpa_session=${'a'.repeat(43)}`;
      const signedIn = await prerendered.inject({ method: 'GET', url: '/trial', headers: { ...html, cookie } });
      expect(signedIn.body).toContain('<div id="root"></div>');
      expect((await prerendered.inject({ method: 'GET', url: '/', headers: { ...html, cookie } })).body).toContain('<h1>Landing</h1>');
      const editor = await prerendered.inject({ method: 'GET', url: '/guest/contract', headers: html });
      expect(editor.body).toContain('<h1>Agreement Editor</h1>');
      expect(editor.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      const signedInEditor = await prerendered.inject({ method: 'GET', url: '/guest/contract', headers: { ...html, cookie } });
      expect(signedInEditor.body).toContain('<div id="root"></div>');
      // Never as plain files (they would keep the placeholder).
      expect((await prerendered.inject({ method: 'GET', url: '/landing.html' })).statusCode).toBe(404);
      expect((await prerendered.inject({ method: 'GET', url: '/guest-contract.html' })).statusCode).toBe(404);
    } finally {
      await prerendered.close();
      await rm(join(webDistDir, 'landing.html'));
      await rm(join(webDistDir, 'trial.html'));
      await rm(join(webDistDir, 'guest-contract.html'));
    }
  });

  it("names a route's chunks in index.html's head for a first visit to that route (route-preloads.json)", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'bpa-web-preloads-'));
    await writeFile(join(folder, 'index.html'), '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>');
    const preloads = [
      {
        path: '/my/home',
        scripts: ['/assets/my-home-route-a1.js', '/assets/dashboard-b2.js'],
        styles: ['/assets/dashboard-c3.css'],
        prefetch: ['/assets/my-contract-route-e5.js', '/assets/editor-f6.css'],
        shell: '<header>Frame</header><main data-prerendered="" id="main-content"><div role="status">Checking</div></main>',
      },
      { path: '/shared', scripts: ['/assets/shared-link-page-d4.js'], styles: [] },
    ];
    await writeFile(join(folder, 'route-preloads.json'), JSON.stringify(preloads));
    const withPreloads = await buildTestApp(database.db, { config: makeTestConfig({ WEB_DIST_DIR: folder }) });
    try {
      const page = async (url: string) => (await withPreloads.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
      // A browser with a session cookie also gets the app's first call asked for beside the scripts; one without, not.
      const cookie = `bpa_session=${'a'.repeat(43)}`;
      const signedIn = (await withPreloads.inject({ method: 'GET', url: '/my/home', headers: { accept: 'text/html', cookie } })).body;
      expect(signedIn).toContain(`${SESSION_PRELOAD_LINK}<link rel="modulepreload" crossorigin href="/assets/my-home-route-a1.js">`);
      // What the page holds depends on the cookie: a cache must tell the two apart.
      const vary = (await withPreloads.inject({ method: 'GET', url: '/my/home', headers: { accept: 'text/html', cookie } })).headers.vary;
      expect(String(vary).toLowerCase()).toContain('cookie');
      // The app sent instead of a page rendered at build time (here none is built) gets it too.
      expect((await withPreloads.inject({ method: 'GET', url: '/trial', headers: { accept: 'text/html', cookie } })).body).toContain(
        `${SESSION_PRELOAD_LINK}</head>`,
      );
      for (const url of ['/my/home', '/guest/home', '/trial']) expect(await page(url)).not.toContain('/api/v1/users/session');
      const dashboard = await page('/my/home?from=email');
      expect(dashboard).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/my-home-route-a1.js"><link rel="modulepreload" crossorigin href="/assets/dashboard-b2.js"><link rel="stylesheet" crossorigin href="/assets/dashboard-c3.css">' +
          '<meta name="prefetch-after-load" content="/assets/my-contract-route-e5.js /assets/editor-f6.css"></head>',
      );
      // An entry without files to prefetch (as a build older than ADR 207 writes them) gets no meta element.
      expect(await page('/shared/some-token')).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-link-page-d4.js"></head>');
      // Only that route's: a longer name that merely starts alike, or another page, gets none.
      for (const url of ['/my/homework', '/guest/home', '/sharedx']) expect(await page(url)).not.toContain('modulepreload');
      // A signed-in page's first view (ADR 209) goes into the root for a browser with a session cookie only.
      expect(signedIn).toContain('<div id="root"><header>Frame</header><main data-prerendered="" id="main-content">');
      expect(dashboard).toContain('<div id="root"></div>');
      const sharedSignedIn = (await withPreloads.inject({ method: 'GET', url: '/shared/some-token', headers: { accept: 'text/html', cookie } })).body;
      expect(sharedSignedIn).toContain('<div id="root"></div>');
      // A read-only link's page asks for the agreement behind the link beside its scripts, for a
      // token of the issued form only; anything else in the address goes nowhere near the page.
      const token = 'Ab3_-x'.repeat(7);
      for (const url of [`/shared/${token}`, `/shared/${token}?from=mail`])
        expect(await page(url)).toContain(
          `<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/v1/shared-links/${token}"><link rel="modulepreload" crossorigin href="/assets/shared-link-page-d4.js">`,
        );
      for (const url of ['/shared/some-token', `/shared/${token}"><script>`, `/shared/${token}%22`, `/shared/${token}/x`, `/my/home`])
        expect(await page(url)).not.toContain('/api/v1/shared-links/');
    } finally {
      await withPreloads.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("ignores a route-preloads.json that names anything but the build's assets", async () => {
    const badFiles = [
      [{ path: '/my/home', scripts: ['https://evil.example/x.js'], styles: [] }],
      [{ path: '/my/home', scripts: [], styles: [], prefetch: ['/assets/x.js" onload="alert(1)'] }],
      [{ path: '/my/home', scripts: [], styles: [], shell: '<script>alert(1)</script>' }],
    ];
    for (const preloads of badFiles) {
      const folder = await mkdtemp(join(tmpdir(), 'bpa-web-preloads-'));
      await writeFile(join(folder, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
      await writeFile(join(folder, 'route-preloads.json'), JSON.stringify(preloads));
      const withPreloads = await buildTestApp(database.db, { config: makeTestConfig({ WEB_DIST_DIR: folder }) });
      try {
        const cookie = `bpa_session=${'a'.repeat(43)}`;
        const dashboard = (await withPreloads.inject({ method: 'GET', url: '/my/home', headers: { accept: 'text/html', cookie } })).body;
        expect(dashboard).not.toMatch(/evil|alert|modulepreload|prefetch-after-load/);
      } finally {
        await withPreloads.close();
        await rm(folder, { recursive: true, force: true });
      }
    }
  });

  it('never answers an unknown API route with index.html', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'fail' });
  });

  it('runs the API without a build and says at / that the web app is not built', async () => {
    const apiOnly = await buildTestApp(database.db);
    try {
      const root = await apiOnly.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(root.statusCode).toBe(503);
      expect(root.body).toBe(WEB_APP_NOT_BUILT_MESSAGE);
      expect((await apiOnly.inject({ method: 'GET', url: '/guest/home', headers: { accept: 'text/html' } })).body).toBe(WEB_APP_NOT_BUILT_MESSAGE);
      expect((await apiOnly.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await apiOnly.close();
    }
  });
});
