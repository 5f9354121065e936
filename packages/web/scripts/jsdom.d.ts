/**
 * The part of jsdom's API that scripts/injected-styles.ts uses (jsdom ships no types, and
 * @types/jsdom is not a dependency): a page with its window, and a console that keeps jsdom's
 * notices to itself.
 */
declare module 'jsdom' {
  export class VirtualConsole {}
  export interface ConstructorOptions {
    url?: string;
    pretendToBeVisual?: boolean;
    virtualConsole?: VirtualConsole;
  }
  export class JSDOM {
    constructor(html?: string, options?: ConstructorOptions);
    readonly window: Window & typeof globalThis;
  }
}
