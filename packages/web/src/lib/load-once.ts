/**
 * A module loaded once (docs/product.md §D12: the editor's tick). A lazily loaded module can be
 * asked for many times before and after it arrives, e.g. at every `pointerover` of the editor's
 * rows: each `import()` of a built chunk runs Vite's preload helper over the chunk's dependencies
 * again (a URL and a lookup for each), a few milliseconds a call on a phone. The returned function
 * starts the load on its first call and answers the same promise after.
 *
 * @param load the `import()` of the module, e.g. `() => import('./name-editor-form')`
 * @returns a function giving the one load's promise; after a failed load (offline, a new
 *   deployment) the next call tries again
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
