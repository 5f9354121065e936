/**
 * The structure tree of a tagged PDF (issue 14 §2, PDF/UA basics): headings, lists and paragraphs
 * in reading order, so that a screen reader reads the agreement as it is meant. Text drawn through
 * PageContent is marked with an MCID (`beginMarked`), and each mark is attached to a structure
 * element (ISO 32000-1 §14.7).
 *
 * The elements are kept here and written when the tree is finished, rather than through pdfkit's
 * `struct` API (ADR 186): pdfkit keeps every element's children, checks at each end whether it can
 * be written yet, and serialises it generically; for the 2,500 elements of a large agreement that
 * was about a tenth of a render. The file is the same: each element is a pdfkit object made by
 * `doc.ref` where pdfkit's `struct` would have made it (so the object numbers are the same), its
 * dictionary has pdfkit's entries in pdfkit's order (/S, /P, /K, then /Pg, the page of its first
 * marked content; content on another page is an /MCR dictionary), and every MCID's entry in the
 * parent tree names its element.
 *
 * pdfkit internals used (checked at start-up, pdfkit-internals.ts): `getStructTreeRoot`,
 * `getStructParentTree` (its `get`), the page's `structParentTreeKey` and `dictionary`.
 */
import { endWithText } from './object-streams';
import type { PageContent } from './page-content';

/** A pdfkit object (PDFReference): written when `end` is called, its `data` as its dictionary; "12 0 R" as text. */
interface PdfkitReference {
  data: Record<string, unknown>;
  end(): void;
  toString(): string;
}

interface TaggingInternals {
  ref(data: Record<string, unknown>): PdfkitReference;
  getStructTreeRoot(): PdfkitReference;
  getStructParentTree(): { get(key: number): unknown[] };
  page: { structParentTreeKey: number; dictionary: PdfkitReference };
}

/** A marked sequence of a page's content: the page's dictionary, the sequence's MCID and the page's entries of the parent tree. */
export interface MarkedContent {
  page: PdfkitReference;
  mcid: number;
  /** The parent tree's array for the page: element by MCID. */
  parents: unknown[];
}

/** One element of the tree: its type (`/S`), its parent and its children, in reading order. */
export class StructureElement {
  /** Children: elements, and marked content of the pages. */
  readonly kids: (StructureElement | MarkedContent)[] = [];

  /** @param ref the element's object; @param parent the parent element's object, or the StructTreeRoot */
  constructor(
    readonly ref: PdfkitReference,
    readonly tag: string,
    readonly parent: PdfkitReference,
  ) {}
}

/**
 * A document's structure tree: a Document element under the StructTreeRoot, the elements below it
 * as they are made, written with `finish`.
 */
export class StructureTree {
  /** The Document element, the root of the tree. */
  readonly root: StructureElement;
  private readonly internals: TaggingInternals;

  /**
   * @param doc a document made with `tagged: true`
   */
  constructor(doc: PDFKit.PDFDocument) {
    this.internals = doc as unknown as TaggingInternals;
    const treeRoot = this.internals.getStructTreeRoot();
    this.root = this.newElement('Document', treeRoot);
    treeRoot.data.K = [this.root.ref];
  }

  /** A new element of type `tag` (e.g. 'Sect', 'LI'), the last child of `parent`. */
  element(tag: string, parent: StructureElement): StructureElement {
    const element = this.newElement(tag, parent.ref);
    parent.kids.push(element);
    return element;
  }

  /**
   * Marks the next text of `content`, on the document's current page, as content of a structure
   * element of type `tag`: allocates the page's next MCID and begins the sequence. Close it with
   * `content.endMarked()` and give it to its element with `addContent`.
   */
  mark(content: PageContent, tag: string): MarkedContent {
    const { page } = this.internals;
    const parents = this.internals.getStructParentTree().get(page.structParentTreeKey);
    const mcid = parents.length;
    parents.push(null);
    content.beginMarked(tag, mcid);
    return { page: page.dictionary, mcid, parents };
  }

  /** Makes `marked` the last child of `element`, and `element` its entry in the parent tree. */
  addContent(element: StructureElement, marked: MarkedContent): void {
    marked.parents[marked.mcid] = element.ref;
    element.kids.push(marked);
  }

  /**
   * Writes every element's object, each after its children (the order in which pdfkit wrote them,
   * which deflates best); call once, when the tree is complete (before `doc.end()`).
   */
  finish(): void {
    this.write(this.root);
  }

  private write(element: StructureElement): void {
    for (const kid of element.kids) if (kid instanceof StructureElement) this.write(kid);
    const kids: unknown[] = [];
    let firstPage: PdfkitReference | undefined;
    // The dictionary as pdfkit's PDFObject.convert writes it, built here: about 800 of them in a large agreement.
    let text = `<<\n/S /${element.tag}\n/P ${element.parent.toString()}\n/K [`;
    for (let index = 0; index < element.kids.length; index += 1) {
      const kid = element.kids[index] as StructureElement | MarkedContent;
      if (index > 0) text += ' ';
      if (kid instanceof StructureElement) {
        kids.push(kid.ref);
        text += kid.ref.toString();
        continue;
      }
      firstPage ??= kid.page;
      if (kid.page === firstPage) {
        kids.push(kid.mcid);
        text += kid.mcid;
      } else {
        kids.push({ Type: 'MCR', Pg: kid.page, MCID: kid.mcid });
        text += `<<\n/Type /MCR\n/Pg ${kid.page.toString()}\n/MCID ${kid.mcid}\n>>`;
      }
    }
    text += firstPage ? `]\n/Pg ${firstPage.toString()}\n>>` : ']\n>>';
    if (endWithText(element.ref, text)) return;
    // A document not written with object streams: pdfkit writes the same from the data.
    element.ref.data.P = element.parent;
    element.ref.data.K = kids;
    if (firstPage) element.ref.data.Pg = firstPage;
    element.ref.end();
  }

  private newElement(tag: string, parent: PdfkitReference): StructureElement {
    return new StructureElement(this.internals.ref({ S: tag }), tag, parent);
  }
}
