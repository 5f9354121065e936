/**
 * Reads a PDF's text in reading order with PDF.js (docs/conventions.md: "PDFs are tested as PDFs").
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page, one string per page, items joined by spaces. */
export async function readPdfText(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
