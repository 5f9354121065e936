/**
 * Bundle sizes (design 10): what the browser downloads, gzip-compressed, for the landing page on a
 * first visit and for the agreement editor and the PDF viewer when the visitor moves on to them.
 * Reads the build's manifest (packages/web/dist/.vite/manifest.json; `npm run bench` builds first).
 * Prints figures; asserts nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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

function gzipSize(files: Iterable<string>): { raw: number; gzip: number; count: number } {
  let raw = 0;
  let gzip = 0;
  let count = 0;
  for (const file of files) {
    const bytes = readFileSync(`${dist}${file}`);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    count += 1;
  }
  return { raw, gzip, count };
}

function findKey(suffix: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`No chunk for ${suffix} in the build manifest`);
  return key;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('The build manifest has no entry');
const entry = closure(entryKey);
const html = readFileSync(`${dist}index.html`);
const withoutEntry = (files: Set<string>) => [...files].filter((f) => !entry.has(f));

const rows = [
  { what: 'landing page, first visit (HTML + entry + landing route)', files: [...closure(findKey('app/routes/landing-route.tsx'), new Set(entry))], extraHtml: true },
  { what: 'agreement editor, on top of the first visit', files: withoutEntry(closure(findKey('features/agreement/contract-editor-page.tsx'))), extraHtml: false },
  { what: 'PDF viewer, on top of the first visit', files: withoutEntry(closure(findKey('app/routes/pdf-view-route.tsx'))), extraHtml: false },
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('| what is downloaded | files | raw | gzip |');
console.log('|---|---|---|---|');
for (const row of rows) {
  const size = gzipSize(row.files);
  const raw = size.raw + (row.extraHtml ? html.length : 0);
  const gzip = size.gzip + (row.extraHtml ? gzipSync(html).length : 0);
  console.log(`| ${row.what} | ${size.count + (row.extraHtml ? 1 : 0)} | ${kb(raw)} | ${kb(gzip)} |`);
}
console.log('(fonts and the PDF.js worker load on demand and are not counted)');
