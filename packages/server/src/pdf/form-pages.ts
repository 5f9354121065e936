/**
 * The ACBL's blank forms as the background of our own PDFs (ADR 197, docs/official-cards.md §3):
 * a form is read once per process with pdf-lib (`@cantoo/pdf-lib`): its fields (name, page,
 * rectangle, kind, and for a check box the box the form prints), and each page as a Form XObject
 * (ISO 32000-1 §8.10) with every object its resources need, serialised once with numbered
 * placeholders for its references. `embedFormPage` then writes those objects into a card being
 * drawn by the product's own PDF writer (pdf-document.ts), under the card's object numbers: a
 * copy of bytes, so a card costs what its own text costs. The form's fields (its AcroForm and
 * widget annotations) are not copied: the card is a plain PDF that prints the same everywhere.
 */
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFCheckBox, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import type { PdfDocument, PdfRef } from './pdf-document';

/** A form field's place: its page (0-based), rectangle (points, PDF coordinates) and kind. */
export interface FormField {
  name: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  kind: 'text' | 'check';
}

/** One object of a page's closure: its text with placeholders (numbers: indexes in the closure) and, for a stream, its bytes. */
interface TemplateObject {
  parts: (string | number)[];
  stream?: Uint8Array;
}

/** A form page ready to copy: its size and its objects, the Form XObject first. */
export interface FormPageTemplate {
  width: number;
  height: number;
  objects: TemplateObject[];
}

/** A form read once: its fields by name and its pages. */
export interface FormPages {
  fields: Map<string, FormField>;
  pages: FormPageTemplate[];
}

/**
 * Reads a fillable PDF form: its fields and its pages as templates.
 *
 * @param bytes the form's PDF
 * @throws Error when the PDF cannot be parsed
 */
export async function readFormPages(bytes: Uint8Array): Promise<FormPages> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = document.getPages();
  const fields = new Map<string, FormField>();
  for (const field of document.getForm().getFields()) {
    const widget = field.acroField.getWidgets()[0];
    if (!widget) continue;
    const pageRef = widget.P();
    const page = Math.max(
      0,
      pages.findIndex((candidate) => candidate.ref === pageRef),
    );
    fields.set(field.getName(), { name: field.getName(), page, ...widget.getRectangle(), kind: field instanceof PDFCheckBox ? 'check' : 'text' });
  }
  return { fields, pages: pages.map((page) => pageTemplate(document, page.node, page.getSize())) };
}

/** The objects a page needs, with its content as one Form XObject. */
function pageTemplate(document: PDFDocument, node: PDFDict, size: { width: number; height: number }): FormPageTemplate {
  const closure: PDFObject[] = [];
  const indexOf = new Map<string, number>();
  const objects: TemplateObject[] = [];
  const refIndex = (ref: PDFRef): number => {
    const key = ref.toString();
    let index = indexOf.get(key);
    if (index === undefined) {
      index = closure.length + 1;
      indexOf.set(key, index);
      closure.push(document.context.lookup(ref)!);
    }
    return index;
  };
  const resources = node.lookup(PDFName.of('Resources'));
  const contents = node.lookup(PDFName.of('Contents'));
  const streams = contents instanceof PDFArray ? contents.asArray().map((item) => document.context.lookup(item)) : [contents];
  const data = Buffer.concat(
    streams
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .flatMap((stream) => [Buffer.from(decodePDFRawStream(stream).decode()), Buffer.from('\n')]),
  );
  const formParts: (string | number)[] = [`/Type /XObject /Subtype /Form /BBox [0 0 ${size.width} ${size.height}] /Filter /FlateDecode /Resources `];
  serialise(resources ?? PDFDict.withContext(document.context), formParts, refIndex);
  objects.push({ parts: formParts, stream: deflateSync(data, { level: 9 }) });
  // Index 0 is the form; closure objects follow as `refIndex` numbers them (1, 2, …).
  for (let index = 0; index < closure.length; index++) {
    const object = closure[index]!;
    const parts: (string | number)[] = [];
    if (object instanceof PDFRawStream) {
      const entries = object.dict.entries().filter(([key]) => key.toString() !== '/Length');
      for (const [key, value] of entries) {
        parts.push(`${key.toString()} `);
        serialise(value, parts, refIndex);
        parts.push(' ');
      }
      objects.push({ parts, stream: object.contents });
    } else if (object instanceof PDFStream) {
      throw new Error('The form holds a stream pdf-lib made itself: not expected in a published form.');
    } else {
      serialise(object, parts, refIndex);
      objects.push({ parts });
    }
  }
  return { width: size.width, height: size.height, objects };
}

/** Writes a pdf-lib object as PDF text into `parts`, references as closure indexes. */
function serialise(object: PDFObject, parts: (string | number)[], refIndex: (ref: PDFRef) => number): void {
  if (object instanceof PDFRef) {
    parts.push(refIndex(object), ' 0 R');
  } else if (object instanceof PDFDict) {
    parts.push('<<');
    for (const [key, value] of object.entries()) {
      parts.push(`${key.toString()} `);
      serialise(value, parts, refIndex);
      parts.push('\n');
    }
    parts.push('>>');
  } else if (object instanceof PDFArray) {
    parts.push('[');
    for (const item of object.asArray()) {
      serialise(item, parts, refIndex);
      parts.push(' ');
    }
    parts.push(']');
  } else {
    parts.push(object.toString());
  }
}

/**
 * Writes a form page's objects into a document being drawn and returns its Form XObject, to be
 * drawn with `PageContent.drawForm`.
 *
 * @param doc the card being written
 * @param template a page of `readFormPages`
 * @returns the Form XObject's reference in `doc`
 */
export function embedFormPage(doc: PdfDocument, template: FormPageTemplate): PdfRef {
  const refs = template.objects.map(() => doc.ref());
  const text = (parts: readonly (string | number)[]) => parts.map((part) => (typeof part === 'number' ? String(refs[part]!.id) : part)).join('');
  template.objects.forEach((object, index) => {
    if (object.stream) doc.writeStream(refs[index]!, text(object.parts), object.stream);
    else doc.writeObject(refs[index]!, text(object.parts));
  });
  return refs[0]!;
}
