/**
 * Pixel comparison of the convention card's front with a committed reference image (docs/pdf.md §7):
 * catches layout regressions of the card (a moved section, a lost check box, a wrong colour).
 * After an intended change of the card's look, regenerate and commit the reference:
 *   UPDATE_PDF_REFERENCE=1 npx vitest run packages/server/src/pdf/render-acbl-card.pixels.test.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAgreementFromTemplate, selectAllInCategory } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { describe, expect, it } from 'vitest';
import { MAX_DIFFERENT_PIXELS, differentPixels, hasPdftoppm } from '../test/pdf-pixels';
import { renderAcblCard } from './render-acbl-card';

const REFERENCE = join(import.meta.dirname, 'reference', 'acbl-card-page-1.png');

describe.skipIf(!hasPdftoppm)('convention card, pixel comparison', () => {
  it('renders the front like the committed reference image', async () => {
    // A frozen copy of Modern Standard American (reference/acbl-card-agreement.csv, with its catalogue keys: the card finds items by key), so a template correction does not move the card.
    const template = parseMasterCsv(readFileSync(join(import.meta.dirname, 'reference', 'acbl-card-agreement.csv'), 'utf8'));
    let id = 0;
    let agreement = {
      ...createAgreementFromTemplate(template, 'Pixel reference', () => `px-${++id}`),
      playerNames: ['Anna Smith', 'Bob Jones'] as [string, string],
    };
    // More ticks than the template's own, in one section of the front.
    agreement = selectAllInCategory(agreement, agreement.categories[4]!._id);
    const { pdf } = await renderAcblCard(agreement, { printedOn: new Date('2026-11-25T12:00:00Z') });
    expect(differentPixels(pdf, 1, REFERENCE)).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
  });
});
