/**
 * Bundle sizes (docs/product.md §D10, §D12): what the browser downloads, per route, for a first visit
 * (landing, trial, guest editor, sign-in) and for the pages a visitor moves on to, gzip and brotli
 * as the server sends them (the build writes .gz and .br copies).
 * Reads the build's manifest (packages/web/dist/.vite/manifest.json; `npm run bench` builds first).
 * Prints figures; asserts nothing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
const manifestPath = `${dist}.vite/manifest.json`;
if (!existsSync(manifestPath)) {
  console.log(`No build manifest at ${manifestPath}: run npm run build first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

/** Files a chunk needs before it runs: itself, its static imports (transitively) and their CSS. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

/** Bytes of a built file: as built, and as sent compressed (the build's .gz/.br copies, else compressed here). */
function sizes(file: string): { raw: number; gzip: number; brotli: number } {
  const bytes = readFileSync(`${dist}${file}`);
  const copy = (suffix: string, compress: () => Buffer) =>
    existsSync(`${dist}${file}${suffix}`) ? statSync(`${dist}${file}${suffix}`).size : compress().length;
  return {
    raw: bytes.length,
    gzip: copy('.gz', () => gzipSync(bytes, { level: 9 })),
    brotli: copy('.br', () => brotliCompressSync(bytes)),
  };
}

/** Totals of a set of files, split into script and style. */
function measure(files: Iterable<string>): { count: number; raw: number; jsGzip: number; jsBrotli: number; cssGzip: number } {
  const total = { count: 0, raw: 0, jsGzip: 0, jsBrotli: 0, cssGzip: 0 };
  for (const file of files) {
    const size = sizes(file);
    total.count += 1;
    total.raw += size.raw;
    if (file.endsWith('.css')) total.cssGzip += size.gzip;
    else {
      total.jsGzip += size.gzip;
      total.jsBrotli += size.brotli;
    }
  }
  return total;
}

function findKey(suffix: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`No chunk for ${suffix} in the build manifest`);
  return key;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('index.html'));
if (!entryKey) throw new Error('The build manifest has no entry');
const entry = closure(entryKey);
const firstVisit = (suffix: string) => [...closure(findKey(suffix), new Set(entry)), 'index.html'];
const onTop = (suffix: string) => [...closure(findKey(suffix))].filter((f) => !entry.has(f));
/**
 * A page rendered at build time (packages/web/scripts/prerender.tsx): its HTML file and what the
 * template's script (static-page.ts) imports; the app is not loaded. Falls back to the app's
 * route chunk when the build has no such page.
 */
const prerendered = (html: string, routeSuffix: string) => {
  const staticKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('static.html'));
  return staticKey && existsSync(`${dist}${html}`) ? [...closure(staticKey), html] : firstVisit(routeSuffix);
};

/**
 * `/guest/contract`, rendered at build time (ADR 184): its HTML and style sheets, its page script,
 * and what that script loads: the static pages' script for a visitor without a trial agreement,
 * or the app's entry with the route for a visitor whose browser holds one. Falls back to the app's
 * route when the build has no such page.
 */
const guestEditor = (withAgreement: boolean) => {
  const html = 'guest-contract.html';
  const routeSuffix = 'app/routes/guest-contract-route.tsx';
  if (!existsSync(`${dist}${html}`)) return firstVisit(routeSuffix);
  const linked = [...readFileSync(`${dist}${html}`, 'utf8').matchAll(/(?:href|src)="\/(assets\/[^"]+\.(?:css|js))"/g)].map((match) => match[1]!);
  const staticKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('static.html'));
  const loaded = withAgreement ? closure(findKey(routeSuffix), new Set(entry)) : staticKey ? closure(staticKey) : new Set<string>();
  // The app's and the route's style sheets are linked by the page itself.
  return [...new Set([html, ...linked, ...[...loaded].filter((file) => !file.endsWith('.css'))])];
};

/** The goal for the landing page's script (gzip), in bytes (docs/product.md §D12). */
const LANDING_JS_GOAL = 100 * 1024;
const rows = [
  { what: 'first visit: / (landing, prerendered)', files: prerendered('landing.html', 'app/routes/landing-route.tsx'), goal: LANDING_JS_GOAL },
  { what: 'first visit: /trial (prerendered)', files: prerendered('trial.html', 'features/trial/trial-page.tsx'), goal: LANDING_JS_GOAL },
  { what: 'first visit: /guest/contract (prerendered, no trial agreement)', files: guestEditor(false) },
  { what: 'first visit: /guest/contract, a trial agreement in the browser', files: guestEditor(true) },
  { what: 'first visit: /login', files: firstVisit('features/account/login-page.tsx') },
  { what: 'then: subscriber dashboard', files: onTop('app/routes/my-home-route.tsx') },
  { what: 'then: agreement editor', files: onTop('app/routes/my-contract-route.tsx') },
  { what: 'then: PDF viewer', files: onTop('app/routes/pdf-view-route.tsx') },
  { what: 'then: Admin Panel', files: onTop('app/routes/admin-panel-route.tsx') },
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('| what is downloaded | files | raw | JS gzip | JS brotli | CSS gzip | goal (JS gzip) |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  const size = measure(row.files);
  const goal = row.goal === undefined ? '' : `<= ${kb(row.goal)}: ${size.jsGzip <= row.goal ? 'met' : 'NOT met'}`;
  console.log(`| ${row.what} | ${size.count} | ${kb(size.raw)} | ${kb(size.jsGzip)} | ${kb(size.jsBrotli)} | ${kb(size.cssGzip)} | ${goal} |`);
}
console.log('(JS includes the HTML page on first visits; fonts and the PDF.js worker load on demand and are not counted;');
console.log(" the server sends the build's .br copy to browsers that accept brotli, else the .gz copy)");
