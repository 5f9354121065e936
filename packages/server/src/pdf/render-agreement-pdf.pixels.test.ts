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
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_DIFFERENT_PIXELS, differentPixels, hasPdftoppm } from '../test/pdf-pixels';
import { renderAgreementPdf } from './render-agreement-pdf';

const REFERENCE = join(import.meta.dirname, 'reference', 'agreement-page-1.png');

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

describe.skipIf(!hasPdftoppm)('agreement PDF, pixel comparison', () => {
  it('renders page 1 like the committed reference image', async () => {
    // A fixed date: the footer prints it.
    const pdf = await renderAgreementPdf(sampleAgreement(), { pageSize: 'letter', revision: 7, printedOn: new Date('2026-11-25T12:00:00Z') });
    expect(differentPixels(pdf, 1, REFERENCE)).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
  });
});
