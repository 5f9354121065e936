/**
 * Node module hooks for scripts/prerender.tsx, which renders the app's own modules in Node:
 *
 * - a style sheet import (`import './agreement.css'`), which only Vite understands, is an empty
 *   module (the build links the style sheets into the page itself);
 * - fast-json-patch resolves to its ES module build (`index.mjs`, its `module` field, which Vite
 *   uses too): Node would take its CommonJS `main`, whose named exports it cannot see;
 * - an asset's URL (`import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'`), which Vite
 *   turns into the built file's path, is a module whose default export is the file's name: nothing
 *   rendered at build time fetches it.
 *
 * Usage: tsx --import ./scripts/ignore-css.mjs scripts/prerender.tsx
 */
import { register } from 'node:module';

const hooks = `
const ES_MODULE_BUILDS = { 'fast-json-patch': 'fast-json-patch/index.mjs' };
export async function resolve(specifier, context, nextResolve) {
  return nextResolve(ES_MODULE_BUILDS[specifier] ?? specifier, context);
}
export async function load(url, context, nextLoad) {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  if (url.endsWith('?url')) return { format: 'module', source: 'export default ' + JSON.stringify(new URL(url).pathname.split('/').pop()), shortCircuit: true };
  return nextLoad(url, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
