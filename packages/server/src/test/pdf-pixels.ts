/**
 * Pixel comparison of a PDF page with a committed reference image (ADR 004; docs/pdf.md §7): the page
 * is rasterised by Poppler's `pdftoppm` (Debian package poppler-utils; `.ci/run` installs it) and
 * compared with pixelmatch with a colour tolerance per pixel (PIXEL_THRESHOLD) and a tiny count
 * tolerance (MAX_DIFFERENT_PIXELS), so anti-aliasing shades of another Poppler or FreeType version
 * pass, while a changed letter, a wrong colour or a moved column fails.
 *
 * With UPDATE_PDF_REFERENCE set (or no reference yet, outside CI) the reference is written instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** Rasterising resolution: enough to see every line of 7-point text, small enough to commit. */
export const DPI = 100;
/** A pixel counts as different only when its colour is further than this from the reference (YIQ, 0 to 1). */
export const PIXEL_THRESHOLD = 0.25;
/** Different pixels allowed: a single changed letter (h to n) differs in about 5 at 100 dpi. */
export const MAX_DIFFERENT_PIXELS = 2;

// Test switches, not server configuration: read here rather than through config.ts.
// eslint-disable-next-line no-restricted-syntax
const { CI: isCi, UPDATE_PDF_REFERENCE: isUpdate } = process.env;

/** True when pdftoppm can be run; without it the pixel tests are skipped (and fail under CI). */
export const hasPdftoppm = spawnSync('pdftoppm', ['-v']).error === undefined;
if (!hasPdftoppm) {
  const message = 'PDF PIXEL TEST SKIPPED: pdftoppm not found (apt-get install poppler-utils).';
  if (isCi) throw new Error(message);
  console.warn(`!! ${message}`);
}

/**
 * Rasterises page `page` (1-based) of `pdf` and counts the pixels that differ from `reference`.
 *
 * @returns the count, to compare with MAX_DIFFERENT_PIXELS; on a difference the actual and diff
 *   images are left in the temporary folder and named in a warning
 * @throws when pdftoppm fails, the sizes differ, or under CI the reference is missing
 */
export function differentPixels(pdf: Buffer, page: number, reference: string): number {
  const workDir = mkdtempSync(join(tmpdir(), 'bpa-pdf-pixels-'));
  try {
    const pdfPath = join(workDir, 'file.pdf');
    writeFileSync(pdfPath, pdf);
    const raster = spawnSync('pdftoppm', ['-f', String(page), '-l', String(page), '-r', String(DPI), '-png', '-singlefile', pdfPath, join(workDir, 'page')]);
    if (raster.status !== 0) throw new Error(`pdftoppm failed: ${raster.stderr?.toString() ?? ''}`);
    const actualBytes = readFileSync(join(workDir, 'page.png'));
    if (isUpdate || !existsSync(reference)) {
      if (isCi) throw new Error(`The reference image ${reference} is missing; regenerate it and commit it.`);
      writeFileSync(reference, actualBytes);
      console.warn(`PDF reference image written: ${reference}`);
    }
    const actual = PNG.sync.read(actualBytes);
    const expected = PNG.sync.read(readFileSync(reference));
    if (actual.width !== expected.width || actual.height !== expected.height) {
      throw new Error(`The page is ${actual.width}x${actual.height} pixels, the reference ${expected.width}x${expected.height}`);
    }
    const diff = new PNG({ width: actual.width, height: actual.height });
    const different = pixelmatch(actual.data, expected.data, diff.data, actual.width, actual.height, { threshold: PIXEL_THRESHOLD, includeAA: true });
    if (different > MAX_DIFFERENT_PIXELS) {
      const diffPath = join(tmpdir(), `bpa-${basename(reference, '.png')}.diff.png`);
      writeFileSync(diffPath, PNG.sync.write(diff));
      writeFileSync(diffPath.replace('.diff.png', '.actual.png'), actualBytes);
      console.warn(`PDF page differs from ${reference} in ${different} pixels; see ${diffPath}`);
    }
    return different;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
