/**
 * Start-up self-check of the pdfkit internals the PDF renderer writes to (page-content.ts,
 * ADR 004, ADR 183): an embedded font's `ref`, `id`, `embed` and `encode` (replaced per document),
 * the document's `_font` and `ref`, the page's `fonts` dictionary and its `content` object's
 * `buffer`, `compress` and `data` (page content deflated by the renderer); for tagging (pdf-structure.ts) the
 * document's `getStructParentTree` and `getStructTreeRoot` and the page's `structParentTreeKey` and `dictionary`; for object
 * streams (object-streams.ts, ADR 186) the document's `_root` and its `finalize`, `_refEnd`, `_finalize`,
 * `_write`, `_offsets`, `_offset` and `_id`. pdfkit does not publish them, so an
 * upgrade may rename them; the server then refuses to start with an error naming the installed
 * pdfkit version, instead of failing at the first PDF a user asks for.
 *
 * The pixel comparison of a rendered page (render-agreement-pdf.pixels.test.ts) guards what those
 * fields produce.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { loadAgreementFonts } from './agreement-fonts';

/** The pdfkit version installed next to this package, e.g. "0.20.2" ("unknown" if unreadable). */
export function installedPdfkitVersion(): string {
  try {
    // pdfkit's "exports" hide its package.json: find it beside the resolved entry point.
    let folder = dirname(createRequire(import.meta.url).resolve('pdfkit'));
    for (let depth = 0; depth < 4; depth++, folder = dirname(folder)) {
      try {
        const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (manifest.name === 'pdfkit' && manifest.version) return manifest.version;
      } catch {
        // no package.json at this level: go up
      }
    }
  } catch {
    // pdfkit not resolvable: the import above would have failed first
  }
  return 'unknown';
}

/**
 * Lists what the renderer needs from a pdfkit document with one font selected and finds missing.
 *
 * @param doc a document after `registerFont` and `font`
 * @returns the missing internals, e.g. ['_font.embed']; empty when all are there
 */
export function findMissingPdfkitInternals(doc: unknown): string[] {
  const missing: string[] = [];
  const record = (value: unknown): Record<string, unknown> | undefined =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  const font = record(record(doc)?._font);
  if (!font) return ['_font'];
  if (typeof font.ref !== 'function') missing.push('_font.ref');
  if (typeof font.id !== 'string') missing.push('_font.id');
  if (typeof font.embed !== 'function') missing.push('_font.embed');
  if (typeof font.encode !== 'function') missing.push('_font.encode');
  if (typeof record(doc)?.ref !== 'function') missing.push('ref');
  if (!record(record(record(doc)?.page)?.fonts)) missing.push('page.fonts');
  const content = record(record(record(doc)?.page)?.content);
  if (!Array.isArray(content?.buffer) || typeof content?.compress !== 'boolean' || !record(content?.data)) missing.push('page.content.buffer/compress/data');
  // Tagging (pdf-structure.ts): MCIDs are allocated in the page's entry of the parent tree, the tree hangs from the StructTreeRoot.
  if (typeof record(doc)?.getStructParentTree !== 'function') missing.push('getStructParentTree');
  if (typeof record(doc)?.getStructTreeRoot !== 'function') missing.push('getStructTreeRoot');
  const page = record(record(doc)?.page);
  if (page && !('structParentTreeKey' in Object.getPrototypeOf(page) || 'structParentTreeKey' in page)) missing.push('page.structParentTreeKey');
  if (!record(page?.dictionary)) missing.push('page.dictionary');
  // Object streams (object-streams.ts): the file is ended and its dictionaries are written there.
  const document = record(doc);
  if (typeof record(document?._root)?.finalize !== 'function') missing.push('_root.finalize');
  if (['_refEnd', '_finalize', '_write'].some((name) => typeof document?.[name] !== 'function')) missing.push('_refEnd/_finalize/_write');
  if (!Array.isArray(document?._offsets) || typeof document?._offset !== 'number') missing.push('_offsets/_offset');
  if (!(document?._id instanceof Uint8Array)) missing.push('_id');
  return missing;
}

/**
 * Checks the internals on a real (unsaved) document with the agreement font.
 *
 * @throws Error naming the pdfkit version and the missing fields when any is missing
 */
export function checkPdfkitInternals(): void {
  const doc = new PDFDocument({ autoFirstPage: true });
  // pdfkit takes a parsed fontkit font as well as a buffer; its types only list the buffer.
  doc.registerFont('check', loadAgreementFonts().regular.font as unknown as Buffer);
  doc.font('check');
  const missing = findMissingPdfkitInternals(doc);
  if (missing.length > 0) {
    throw new Error(
      `pdfkit ${installedPdfkitVersion()} lacks internals the agreement PDF writes to (${missing.join(', ')}). ` +
        'It is pinned to ~0.20 for this reason (docs/decisions/004-pdf-text-drawing.md): install pdfkit 0.20, or adapt packages/server/src/pdf/page-content.ts.',
    );
  }
}
