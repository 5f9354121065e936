/**
 * Node module hooks for scripts/prerender.tsx, which renders the app's own modules in Node:
 *
 * - a style sheet import (`import './agreement.css'`), which only Vite understands, is an empty
 *   module (the build links the style sheets into the page itself);
 * - fast-json-patch resolves to its ES module build (`index.mjs`, its `module` field, which Vite
 *   uses too): Node would take its CommonJS `main`, whose named exports it cannot see.
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
  return url.endsWith('.css') ? { format: 'module', source: '', shortCircuit: true } : nextLoad(url, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
