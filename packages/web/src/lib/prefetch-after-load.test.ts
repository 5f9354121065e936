import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { PREFETCH_META_NAME, prefetchAfterLoad, readPrefetchFiles } from './prefetch-after-load';

/** A page as the server sends it, with the meta element naming `files`. */
function page(files: string): JSDOM {
  return new JSDOM(`<!doctype html><html><head><meta name="${PREFETCH_META_NAME}" content="${files}"></head><body></body></html>`, {
    url: 'https://bridge.example/my/home',
  });
}

/** The prefetch links the page holds: their href attributes. */
function prefetched(dom: JSDOM): string[] {
  return [...dom.window.document.querySelectorAll('link[rel="prefetch"]')].map((link) => link.getAttribute('href') ?? '');
}

/** Waits for the page's load event, then `ms` milliseconds. */
async function settled(dom: JSDOM, ms = 10): Promise<void> {
  if (dom.window.document.readyState !== 'complete') await new Promise((resolve) => dom.window.addEventListener('load', resolve, { once: true }));
  await new Promise((resolve) => dom.window.setTimeout(resolve, ms));
}

describe('readPrefetchFiles', () => {
  it("names only the build's assets, each once, in order", () => {
    const dom = page(
      '/assets/editor-1.js  https://evil.example/x.js /assets/../secret /assets/a/b.js /assets/editor-1.js /assets/editor-1.css //evil.example/y.js',
    );
    expect(readPrefetchFiles(dom.window.document)).toEqual(['/assets/editor-1.js', '/assets/editor-1.css']);
  });

  it('names nothing on a page without the meta element', () => {
    expect(readPrefetchFiles(new JSDOM('<!doctype html><title>t</title>').window.document)).toEqual([]);
  });
});

describe('prefetchAfterLoad', () => {
  it('adds a prefetch link for each file once the page has loaded, not before', async () => {
    const dom = page('/assets/editor-1.js /assets/pdf.worker.min-1.mjs');
    expect(dom.window.document.readyState).not.toBe('complete');
    prefetchAfterLoad(dom.window as unknown as Window, { delayMs: 200 });
    expect(prefetched(dom)).toEqual([]);
    // Not at the load: the page's own first requests go first.
    await settled(dom);
    expect(prefetched(dom)).toEqual([]);
    await settled(dom, 400);
    expect(prefetched(dom)).toEqual(['/assets/editor-1.js', '/assets/pdf.worker.min-1.mjs']);
    const link = dom.window.document.querySelector<HTMLLinkElement>('link[rel="prefetch"]');
    expect(link?.crossOrigin).toBe('anonymous');
  });

  it('adds them when called after the load', async () => {
    const dom = page('/assets/editor-1.js');
    await settled(dom);
    prefetchAfterLoad(dom.window as unknown as Window, { delayMs: 0 });
    await settled(dom);
    expect(prefetched(dom)).toEqual(['/assets/editor-1.js']);
  });

  it('fetches nothing when the browser asks to save data', async () => {
    const dom = page('/assets/editor-1.js');
    Object.defineProperty(dom.window.navigator, 'connection', { value: { saveData: true } });
    prefetchAfterLoad(dom.window as unknown as Window, { delayMs: 0 });
    await settled(dom);
    expect(prefetched(dom)).toEqual([]);
  });
});
