/**
 * The renderer's own PDF writer (pdf-document.ts, ADR 194), tested by parsing what it writes: PDF.js
 * reads the pages, text, metadata, structure tree and attachment; `qpdf --check` finds no error in
 * the syntax, the object streams or the cross-reference stream; every object is found through the
 * cross-reference stream. Misuse (an object written twice or never, a second end) throws.
 */
import { Buffer } from 'node:buffer';
import { createAgreementFromTemplate, selectAllInCategory } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { sampleTemplateCsv } from '@bpa/domain/sample-template';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { packedDictionaries } from '../test/pdf-dictionaries';
import { hasQpdf, qpdfCheck } from '../test/qpdf-check';
import { readPdfText } from '../test/read-pdf-text';
import { loadAgreementFonts } from './agreement-fonts';
import { OBJECTS_PER_STREAM } from './object-streams';
import { PageContent, embedFonts } from './page-content';
import { PdfDocument } from './pdf-document';
import { StructureTree } from './pdf-structure';
import { renderOfficialCard } from './render-official-card';
import { renderAgreementPdf } from './render-agreement-pdf';

const CREATED = new Date(Date.UTC(2026, 10, 26, 9, 30, 5));

/** A tagged document of `paragraphs` marked paragraphs, 40 a page, with an attachment. */
function sampleFile(paragraphs: number): Buffer {
  const doc = new PdfDocument({
    title: 'Stayman ♣ and (transfers)',
    creator: 'pdf-document.test.ts',
    creationDate: CREATED,
    lang: 'en',
    displayTitle: true,
    tagged: true,
  });
  const fonts = embedFonts(doc, loadAgreementFonts());
  const tree = new StructureTree(doc);
  doc.attachFile(Buffer.from('{"formatVersion":1}'), { name: 'agreement.json', type: 'application/json', creationDate: CREATED, modifiedDate: CREATED });
  const section = tree.element('Sect', tree.root);
  let content: PageContent | undefined;
  for (let n = 0; n < paragraphs; n += 1) {
    if (n % 40 === 0) {
      content?.finish();
      doc.addPage(612, 792);
      content = new PageContent(doc, fonts, 792, true);
      content.fillRect(40, 20, 532, 4, '#1f4e79');
    }
    const marked = tree.mark(content as PageContent, 'P');
    (content as PageContent).drawText(
      `Paragraph ${n + 1}: 1NT opening 15-17, 2♣ Stayman.`,
      n % 2 === 0 ? 'regular' : 'bold',
      10,
      '#111111',
      40,
      40 + (n % 40) * 18,
    );
    content?.endMarked();
    tree.addContent(tree.element('P', section), marked);
  }
  content?.finish();
  tree.finish();
  fonts.finish();
  return doc.end();
}

/** What PDF.js reads of a file: text per page, the roles of the first page's tree, metadata, attachments. */
async function readBack(pdf: Buffer) {
  const text = await readPdfText(pdf);
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const tree = JSON.stringify(await (await document.getPage(1)).getStructTree());
    const { info } = (await document.getMetadata()) as { info: { Title?: string; Creator?: string; Language?: string } };
    const attachments = (await document.getAttachments()) as Record<string, { filename: string; content: Uint8Array }> | null;
    const attached = attachments ? Object.values(attachments).map((file) => [file.filename, Buffer.from(file.content).toString()]) : [];
    const [, , width, height] = (await document.getPage(1)).view;
    return { text, tree, info, attached, pages: document.numPages, size: [width, height] };
  } finally {
    await document.destroy();
  }
}

describe('PdfDocument', () => {
  it('writes a file PDF.js reads: pages, text, title, language, structure tree and attachment', async () => {
    const pdf = sampleFile(100);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.5');
    const read = await readBack(pdf);
    expect(read.pages).toBe(3);
    expect(read.size).toEqual([612, 792]);
    expect(read.text[0]).toContain('Paragraph 1: 1NT opening 15-17, 2♣ Stayman.');
    expect(read.text[2]).toContain('Paragraph 100:');
    expect(read.info).toMatchObject({ Title: 'Stayman ♣ and (transfers)', Creator: 'pdf-document.test.ts', Language: 'en' });
    expect(read.tree).toContain('"role":"Sect"');
    expect(read.tree).toContain('"role":"P"');
    expect(read.attached).toEqual([['agreement.json', '{"formatVersion":1}']]);
  });

  it('puts every object that is not a stream into object streams, each found through the cross-reference stream', () => {
    const pdf = sampleFile(300);
    const raw = pdf.toString('latin1');
    expect(raw).not.toMatch(/\nxref\n/);
    const { dictionaries, plain } = packedDictionaries(pdf);
    expect(dictionaries.size).toBeGreaterThan(OBJECTS_PER_STREAM);
    expect(raw.match(/\/Type \/ObjStm/g)?.length).toBe(Math.ceil(dictionaries.size / OBJECTS_PER_STREAM));
    // The streams stay plain objects: 8 pages' content, 2 fonts' files and ToUnicode maps, the attachment, the object streams.
    expect(plain.length).toBe(8 + 4 + 1 + Math.ceil(dictionaries.size / OBJECTS_PER_STREAM) + 1);
    expect([...dictionaries.values()].filter((text) => text.startsWith('<<\n/S /P\n'))).toHaveLength(300);
  });

  it('gives a page with nothing drawn an empty content stream, and writes an untagged document without structure', async () => {
    const doc = new PdfDocument({ title: 'Blank', creator: 'pdf-document.test.ts' });
    doc.addPage(595.28, 841.89);
    const pdf = doc.end();
    const raw = packedDictionaries(pdf);
    expect([...raw.dictionaries.values()].join('\n')).not.toMatch(/StructTreeRoot|MarkInfo|\/Tabs/);
    const read = await readBack(pdf);
    expect(read.pages).toBe(1);
    expect(read.size).toEqual([595.28, 841.89]);
    expect(read.text).toEqual(['']);
  });

  it('throws on an object written twice or never, a second end, drawing before the first page, and a second file of one name', () => {
    const twice = new PdfDocument({ title: 'x', creator: 'test' });
    const ref = twice.ref();
    twice.writeObject(ref, '<<\n>>');
    expect(() => twice.writeObject(ref, '<<\n>>')).toThrow('written already');
    expect(() => twice.page).toThrow('no page yet');
    const never = new PdfDocument({ title: 'x', creator: 'test' });
    const missing = never.ref();
    expect(() => never.end()).toThrow(`PDF objects ${missing.id} were numbered but never written`);
    const ended = new PdfDocument({ title: 'x', creator: 'test' });
    ended.end();
    expect(() => ended.end()).toThrow('has ended');
    expect(() => ended.addPage(612, 792)).toThrow('has ended');
    const attached = new PdfDocument({ title: 'x', creator: 'test' });
    attached.attachFile(Buffer.from('{}'), { name: 'a.json', type: 'application/json' });
    expect(() => attached.attachFile(Buffer.from('{}'), { name: 'a.json', type: 'application/json' })).toThrow('attached already');
  });
});

describe.skipIf(!hasQpdf)('PdfDocument files, qpdf --check', () => {
  it('finds no error in a written file, the agreement PDF with its attachment, or the convention card', async () => {
    let agreement = createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv('qpdf')), 'qpdf ♠♥♦♣ (check)');
    for (const category of agreement.categories) agreement = selectAllInCategory(agreement, category._id);
    const files = [
      sampleFile(300),
      await renderAgreementPdf(agreement, { revision: 3, attachment: agreement }),
      await renderAgreementPdf(agreement, { pageSize: 'a4', print: { layout: 'large', fourColourSuits: true } }),
      (await renderOfficialCard(agreement, 'classic')).pdf,
    ];
    for (const pdf of files) {
      const { status, output } = qpdfCheck(pdf);
      expect(output).toContain('No syntax or stream encoding errors found');
      expect(status, output).toBe(0);
    }
  });
});
