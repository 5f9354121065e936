import { describe, expect, it } from 'vitest';
import {
  PRERENDERED_ATTRIBUTE,
  STORED_AGREEMENT_CLASS,
  type ManifestChunk,
  type RouterReadiness,
  fillAppPage,
  getEntryScripts,
  getRouteAssets,
  getRoutePrefetch,
  isPrerenderedPage,
  prerenderedPageScript,
  takeOutAppScripts,
  whenRouterReady,
} from './prerendered-app-page';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Bridge Partnership Agreements</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js">
    <link rel="modulepreload" crossorigin href="/assets/zod-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('fillAppPage', () => {
  it('puts the page in the root, marks its <main>, sets the title and adds the head elements after it and at the end', () => {
    const html = fillAppPage(INDEX_HTML, {
      title: 'Agreement Editor · A & B',
      body: '<header>h</header><main id="main-content" class="site-main">page</main>',
      headStart: ['<script src="/assets/page.js"></script>'],
      headEnd: ['<link rel="stylesheet" href="/assets/route.css">'],
    });
    expect(html).toContain('<title>Agreement Editor · A &amp; B</title>\n    <script src="/assets/page.js"></script>\n');
    expect(html).toContain(`<div id="root"><header>h</header><main ${PRERENDERED_ATTRIBUTE}="" id="main-content" class="site-main">page</main></div>`);
    expect(html).toMatch(
      /<link rel="stylesheet" crossorigin href="\/assets\/index-1.css">\n {4}<link rel="stylesheet" href="\/assets\/route.css">\n {2}<\/head>/,
    );
  });

  it('refuses an index.html whose root is not empty, and a page without one <main>', () => {
    const parts = { title: 't', body: '<main>x</main>', headStart: [], headEnd: [] };
    expect(() => fillAppPage(INDEX_HTML.replace('<div id="root"></div>', '<div id="root">x</div>'), parts)).toThrow(/empty root/);
    expect(() => fillAppPage(INDEX_HTML, { ...parts, body: '<div>no main</div>' })).toThrow(/<main>/);
    expect(() => fillAppPage(INDEX_HTML, { ...parts, body: '<main>a</main><main>b</main>' })).toThrow(/found 2/);
  });
});

describe('getRouteAssets', () => {
  const manifest: Record<string, ManifestChunk> = {
    'index.html': { file: 'assets/index-1.js', imports: ['_vendor.js', '_shared.js'], css: ['assets/index.css'] },
    '_vendor.js': { file: 'assets/vendor-1.js' },
    '_shared.js': { file: 'assets/shared-1.js', css: ['assets/shared.css'] },
    'src/route.tsx': { file: 'assets/route-1.js', imports: ['_page.js', '_vendor.js'] },
    '_page.js': { file: 'assets/page-1.js', imports: ['_shared.js', '_helper.js'], css: ['assets/page.css', 'assets/shared.css'] },
    '_helper.js': { file: 'assets/helper-1.js', imports: ['_page.js'] },
  };

  it('lists what the route adds to the entry: its chunks and their style sheets, without what the entry loads', () => {
    expect(getRouteAssets(manifest, 'src/route.tsx', 'index.html')).toEqual({
      scripts: ['/assets/route-1.js', '/assets/page-1.js', '/assets/helper-1.js'],
      styles: ['/assets/page.css'],
    });
  });

  it('throws for a module the manifest does not have', () => {
    expect(() => getRouteAssets(manifest, 'src/missing.tsx', 'index.html')).toThrow(/src\/missing.tsx/);
    expect(() => getRouteAssets({ ...manifest, 'src/route.tsx': { file: 'r.js', imports: ['_gone.js'] } }, 'src/route.tsx', 'index.html')).toThrow(/_gone.js/);
  });
});

describe('getRoutePrefetch', () => {
  const manifest: Record<string, ManifestChunk> = {
    'index.html': { file: 'assets/index-1.js', imports: ['_vendor.js'], css: ['assets/index.css'] },
    '_vendor.js': { file: 'assets/vendor-1.js' },
    'src/editor-route.tsx': { file: 'assets/editor-route-1.js', imports: ['_vendor.js', '_agreement.js'] },
    '_agreement.js': { file: 'assets/agreement-1.js', css: ['assets/agreement.css'] },
    'src/viewer-route.tsx': { file: 'assets/viewer-route-1.js', imports: ['_agreement.js', '_viewer.js'] },
    '_viewer.js': { file: 'assets/viewer-1.js', imports: ['_worker-url.js'], css: ['assets/viewer.css'] },
    '_worker-url.js': { file: 'assets/worker-url-1.js', assets: ['assets/pdf.worker.min-1.mjs'] },
    '_viewer.css': { file: 'assets/viewer.css', assets: ['assets/Inter-1.woff2', 'assets/icons-1.svg'] },
  };

  it("lists the route's scripts, style sheets and the worker scripts its chunks name, without what the page loads already", () => {
    const editor = getRouteAssets(manifest, 'src/editor-route.tsx', 'index.html');
    expect(getRoutePrefetch(manifest, 'src/viewer-route.tsx', 'index.html', [...editor.scripts, ...editor.styles], { workerScripts: true })).toEqual([
      '/assets/viewer-route-1.js',
      '/assets/viewer-1.js',
      '/assets/worker-url-1.js',
      '/assets/viewer.css',
      '/assets/pdf.worker.min-1.mjs',
    ]);
  });

  it('leaves the worker scripts out when asked to', () => {
    expect(getRoutePrefetch(manifest, 'src/viewer-route.tsx', 'index.html', [], { workerScripts: false })).not.toContain('/assets/pdf.worker.min-1.mjs');
  });

  it('throws for a module the manifest does not have', () => {
    expect(() => getRoutePrefetch(manifest, 'src/missing.tsx', 'index.html', [], { workerScripts: false })).toThrow(/src\/missing.tsx/);
  });
});

describe('takeOutAppScripts', () => {
  it('takes the entry script and its preloads out, leaving the style sheets', () => {
    const { html, entrySrc, preloads } = takeOutAppScripts(INDEX_HTML);
    expect(entrySrc).toBe('/assets/index-1.js');
    expect(preloads).toEqual(['/assets/vendor-1.js', '/assets/zod-1.js']);
    expect(html).not.toMatch(/<script|modulepreload/);
    expect(html).toContain('<title>Bridge Partnership Agreements</title>\n    <link rel="stylesheet" crossorigin href="/assets/index-1.css">');
  });

  it('throws for an index.html without an entry script', () => {
    expect(() => takeOutAppScripts('<html><head></head></html>')).toThrow(/no entry script/);
  });
});

describe('getEntryScripts', () => {
  it('gives the entry script and every chunk it imports', () => {
    const manifest: Record<string, ManifestChunk> = {
      'static.html': { file: 'assets/static-1.js', imports: ['_paths.js', '_memory.js'] },
      '_paths.js': { file: 'assets/paths-1.js' },
      '_memory.js': { file: 'assets/memory-1.js', imports: ['_paths.js'] },
    };
    expect(getEntryScripts(manifest, 'static.html')).toEqual({ entrySrc: '/assets/static-1.js', preloads: ['/assets/paths-1.js', '/assets/memory-1.js'] });
    expect(() => getEntryScripts(manifest, 'index.html')).toThrow(/index.html/);
  });
});

describe('prerenderedPageScript', () => {
  type Added = Record<string, string> & { tag: string };
  /** Runs the script's text against a fake page; returns what it did and the page's pending listeners. */
  function run(storage: { getItem(key: string): string | null }) {
    const classes: string[] = [];
    const added: Added[] = [];
    const listeners: Array<{ type: string; listener: () => void }> = [];
    const window = { localStorage: storage };
    const document = {
      documentElement: { classList: { add: (name: string) => classes.push(name) } },
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (element: Added) => added.push(element) },
      addEventListener: (type: string, listener: () => void) => listeners.push({ type, listener }),
    };
    const script = prerenderedPageScript(
      'bpa.key"v1',
      { entrySrc: '/assets/index-1.js', preloads: ['/assets/vendor-1.js', '/assets/route-1.js'] },
      { entrySrc: '/assets/static-1.js', preloads: ['/assets/paths-1.js'] },
    );
    new Function('window', 'document', script)(window, document);
    return { classes, added, listeners };
  }
  const APP = [
    { tag: 'link', rel: 'modulepreload', href: '/assets/vendor-1.js', crossOrigin: 'anonymous' },
    { tag: 'link', rel: 'modulepreload', href: '/assets/route-1.js', crossOrigin: 'anonymous' },
    { tag: 'script', type: 'module', src: '/assets/index-1.js', crossOrigin: 'anonymous' },
  ];
  const PAGE = [
    { tag: 'link', rel: 'modulepreload', href: '/assets/paths-1.js', crossOrigin: 'anonymous' },
    { tag: 'script', type: 'module', src: '/assets/static-1.js', crossOrigin: 'anonymous' },
  ];

  it('with a stored agreement, marks the page and loads the app at once', () => {
    const page = run({ getItem: (key) => (key === 'bpa.key"v1' ? '{}' : null) });
    expect(page.classes).toEqual([STORED_AGREEMENT_CLASS]);
    expect(page.added).toEqual(APP);
    expect(page.listeners).toEqual([]);
  });

  it('without one, loads the page script once the document is parsed, and not the app', () => {
    const page = run({ getItem: () => null });
    expect(page.classes).toEqual([]);
    expect(page.added).toEqual([]);
    expect(page.listeners.map(({ type }) => type)).toEqual(['DOMContentLoaded']);
    page.listeners[0]!.listener();
    expect(page.added).toEqual(PAGE);
  });

  it('reads storage it may not read as empty', () => {
    const page = run({
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(page.classes).toEqual([]);
    page.listeners[0]!.listener();
    expect(page.added).toEqual(PAGE);
  });
});

describe('isPrerenderedPage', () => {
  it('looks for the marked <main>', () => {
    const selectors: string[] = [];
    const root = (found: boolean) => ({
      querySelector: (selector: string) => {
        selectors.push(selector);
        return found ? {} : null;
      },
    });
    expect(isPrerenderedPage(root(true) as unknown as ParentNode)).toBe(true);
    expect(isPrerenderedPage(root(false) as unknown as ParentNode)).toBe(false);
    expect(selectors[0]).toBe(`main[${PRERENDERED_ATTRIBUTE}]`);
  });
});

describe('whenRouterReady', () => {
  /** A router stand-in whose state the test moves on. */
  function fakeRouter(initialized: boolean) {
    let listener: ((state: { initialized: boolean }) => void) | null = null;
    let unsubscribed = false;
    const router: RouterReadiness & { emit(initialized: boolean): void; isUnsubscribed(): boolean } = {
      state: { initialized },
      subscribe(next) {
        listener = next;
        return () => {
          unsubscribed = true;
        };
      },
      emit(value) {
        router.state.initialized = value;
        listener?.({ initialized: value });
      },
      isUnsubscribed: () => unsubscribed,
    };
    return router;
  }

  it('resolves at once for a router that has loaded its first route', async () => {
    await expect(whenRouterReady(fakeRouter(true))).resolves.toBeUndefined();
  });

  it('waits for the first route, then stops listening', async () => {
    const router = fakeRouter(false);
    let isReady = false;
    const ready = whenRouterReady(router).then(() => {
      isReady = true;
    });
    router.emit(false);
    await Promise.resolve();
    expect(isReady).toBe(false);
    router.emit(true);
    await ready;
    expect(isReady).toBe(true);
    expect(router.isUnsubscribed()).toBe(true);
  });
});
