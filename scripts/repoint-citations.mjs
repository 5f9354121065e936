// Re-points citations of documents outside the repository (the product specification, the design
// notes, the bridge fact sheet, a developers' guide) to the repository's own docs/ (docs/conventions.md, "Comments and docs"):
//   "spec 7" / "spec section 7"      -> "docs/product.md §7"
//   "design 8" / "design section 8"  -> "docs/product.md §D8"
//   "domain-facts section 4.5"       -> "docs/bridge.md §4.5"
// Idempotent: run it again after merging a branch that still cites the old names
// (`node scripts/repoint-citations.mjs`); scripts/doc-citations.test.ts fails while any is left.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CITED_ROOTS = [
  'packages',
  'e2e',
  'bench',
  'scripts',
  'templates',
  'docs',
  'README.md',
  'ARCHITECTURE.md',
  'eslint.config.js',
  'vitest.config.ts',
  'vitest.setup.ts',
  '.ci',
  '.env.example',
];
const SKIP_DIRECTORIES = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'reference', 'fixtures']);
const EXTENSIONS = /\.(ts|tsx|js|mjs|md|css)$|^run$|^\.env\.example$/;
/** Files that quote the old names on purpose. */
const SKIP_FILES = new Set(['scripts/repoint-citations.mjs', 'scripts/doc-citations.test.ts']);

/** Every file whose comments may cite documents, relative to the repository root. */
export function citingFiles(root = ROOT) {
  const files = [];
  const walk = (path) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory()) {
      for (const name of readdirSync(path)) if (!SKIP_DIRECTORIES.has(name)) walk(join(path, name));
    } else if (EXTENSIONS.test(path.split('/').at(-1))) {
      const rel = relative(root, path);
      if (!SKIP_FILES.has(rel)) files.push(rel);
    }
  };
  for (const entry of CITED_ROOTS) walk(join(root, entry));
  return files;
}

const RULES = [
  [/\bspec\/product-spec\.md\b/g, 'docs/product.md'],
  [/(?:\.\.\/shared\/)?docs\/design\.md\b/g, 'docs/product.md'],
  [/(?:docs\/)?domain-facts(?:\.md)?(?: section|,? §) ?(\d+(?:\.\d+)?[a-z]?)/g, 'docs/bridge.md §$1'],
  [/(?:docs\/)?domain-facts(?:\.md)?\b/g, 'docs/bridge.md'],
  [/\bDEVELOPERS\.md\b/g, 'README.md'],
  [/\b[Ss]pec(?:'s)? section (\d+)/g, 'docs/product.md §$1'],
  [/\b[Dd]esign(?:'s)? section (\d+)/g, 'docs/product.md §D$1'],
  [/\b[Ss]pec (\d+)\b/g, 'docs/product.md §$1'],
  [/\b[Dd]esign (\d+)\b/g, 'docs/product.md §D$1'],
];

/** The text with every old citation re-pointed. */
export function repoint(text) {
  return RULES.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let changed = 0;
  for (const file of citingFiles()) {
    const path = join(ROOT, file);
    const before = readFileSync(path, 'utf8');
    const after = repoint(before);
    if (after !== before) {
      writeFileSync(path, after);
      changed += 1;
    }
  }
  console.log(`repoint-citations: ${changed} files changed`);
}
