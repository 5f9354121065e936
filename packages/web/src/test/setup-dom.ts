/**
 * Set-up of the web package's component tests (jsdom): each test's rendering is removed after it,
 * and the browser features jsdom lacks that the UI library calls are given harmless stand-ins.
 */
import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy… and waitFor wait up to 30 s instead of 1 s: on a busy machine a render can take longer
// than a second (docs/conventions.md: "Tests hold on a loaded machine").
configure({ asyncUtilTimeout: 30_000 });

// PrimeReact asks for media queries (responsive dialogs); jsdom has no matchMedia.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The rich-text editor (ProseMirror) measures the selection to scroll it into view; jsdom lays
// nothing out, so a range measures as empty.
const emptyRects = (): DOMRectList => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = emptyRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();
