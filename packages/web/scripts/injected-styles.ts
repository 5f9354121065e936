/**
 * PrimeReact adds its structural style sheets (buttons, icons, overlays…) to `<head>` at run time,
 * as `<style>` elements, when its components mount; the theme file has the colours only. A page
 * rendered at build time, shown before the app runs, needs them too or its buttons change size when
 * the app starts (ADR 184). This mounts the page's React tree once in jsdom, as the browser would,
 * and returns the text of every style element PrimeReact added, in their order. Most pages now
 * mount none of PrimeReact's components (docs/decisions/203-native-controls.md): the app's own
 * controls carry their rules in components/ui/controls.css, and the answer is then empty.
 */
import { JSDOM, VirtualConsole } from 'jsdom';
import type { ReactElement } from 'react';

/** The browser globals React DOM and PrimeReact read while mounting. */
const BROWSER_GLOBALS = [
  'window',
  'document',
  'navigator',
  'HTMLElement',
  'Element',
  'Node',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'MutationObserver',
] as const;

/**
 * Mounts the tree `makeTree` builds (called once the browser globals exist: it may load the route
 * first) in a jsdom page at `url`, and returns the CSS of the `<style data-primereact-style-id>`
 * elements it added, empty ones left out ('' when it added none). Requests the tree makes (the
 * session look-up) never answer; jsdom's own notices (scrolling is not implemented) are dropped;
 * the tree is unmounted after.
 */
export async function collectInjectedStyles(url: string, makeTree: () => ReactElement | Promise<ReactElement>): Promise<string> {
  const dom = new JSDOM('<!doctype html><html><head></head><body><div id="root"></div></body></html>', {
    url,
    pretendToBeVisual: true,
    virtualConsole: new VirtualConsole(),
  });
  const scope = globalThis as Record<string, unknown>;
  const saved = new Map<string, PropertyDescriptor | undefined>();
  const set = (key: string, value: unknown) => {
    saved.set(key, Object.getOwnPropertyDescriptor(scope, key));
    Object.defineProperty(scope, key, { value, configurable: true, writable: true });
  };
  for (const key of BROWSER_GLOBALS) set(key, (dom.window as unknown as Record<string, unknown>)[key]);
  // Requests name paths of the page's site, which Node's Request cannot resolve; none is answered.
  set(
    'Request',
    class extends Request {
      constructor(input: string | URL, init?: RequestInit) {
        super(new URL(input, url), init);
      }
    },
  );
  set('fetch', () => new Promise<never>(() => {}));
  try {
    const { createRoot } = await import('react-dom/client');
    const { flushSync } = await import('react-dom');
    const tree = await makeTree();
    const root = createRoot(dom.window.document.getElementById('root')!);
    flushSync(() => root.render(tree));
    // Effects that load styles run after the commit.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const styles = [...dom.window.document.head.querySelectorAll('style[data-primereact-style-id]')]
      .map((style) => style.textContent ?? '')
      .filter((css) => css.trim() !== '');
    root.unmount();
    // React's scheduler finishes its work in a later task, while the globals still exist.
    await new Promise((resolve) => setTimeout(resolve, 10));
    return styles.join('\n');
  } finally {
    // React's scheduler may still run a task after the wait above on a busy machine (it reads
    // `window.event` when it does): `window` and `document` stay those of the closed page, which
    // answer such reads, rather than going away under it. The other globals are put back.
    for (const [key, descriptor] of saved) {
      if (key === 'window' || key === 'document') continue;
      if (descriptor) Object.defineProperty(scope, key, descriptor);
      else delete scope[key];
    }
    dom.window.close();
  }
}
