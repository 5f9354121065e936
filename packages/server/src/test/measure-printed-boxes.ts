/**
 * Measures where the classic ACBL form prints each check box, to make and to check the committed
 * table of boxes (domain acbl-classic-boxes.ts; docs/official-cards.md). Read with PDF.js, which
 * the tests use to read PDFs as a viewer does; not part of the server.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { FormField } from '../pdf/form-pages';

/** A check box glyph of the forms' fonts (a square in the private use area, or U+25A1 ☐). */
const BOX_GLYPH = /^[\u25a1\uf000-\uf0ff]$/u;

/**
 * Measures, for each check field, the box the form prints for it (the classic card's boxes are
 * glyphs a little left of and below the centre of their 14 pt widgets): the nearest box glyph within
 * 8 pt of the widget's centre, read with PDF.js; the square sits at 0.44 and 0.34 of the font size
 * from the glyph's origin and is 0.7 of it wide (measured on the classic form at 720 dpi). Used to
 * make and to check the committed table (domain acbl-classic-boxes.ts), not when drawing a card.
 *
 * @returns by field name, the box's centre and side in points (fields with no box glyph near them are left out)
 */
export async function measurePrintedBoxes(
  bytes: Uint8Array,
  fields: ReadonlyMap<string, FormField>,
): Promise<Map<string, { x: number; y: number; side: number }>> {
  const found = new Map<string, { x: number; y: number; side: number }>();

  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  try {
    for (let pageIndex = 0; pageIndex < document.numPages; pageIndex++) {
      const content = await (await document.getPage(pageIndex + 1)).getTextContent();
      const boxes: { x: number; y: number; side: number }[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !BOX_GLYPH.test(item.str)) continue;
        const [size = 0, , , , x = 0, y = 0] = item.transform as number[];
        boxes.push({ x: x + 0.44 * size, y: y + 0.34 * size, side: 0.7 * size });
      }
      for (const field of fields.values()) {
        if (field.kind !== 'check' || field.page !== pageIndex) continue;
        const centre = { x: field.x + field.width / 2, y: field.y + field.height / 2 };
        let best: { x: number; y: number; side: number } | undefined;
        let bestDistance = 8;
        for (const box of boxes) {
          const distance = Math.hypot(box.x - centre.x, box.y - centre.y);
          if (distance < bestDistance) {
            best = box;
            bestDistance = distance;
          }
        }
        if (best) found.set(field.name, best);
      }
    }
  } finally {
    await document.destroy();
  }
  return found;
}
