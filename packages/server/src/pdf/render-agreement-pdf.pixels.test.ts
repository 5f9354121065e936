/**
 * Pixel comparison of a rendered agreement page with a committed reference image: the guard of
 * what the renderer's content streams and embedded fonts produce (page-content.ts, ADR 004; its
 * own PDF writer, ADR 194). The first page is rasterised by
 * Poppler's `pdftoppm` (Debian package poppler-utils; `.ci/run` installs it) and compared with
 * pixelmatch with a colour tolerance per pixel (PIXEL_THRESHOLD) and a tiny count tolerance
 * (MAX_DIFFERENT_PIXELS), so anti-aliasing shades of another Poppler or FreeType version pass,
 * while a changed letter, a wrong colour or a moved column fails.
 *
 * After an intended change of the PDF's look, regenerate the reference and commit it:
 *   UPDATE_PDF_REFERENCE=1 npx vitest run packages/server/src/pdf/render-agreement-pdf.pixels.test.ts
 * Without pdftoppm the test is skipped with a warning, and fails when CI is set.
 */
import type { Subject } from '@bpa/domain/contract';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_DIFFERENT_PIXELS, differentPixels, hasPdftoppm } from '../test/pdf-pixels';
import { testAgreement, testOption, testSubject } from '../test/test-agreement-builders';
import { renderAgreementPdf } from './render-agreement-pdf';

const REFERENCE = join(import.meta.dirname, 'reference', 'agreement-page-1.png');

/** A fixed agreement using what the page can show: colours, suits, bold, italics, sub-categories. */
function sampleAgreement() {
  const subjects: Record<number, Subject[]> = {
    0: [
      testSubject('1NT opening', [testOption('15-17 HCP, may hold a 5-card major'), testOption('##c1#Stayman### and ##c3#transfers### !h !s', { bold: true })]),
      testSubject('Two-level openings', [testOption('2!c strong and artificial'), testOption('Weak two in !d, !h and !s', { italics: true })], {
        subcategoryName: 'Strong hands',
      }),
    ],
    3: [testSubject('Overcalls', [testOption('##c2#Light in third seat###'), testOption('Jump overcalls are weak')])],
    7: [testSubject('Leads', [testOption('Fourth best from length'), testOption('##c5#Top of a sequence###', { bold: true, italics: true })])],
  };
  return testAgreement('Pixel reference', subjects);
}

describe.skipIf(!hasPdftoppm)('agreement PDF, pixel comparison', () => {
  it('renders page 1 like the committed reference image', async () => {
    // A fixed date: the footer prints it.
    const pdf = await renderAgreementPdf(sampleAgreement(), { pageSize: 'letter', revision: 7, printedOn: new Date('2026-11-25T12:00:00Z') });
    expect(differentPixels(pdf, 1, REFERENCE)).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
  });
});
