/**
 * packObjectStreams (object-streams.ts) on files pdfkit writes: the packed file reads the same in
 * PDF.js (pages, text, structure tree, metadata, attachment) and is smaller; a file of another
 * form is returned unchanged.
 */
import { Buffer } from 'node:buffer';
import PDFDocument from 'pdfkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { packObjectStreams } from './object-streams';
import { readPdfText } from '../test/read-pdf-text';

/** A tagged pdfkit file of `paragraphs` paragraphs over several pages, with an attachment. */
async function pdfkitFile(paragraphs: number): Promise<Buffer> {
  const doc = new PDFDocument({ tagged: true, lang: 'en', info: { Title: 'Stayman and transfers' }, displayTitle: true } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  doc.file(Buffer.from('{"formatVersion":1}'), { name: 'agreement.json', type: 'application/json' });
  const section = doc.struct('Sect');
  doc.addStructure(section);
  for (let n = 1; n <= paragraphs; n++) {
    section.add(doc.struct('P', {}, () => doc.text(`Paragraph ${n}: 1NT opening 15-17, 2♣ Stayman.`)));
  }
  section.end();
  doc.end();
  return done;
}

/** What PDF.js reads of a file: text per page, the first page's structure roles, title, attachments. */
async function readBack(pdf: Buffer) {
  const text = await readPdfText(pdf);
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const tree = JSON.stringify(await (await document.getPage(1)).getStructTree());
    const { info } = (await document.getMetadata()) as { info: { Title?: string } };
    const attachments = (await document.getAttachments()) as Record<string, { content: Uint8Array }> | null;
    const attached = attachments ? Object.values(attachments).map((file) => Buffer.from(file.content).toString()) : [];
    return { text, tree, title: info.Title, attached };
  } finally {
    await document.destroy();
  }
}

describe('packObjectStreams', () => {
  it('packs the dictionaries into compressed object streams: the file reads the same and is smaller', async () => {
    const plain = await pdfkitFile(120);
    const packed = packObjectStreams(plain);
    expect(packed.subarray(0, 8).toString('latin1')).toBe('%PDF-1.5');
    const raw = packed.toString('latin1');
    expect(raw).toContain('/Type /ObjStm');
    expect(raw).toMatch(/\/Type \/XRef/);
    expect(raw).not.toMatch(/\nxref\n/);
    expect(packed.length).toBeLessThan(plain.length * 0.8);

    const before = await readBack(plain);
    const after = await readBack(packed);
    expect(after.text.length).toBeGreaterThan(1);
    expect(after).toEqual(before);
    expect(after.tree).toContain('"role":"P"');
    expect(after.title).toBe('Stayman and transfers');
    expect(after.attached).toEqual(['{"formatVersion":1}']);
  });

  it('returns a file of another form unchanged: incremental update, encryption, no PDF at all', async () => {
    const plain = await pdfkitFile(2);
    const object = '1 0 obj\n<< >>\nendobj\n';
    const update = `${object}xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 2 /Prev 9 >>\nstartxref\n${plain.length + object.length}\n%%EOF\n`;
    const updated = Buffer.concat([plain, Buffer.from(update)]);
    expect(packObjectStreams(updated)).toBe(updated);
    const encrypted = Buffer.from(plain.toString('latin1').replace('trailer\n<<', 'trailer\n<<\n/Encrypt 1 0 R'), 'latin1');
    expect(packObjectStreams(encrypted)).toBe(encrypted);
    const notPdf = Buffer.from('not a PDF');
    expect(packObjectStreams(notPdf)).toBe(notPdf);
  });
});
