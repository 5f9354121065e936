/**
 * StructureTree (pdf-structure.ts): the elements it writes, read back by PDF.js per page (roles,
 * nesting, each marked text under its element), and the dictionaries as pdfkit's own `struct`
 * wrote them before ADR 194: /S, /P, /K, /Pg in that order, content on a second page as an /MCR
 * dictionary; the parent tree naming each MCID's element.
 */
import { type Buffer } from 'node:buffer';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { loadAgreementFonts } from './agreement-fonts';
import { PageContent, embedFonts } from './page-content';
import { PdfDocument } from './pdf-document';
import { StructureTree } from './pdf-structure';
import { packedDictionaries } from '../test/pdf-dictionaries';

interface Node {
  role?: string;
  type?: string;
  id?: string;
  children?: Node[];
}

/** Document > Sect > (H2, L > LI > LBody over two pages), then P on page 2. */
function taggedFile(): Buffer {
  const doc = new PdfDocument({ title: 'Tagged', creator: 'pdf-structure.test.ts', tagged: true, creationDate: new Date(Date.UTC(2026, 10, 26)) });
  const fonts = embedFonts(doc, loadAgreementFonts());
  const tree = new StructureTree(doc);
  const page = () => {
    doc.addPage(612, 792);
    return new PageContent(doc, fonts, 792, true);
  };
  const draw = (content: PageContent, tag: string, text: string, y: number) => {
    const marked = tree.mark(content, tag);
    content.drawText(text, 'regular', 10, '#111111', 40, y);
    content.endMarked();
    return marked;
  };

  const first = page();
  const section = tree.element('Sect', tree.root);
  tree.addContent(tree.element('H2', section), draw(first, 'H2', 'Notrump openings', 50));
  const list = tree.element('L', section);
  const body = tree.element('LBody', tree.element('LI', list));
  tree.addContent(body, draw(first, 'LBody', 'Stayman', 70));
  first.finish();
  const second = page();
  tree.addContent(body, draw(second, 'LBody', 'Jacoby transfers', 50));
  tree.addContent(tree.element('P', tree.root), draw(second, 'P', 'Notes', 70));
  second.finish();
  tree.finish();
  fonts.finish();
  return doc.end();
}

/** Each page's structure tree as PDF.js reads it, with each content node replaced by its text. */
async function readTrees(pdf: Buffer): Promise<unknown[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const trees: unknown[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const text = await page.getTextContent({ includeMarkedContent: true });
      const byId = new Map<string, string>();
      let open: string | undefined;
      for (const item of text.items) {
        if ('type' in item && item.type === 'beginMarkedContentProps' && typeof item.id === 'string') open = item.id;
        else if ('str' in item && open) byId.set(open, (byId.get(open) ?? '') + item.str);
      }
      const simplify = (node: Node): unknown =>
        node.type === 'content' ? byId.get(node.id ?? '') : { [node.role ?? '?']: (node.children ?? []).map(simplify) };
      trees.push(simplify((await page.getStructTree()) as Node));
    }
    return trees;
  } finally {
    await document.destroy();
  }
}

describe('StructureTree', () => {
  it('writes a tree PDF.js reads page by page, each text under its element', async () => {
    expect(await readTrees(taggedFile())).toEqual([
      { Root: [{ Document: [{ Sect: [{ H2: ['Notrump openings'] }, { L: [{ LI: [{ LBody: ['Stayman'] }] }] }] }] }] },
      { Root: [{ Document: [{ Sect: [{ L: [{ LI: [{ LBody: ['Jacoby transfers'] }] }] }] }, { P: ['Notes'] }] }] },
    ]);
  });

  it('writes each element as pdfkit did: /S, /P, /K, /Pg; content on another page as /MCR', () => {
    const { dictionaries } = packedDictionaries(taggedFile());
    const raw = [...dictionaries.values()].join('\n');
    const pages = [...dictionaries].filter(([, text]) => text.startsWith('<<\n/Type /Page\n')).map(([id]) => `${id} 0 R`);
    expect(pages).toHaveLength(2);
    expect(raw).toMatch(new RegExp(`<<\\n/S /LBody\\n/P \\d+ 0 R\\n/K \\[1 <<\\n/Type /MCR\\n/Pg ${pages[1]}\\n/MCID 0\\n>>\\]\\n/Pg ${pages[0]}\\n>>`));
    expect(raw).toMatch(new RegExp(`<<\\n/S /H2\\n/P \\d+ 0 R\\n/K \\[0\\]\\n/Pg ${pages[0]}\\n>>`));
    expect(raw).toMatch(/<<\n\/S \/Sect\n\/P \d+ 0 R\n\/K \[\d+ 0 R \d+ 0 R\]\n>>/);
    expect(raw).toMatch(/<<\n\/S \/Document\n\/P \d+ 0 R\n\/K \[\d+ 0 R \d+ 0 R\]\n>>/);
    // The parent tree: page 1's MCIDs 0 and 1, page 2's 0 and 1, each naming its element.
    expect(raw).toMatch(/\/ParentTree <<\n {2}\/Limits \[0 1\]\n {2}\/Nums \[\n {4}0 \[\d+ 0 R \d+ 0 R\]\n {4}1 \[\d+ 0 R \d+ 0 R\]\n\]\n>>/);
    expect([...dictionaries.values()].filter((text) => text.startsWith('<<\n/S /'))).toHaveLength(7);
  });

  it('refuses a document that is not tagged', () => {
    expect(() => new StructureTree(new PdfDocument({ title: 'Plain', creator: 'pdf-structure.test.ts' }))).toThrow('tagged document');
  });
});
