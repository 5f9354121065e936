/**
 * writeWithObjectStreams (object-streams.ts) on pdfkit documents: the file reads in PDF.js as the
 * file pdfkit writes itself (pages, text, structure tree, metadata, attachment) and is smaller;
 * every dictionary is the text pdfkit would have written, found through the cross-reference
 * stream; encrypted documents, and documents not given to it, are written as pdfkit writes them.
 */
import { Buffer } from 'node:buffer';
import PDFDocument from 'pdfkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { toPdfText, writeWithObjectStreams } from './object-streams';
import { classicDictionaries, packedDictionaries } from '../test/pdf-dictionaries';
import { readPdfText } from '../test/read-pdf-text';

const CREATED = new Date(Date.UTC(2026, 10, 26, 9, 30, 5));

/** A tagged pdfkit document of `paragraphs` paragraphs over several pages, with a link and an attachment. */
function pdfkitDocument(paragraphs: number, options: Partial<PDFKit.PDFDocumentOptions> = {}): PDFKit.PDFDocument {
  return new PDFDocument({
    tagged: true,
    lang: 'en',
    info: { Title: 'Stayman ♣ and (transfers)', CreationDate: CREATED },
    displayTitle: true,
    ...options,
  } as PDFKit.PDFDocumentOptions);
}

/** Draws the document's content and ends it. */
function draw(doc: PDFKit.PDFDocument, paragraphs: number): void {
  doc.file(Buffer.from('{"formatVersion":1}'), { name: 'agreement.json', type: 'application/json', creationDate: CREATED, modifiedDate: CREATED });
  const section = doc.struct('Sect');
  doc.addStructure(section);
  for (let n = 1; n <= paragraphs; n++) {
    section.add(doc.struct('P', {}, () => doc.text(`Paragraph ${n}: 1NT opening 15-17, 2♣ Stayman.`, n === 1 ? { link: 'https://example.org/a(b)' } : {})));
  }
  section.end();
  doc.end();
}

/** The file pdfkit writes itself. */
async function plainFile(paragraphs: number, options: Partial<PDFKit.PDFDocumentOptions> = {}): Promise<Buffer> {
  const doc = pdfkitDocument(paragraphs, options);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  draw(doc, paragraphs);
  return done;
}

/** The same document written through writeWithObjectStreams. */
async function packedFile(paragraphs: number, options: Partial<PDFKit.PDFDocumentOptions> = {}): Promise<Buffer> {
  const doc = pdfkitDocument(paragraphs, options);
  const done = writeWithObjectStreams(doc);
  draw(doc, paragraphs);
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
    return { text, tree, title: info.Title, attached, pages: document.numPages };
  } finally {
    await document.destroy();
  }
}

describe('writeWithObjectStreams', () => {
  it('writes the dictionaries into compressed object streams: the file reads as pdfkit’s own and is smaller', async () => {
    const plain = await plainFile(120);
    const packed = await packedFile(120);
    expect(packed.subarray(0, 8).toString('latin1')).toBe('%PDF-1.5');
    const raw = packed.toString('latin1');
    expect(raw).toContain('/Type /ObjStm');
    expect(raw).not.toMatch(/\nxref\n/);
    expect(packed.length).toBeLessThan(plain.length * 0.8);

    const before = await readBack(plain);
    const after = await readBack(packed);
    expect(after.pages).toBeGreaterThan(1);
    expect(after).toEqual(before);
    expect(after.tree).toContain('"role":"P"');
    expect(after.title).toBe('Stayman ♣ and (transfers)');
    expect(after.attached).toEqual(['{"formatVersion":1}']);
  });

  it('writes every dictionary as pdfkit does, each found through the cross-reference stream', async () => {
    const expected = classicDictionaries(await plainFile(250));
    const { dictionaries, plain } = packedDictionaries(await packedFile(250));
    // More than one object stream, and every dictionary in one of them.
    expect(expected.size).toBeGreaterThan(200);
    expect(dictionaries).toEqual(expected);
    // The streams stay plain objects: pages' content, the font, the attachment, the object streams themselves.
    expect(plain.length).toBeGreaterThan(3);
  });

  it('writes an encrypted document as pdfkit does, with a classic xref table', async () => {
    const packed = await packedFile(3, { userPassword: 'secret' });
    const raw = packed.toString('latin1');
    expect(raw.slice(0, 8)).toBe('%PDF-1.3');
    expect(raw).toMatch(/\nxref\n/);
    expect(raw).toContain('/Encrypt');
    expect(raw).not.toContain('/Type /ObjStm');
  });

  it('leaves documents it was not given as pdfkit writes them', async () => {
    await packedFile(3);
    const plain = (await plainFile(3)).toString('latin1');
    expect(plain.slice(0, 8)).toBe('%PDF-1.3');
    expect(plain).toMatch(/\nxref\n/);
    expect(plain).not.toContain('/Type /ObjStm');
  });
});

describe('toPdfText', () => {
  it('writes values as pdfkit’s PDFObject.convert does', () => {
    expect(toPdfText('Type')).toBe('/Type');
    expect(toPdfText(612)).toBe('612');
    expect(toPdfText(1 / 3)).toBe('0.333333');
    expect(toPdfText(-0.0000001)).toBe('0');
    expect(() => toPdfText(1e22)).toThrow('unsupported number');
    expect(toPdfText(true)).toBe('true');
    expect(toPdfText(null)).toBe('null');
    expect(toPdfText(new String('a (b)\\\n'))).toBe('(a \\(b\\)\\\\\\n)');
    expect(toPdfText(new String('2♣'))).toBe('(\xfe\xff\x002&c)');
    expect(toPdfText(new Uint8Array([0, 171, 255]))).toBe('<00abff>');
    expect(toPdfText(CREATED)).toBe('(D:20261126093005Z)');
    expect(toPdfText([1, undefined, 'N', [2.5]])).toBe('[1 null /N [2.5]]');
    expect(toPdfText({ Type: 'Font', Skipped: undefined, K: [0, 1] })).toBe('<<\n/Type /Font\n/K [0 1]\n>>');
    expect(toPdfText({})).toBe('<<\n>>');
    // Anything with a toString of its own (references, name trees) is written as that.
    expect(
      toPdfText({
        P: new (class Reference {
          toString() {
            return '12 0 R';
          }
        })(),
      }),
    ).toBe('<<\n/P 12 0 R\n>>');
  });
});
