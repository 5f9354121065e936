/**
 * The renderer's own PDF writer (ADR 194, in place of pdfkit): numbers the objects of one file,
 * keeps its pages, and writes the file in one go with `end`. What it writes is what the renderers
 * draw and nothing more (ISO 32000-1 section numbers below):
 *
 * - the header `%PDF-1.5` and a binary comment (§7.5.2);
 * - streams (pages' content, font files, ToUnicode maps, the attachment) as plain objects, as
 *   they are given (`writeStream`), the caller deflating them;
 * - every other object (`writeObject`: fonts, the structure tree, pages, catalog...) into deflated
 *   object streams of at most 200 objects, in the order written (object-streams.ts, §7.5.7);
 * - the catalog (§7.7.2) with /Lang, /MarkInfo, /StructTreeRoot and its parent tree (§14.7,
 *   tagged documents), /ViewerPreferences /DisplayDocTitle, the embedded files' name tree and /AF
 *   (§7.11.4); the page tree (§7.7.3) with one level; the document information dictionary (§14.3.3);
 * - a cross-reference stream (§7.5.8) carrying the trailer's /Root, /Info and /ID.
 *
 * Coordinates: each page's content starts by flipping the y axis (`1 0 0 -1 0 height cm`), so
 * content is drawn in points from the page's top-left corner, y growing downwards, as pdfkit did.
 *
 * Tested by parsing its output with PDF.js and `qpdf --check` (pdf-document.test.ts) and through
 * every renderer test, the pixel tests included.
 */
import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { type CrossReferenceEntry, type LooseObject, OBJECTS_PER_STREAM, encodeCrossReferenceStream, encodeObjectStream, toPdfText } from './object-streams';

/** A reference to an indirect object of one document; written "12 0 R" (`toPdfText`, template strings). */
export class PdfRef {
  /** @param id the object number, from 1 */
  constructor(readonly id: number) {}

  toString(): string {
    return `${this.id} 0 R`;
  }
}

/** What a document says about itself. */
export interface PdfDocumentOptions {
  /** The document information's /Title (and the window title with `displayTitle`). */
  title: string;
  /** /Creator and /Producer of the document information. */
  creator: string;
  /** /CreationDate; default now. */
  creationDate?: Date;
  /** The natural language of the text (catalog /Lang, BCP 47), e.g. 'en'. */
  lang?: string;
  /** Viewers show the title instead of the file name (/ViewerPreferences /DisplayDocTitle). */
  displayTitle?: boolean;
  /** A tagged PDF (§14.8): /MarkInfo /Marked true, a structure tree root, pages' /Tabs /S. */
  tagged?: boolean;
}

/** One page: its objects and the resources its content uses. */
export class PdfPage {
  /** Fonts of the page's resources by name (e.g. "F1"), as the content uses them. */
  readonly fonts = new Map<string, PdfRef>();
  /** Form XObjects of the page's resources by name (e.g. "Fm0"): an official card's form (form-pages.ts). */
  readonly xObjects = new Map<string, PdfRef>();
  /** The page's key in the parent tree (/StructParents) and its MCIDs' elements, once it has marked content. */
  structParentsKey: number | undefined;
  isContentWritten = false;

  /**
   * @param ref the page dictionary
   * @param contents its content stream
   * @param width in points
   * @param height in points
   */
  constructor(
    readonly ref: PdfRef,
    readonly contents: PdfRef,
    readonly width: number,
    readonly height: number,
  ) {}
}

/** An embedded file (§7.11.4): its name, media type, description and dates. */
export interface PdfAttachment {
  name: string;
  /** MIME type, e.g. 'application/json' (written as the stream's /Subtype name). */
  type: string;
  description?: string;
  creationDate?: Date;
  modifiedDate?: Date;
}

/** Deflate level of an attachment: zlib's default, as pdfkit used (an attachment is deflated once per file). */
const ATTACHMENT_DEFLATE_LEVEL = 6;

/** A process-wide count, so that two files made in the same millisecond with the same title get different IDs. */
let fileSerial = 0;

/**
 * One PDF file being written: `ref` numbers objects, `addPage` adds a page (the current page),
 * `writeObject` / `writeStream` write an object once, `end` finishes the file.
 */
export class PdfDocument {
  /** Pages in order. */
  readonly pages: PdfPage[] = [];
  /** The structure tree root (§14.7.2) of a tagged document: its /K is set with `setStructureKids`. */
  readonly structTreeRoot: PdfRef | undefined;
  readonly isTagged: boolean;

  private nextId = 1;
  private readonly written: (true | undefined)[] = [];
  private readonly loose: LooseObject[] = [];
  private readonly chunks: Buffer[] = [];
  private offset = 0;
  private readonly entries: (CrossReferenceEntry | undefined)[] = [];
  private readonly pagesRef: PdfRef;
  /** The parent tree (§14.7.4.4): per key, the element of each MCID of that page. */
  private readonly parentTree: (PdfRef | null)[][] = [];
  private structureKids: PdfRef[] = [];
  private readonly attachments: { name: string; filespec: PdfRef }[] = [];
  private isEnded = false;

  /** @param options the information dictionary's entries and the document's catalog options */
  constructor(private readonly options: PdfDocumentOptions) {
    this.isTagged = options.tagged === true;
    this.pagesRef = this.ref();
    this.structTreeRoot = this.isTagged ? this.ref() : undefined;
    this.push(Buffer.from('%PDF-1.5\n%\xff\xff\xff\xff\n', 'latin1'));
  }

  /** A new object number; the object must be written (`writeObject`, `writeStream`) before `end`. */
  ref(): PdfRef {
    const ref = new PdfRef(this.nextId);
    this.nextId += 1;
    return ref;
  }

  /**
   * Adds a page at the end and makes it the current page.
   *
   * @param width in points (1/72 inch), e.g. 612 for US Letter
   * @param height in points, e.g. 792
   */
  addPage(width: number, height: number): PdfPage {
    this.assertOpen();
    const page = new PdfPage(this.ref(), this.ref(), width, height);
    this.pages.push(page);
    return page;
  }

  /**
   * The page added last.
   *
   * @throws Error when no page was added yet
   */
  get page(): PdfPage {
    const page = this.pages.at(-1);
    if (!page) throw new Error('The document has no page yet: call addPage first.');
    return page;
  }

  /**
   * Writes the object `ref` that is not a stream, as `text`, into an object stream.
   *
   * @param text its PDF text, e.g. "<<\n/S /P\n/P 12 0 R\n>>" (`toPdfText` writes values)
   * @throws Error when `ref` was written already or the document has ended
   */
  writeObject(ref: PdfRef, text: string): void {
    this.claim(ref);
    this.loose.push({ id: ref.id, body: text });
  }

  /**
   * Writes the stream object `ref` as it is: its dictionary's entries and its data.
   *
   * @param entries the dictionary's entries besides /Length, e.g. "/Filter /FlateDecode" (data
   *   deflated by the caller), or ""
   * @param data the stream's bytes as they go into the file
   * @throws Error when `ref` was written already or the document has ended
   */
  writeStream(ref: PdfRef, entries: string, data: Uint8Array): void {
    this.claim(ref);
    this.entries[ref.id] = [1, this.offset, 0];
    this.push(Buffer.from(`${ref.id} 0 obj\n<< ${entries === '' ? '' : `${entries} `}/Length ${data.length} >>\nstream\n`, 'latin1'));
    this.push(data);
    this.push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  }

  /**
   * The page's entry in the parent tree, made on first use: the element of each of its MCIDs,
   * in order (an MCID is the entry's length when it is allocated, then set to its element).
   *
   * @throws Error when the document is not tagged
   */
  markedContentParents(page: PdfPage): (PdfRef | null)[] {
    if (!this.isTagged) throw new Error('Marked content with an MCID needs a tagged document (tagged: true).');
    if (page.structParentsKey === undefined) {
      page.structParentsKey = this.parentTree.length;
      this.parentTree.push([]);
    }
    return this.parentTree[page.structParentsKey] as (PdfRef | null)[];
  }

  /** Sets the structure tree root's children (/K), e.g. the Document element (pdf-structure.ts). */
  setStructureKids(kids: readonly PdfRef[]): void {
    this.structureKids = [...kids];
  }

  /**
   * Embeds a file (§7.11.4): a deflated /EmbeddedFile stream with its size, MD5 checksum and dates,
   * a file specification listed in the catalog's /EmbeddedFiles name tree and in /AF, relationship
   * /Unspecified. PDF.js lists it among the document's attachments.
   *
   * @param data the file's bytes
   * @throws Error when a file of the same name is attached already, or the document has ended
   */
  attachFile(data: Uint8Array, attachment: PdfAttachment): void {
    this.assertOpen();
    if (this.attachments.some((file) => file.name === attachment.name)) throw new Error(`A file named ${attachment.name} is attached already.`);
    const stream = this.ref();
    const params = {
      CreationDate: attachment.creationDate,
      ModDate: attachment.modifiedDate,
      CheckSum: createHash('md5').update(data).digest(),
      Size: data.byteLength,
    };
    const deflated = deflateSync(data, { level: ATTACHMENT_DEFLATE_LEVEL });
    this.writeStream(stream, `/Type /EmbeddedFile /Subtype ${toPdfText(attachment.type)} /Params ${toPdfText(params)} /Filter /FlateDecode`, deflated);
    const filespec = this.ref();
    const name = new String(attachment.name);
    this.writeObject(
      filespec,
      toPdfText({
        Type: 'Filespec',
        AFRelationship: 'Unspecified',
        F: name,
        EF: { F: stream },
        UF: name,
        Desc: attachment.description === undefined ? undefined : new String(attachment.description),
      }),
    );
    this.attachments.push({ name: attachment.name, filespec });
  }

  /**
   * Finishes the file: every page's dictionary (a page whose content was not written gets an empty
   * one), the page tree, the structure tree root, the information dictionary and the catalog, the
   * object streams, and the cross-reference stream.
   *
   * @returns the file's bytes
   * @throws Error when called twice, or when an object numbered by `ref` was never written
   */
  end(): Buffer {
    this.assertOpen();
    for (const page of this.pages) this.writePage(page);
    this.writeObject(this.pagesRef, `<<\n/Type /Pages\n/Count ${this.pages.length}\n/Kids [${this.pages.map((page) => page.ref.toString()).join(' ')}]\n>>`);
    if (this.structTreeRoot) {
      this.writeObject(
        this.structTreeRoot,
        `<<\n/Type /StructTreeRoot\n/ParentTree ${numberTreeText(this.parentTree)}\n/ParentTreeNextKey ${this.parentTree.length}\n/K ${toPdfText(this.structureKids)}\n>>`,
      );
    }
    const creationDate = this.options.creationDate ?? new Date();
    const info = this.ref();
    const infoText = toPdfText({
      Producer: new String(this.options.creator),
      Creator: new String(this.options.creator),
      CreationDate: creationDate,
      Title: new String(this.options.title),
    });
    this.writeObject(info, infoText);
    const catalog = this.ref();
    const sortedFiles = [...this.attachments].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.writeObject(
      catalog,
      toPdfText({
        Type: 'Catalog',
        Pages: this.pagesRef,
        Names: sortedFiles.length === 0 ? undefined : { EmbeddedFiles: { Names: sortedFiles.flatMap((file) => [new String(file.name), file.filespec]) } },
        Lang: this.options.lang === undefined ? undefined : new String(this.options.lang),
        MarkInfo: this.isTagged ? { Marked: true } : undefined,
        StructTreeRoot: this.structTreeRoot,
        ViewerPreferences: this.options.displayTitle ? { DisplayDocTitle: true } : undefined,
        AF: this.attachments.length === 0 ? undefined : this.attachments.map((file) => file.filespec),
      }),
    );
    const unwritten: number[] = [];
    for (let id = 1; id < this.nextId; id += 1) if (!this.written[id]) unwritten.push(id);
    if (unwritten.length > 0) throw new Error(`PDF objects ${unwritten.join(', ')} were numbered but never written.`);
    this.isEnded = true;

    for (let first = 0; first < this.loose.length; first += OBJECTS_PER_STREAM) {
      const objects = this.loose.slice(first, first + OBJECTS_PER_STREAM);
      const streamId = this.nextId;
      this.nextId += 1;
      objects.forEach((object, index) => {
        this.entries[object.id] = [2, streamId, index];
      });
      const { dictionary, data } = encodeObjectStream(objects);
      this.entries[streamId] = [1, this.offset, 0];
      this.push(Buffer.from(`${streamId} 0 obj\n${dictionary}\nstream\n`, 'latin1'));
      this.push(data);
      this.push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
    const xrefId = this.nextId;
    const xrefStart = this.offset;
    this.entries[xrefId] = [1, xrefStart, 0];
    fileSerial += 1;
    const fileId = createHash('md5').update(infoText).update(`${fileSerial} ${process.pid}`).update(randomBytes(8)).digest();
    const { dictionary, data } = encodeCrossReferenceStream(
      Array.from({ length: xrefId + 1 }, (_, id) => this.entries[id]),
      `/Root ${catalog.toString()} /Info ${info.toString()} /ID ${toPdfText([fileId, fileId])}`,
    );
    this.push(Buffer.from(`${xrefId} 0 obj\n${dictionary}\nstream\n`, 'latin1'));
    this.push(data);
    this.push(Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefStart}\n%%EOF\n`, 'latin1'));
    return Buffer.concat(this.chunks, this.offset);
  }

  /** A page's dictionary: media box, content, resources (its fonts), and for tagged documents /StructParents and /Tabs /S. */
  private writePage(page: PdfPage): void {
    if (!page.isContentWritten) {
      this.writeStream(page.contents, '', Buffer.alloc(0));
      page.isContentWritten = true;
    }
    let fonts = '';
    for (const [name, ref] of page.fonts) fonts += `\n/${name} ${ref.toString()}`;
    let xObjects = '';
    for (const [name, ref] of page.xObjects) xObjects += `\n/${name} ${ref.toString()}`;
    let text = `<<\n/Type /Page\n/Parent ${this.pagesRef.toString()}\n/MediaBox ${toPdfText([0, 0, page.width, page.height])}\n/Contents ${page.contents.toString()}`;
    text += `\n/Resources <<\n/ProcSet [/PDF /Text]${fonts === '' ? '' : `\n/Font <<${fonts}\n>>`}${xObjects === '' ? '' : `\n/XObject <<${xObjects}\n>>`}\n>>`;
    if (page.structParentsKey !== undefined) text += `\n/StructParents ${page.structParentsKey}`;
    if (this.isTagged) text += '\n/Tabs /S';
    this.writeObject(page.ref, `${text}\n>>`);
  }

  private claim(ref: PdfRef): void {
    this.assertOpen();
    if (ref.id >= this.nextId || ref.id < 1) throw new Error(`Object ${ref.id} is not an object of this document.`);
    if (this.written[ref.id]) throw new Error(`Object ${ref.id} was written already.`);
    this.written[ref.id] = true;
  }

  private assertOpen(): void {
    if (this.isEnded) throw new Error('The PDF document has ended.');
  }

  private push(chunk: Uint8Array): void {
    this.chunks.push(chunk instanceof Buffer ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    this.offset += chunk.length;
  }
}

/**
 * A number tree (§7.9.7) in one node, in the layout pdfkit wrote: /Limits when it has two keys or
 * more, then /Nums with one key and its array a line.
 */
function numberTreeText(values: readonly (readonly (PdfRef | null)[])[]): string {
  const lines = ['<<'];
  if (values.length > 1) lines.push(`  /Limits [0 ${values.length - 1}]`);
  lines.push('  /Nums [');
  values.forEach((value, key) => lines.push(`    ${key} ${toPdfText(value)}`));
  lines.push(']', '>>');
  return lines.join('\n');
}
