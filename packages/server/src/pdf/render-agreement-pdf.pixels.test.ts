/**
 * Pixel comparison of a rendered agreement page with a committed reference image: the guard of
 * what the pdfkit internals in page-content.ts produce (ADR 004). The first page is rasterised by
 * Poppler's `pdftoppm` (Debian package poppler-utils; `.ci/run` installs it) and compared with
 * pixelmatch with a colour tolerance per pixel (PIXEL_THRESHOLD) and a tiny count tolerance
 * (MAX_DIFFERENT_PIXELS), so anti-aliasing shades of another Poppler or FreeType version pass,
 * while a changed letter, a wrong colour or a moved column fails.
 *
 * After an intended change of the PDF's look, regenerate the reference and commit it:
 *   UPDATE_PDF_REFERENCE=1 npx vitest run packages/server/src/pdf/render-agreement-pdf.pixels.test.ts
 * Without pdftoppm the test is skipped with a warning, and fails when CI is set.
 */
import type { Category, Option, Subject } from '@bpa/domain/contract';
import { SAMPLE_CATEGORY_NAMES } from '@bpa/domain/sample-template';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { renderAgreementPdf } from './render-agreement-pdf';

const REFERENCE = join(import.meta.dirname, 'reference', 'agreement-page-1.png');
/** Rasterising resolution: enough to see every line of 9-point text, small enough to commit. */
const DPI = 100;
/**
 * Tolerance for anti-aliasing: a pixel counts as different only when its colour is further than
 * this from the reference (pixelmatch's YIQ distance, 0 to 1), so the lighter or darker edge
 * shades of another rasteriser version pass; a glyph, a colour or a line that moved does not.
 */
const PIXEL_THRESHOLD = 0.25;
/** Different pixels allowed: a single changed letter (h to n) differs in about 5 at 100 dpi. */
const MAX_DIFFERENT_PIXELS = 2;

// Test switches, not server configuration: read here rather than through config.ts.
// eslint-disable-next-line no-restricted-syntax
const { CI: isCi, UPDATE_PDF_REFERENCE: isUpdate } = process.env;
const hasPdftoppm = spawnSync('pdftoppm', ['-v']).error === undefined;
if (!hasPdftoppm) {
  const message = 'PDF PIXEL TEST SKIPPED: pdftoppm not found (apt-get install poppler-utils).';
  if (isCi) throw new Error(message);
  console.warn(`!! ${message}`);
}

let nextId = 0;
const newId = () => `px-${(nextId += 1)}`;
const option = (optionName: string, flags: Partial<Option> = {}): Option => ({
  _id: newId(),
  optionName,
  isSelected: true,
  bold: false,
  italics: false,
  editedName: '',
  isEdited: false,
  ...flags,
});
const subject = (subjectName: string, options: Option[], flags: Partial<Subject> = {}): Subject => ({
  _id: newId(),
  subjectName,
  subcategoryName: '',
  subcategoryBold: true,
  subcategoryItalics: false,
  bold: false,
  italics: false,
  isSelected: true,
  isLocked: false,
  options,
  editedName: '',
  isEdited: false,
  ...flags,
});

/** A fixed agreement using what the page can show: colours, suits, bold, italics, sub-categories. */
function sampleAgreement(): { contractName: string; categories: Category[] } {
  const subjects: Record<number, Subject[]> = {
    0: [
      subject('1NT opening', [option('15-17 HCP, may hold a 5-card major'), option('##c1#Stayman### and ##c3#transfers### !h !s', { bold: true })]),
      subject('Two-level openings', [option('2!c strong and artificial'), option('Weak two in !d, !h and !s', { italics: true })], {
        subcategoryName: 'Strong hands',
      }),
    ],
    3: [subject('Overcalls', [option('##c2#Light in third seat###'), option('Jump overcalls are weak')])],
    7: [subject('Leads', [option('Fourth best from length'), option('##c5#Top of a sequence###', { bold: true, italics: true })])],
  };
  const categories = SAMPLE_CATEGORY_NAMES.map((categoryName, index): Category => ({
    _id: newId(),
    order: index + 1,
    categoryName,
    bold: false,
    italics: false,
    subjects: subjects[index] ?? [],
  }));
  return { contractName: 'Pixel reference', categories };
}

const workDir = mkdtempSync(join(tmpdir(), 'bpa-pdf-pixels-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe.skipIf(!hasPdftoppm)('agreement PDF, pixel comparison', () => {
  it('renders page 1 like the committed reference image', async () => {
    const pdfPath = join(workDir, 'agreement.pdf');
    // A fixed date: the footer prints it.
    writeFileSync(pdfPath, await renderAgreementPdf(sampleAgreement(), { pageSize: 'letter', revision: 7, printedOn: new Date('2026-11-25T12:00:00Z') }));
    const raster = spawnSync('pdftoppm', ['-f', '1', '-l', '1', '-r', String(DPI), '-png', '-singlefile', pdfPath, join(workDir, 'page')]);
    expect(raster.status, raster.stderr?.toString()).toBe(0);
    const actualBytes = readFileSync(join(workDir, 'page.png'));

    if (isUpdate || !existsSync(REFERENCE)) {
      if (isCi) throw new Error(`The reference image ${REFERENCE} is missing; regenerate it and commit it.`);
      writeFileSync(REFERENCE, actualBytes);
      console.warn(`PDF reference image written: ${REFERENCE}`);
    }

    const actual = PNG.sync.read(actualBytes);
    const expected = PNG.sync.read(readFileSync(REFERENCE));
    expect({ width: actual.width, height: actual.height }).toEqual({ width: expected.width, height: expected.height });
    const diff = new PNG({ width: actual.width, height: actual.height });
    const different = pixelmatch(actual.data, expected.data, diff.data, actual.width, actual.height, { threshold: PIXEL_THRESHOLD, includeAA: true });
    if (different > MAX_DIFFERENT_PIXELS) {
      const diffPath = join(tmpdir(), 'bpa-agreement-page-1.diff.png');
      writeFileSync(diffPath, PNG.sync.write(diff));
      writeFileSync(diffPath.replace('.diff.png', '.actual.png'), actualBytes);
      console.warn(`PDF page differs from the reference in ${different} pixels; see ${diffPath}`);
    }
    expect(different).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
  });
});
