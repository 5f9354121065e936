/**
 * The structure tree of a tagged PDF (PDF/UA basics, ADR 180): headings, lists and paragraphs
 * in reading order, so that a screen reader reads the agreement as it is meant. Text drawn through
 * PageContent is marked with an MCID (`beginMarked`), and each mark is attached to a structure
 * element (ISO 32000-1 §14.7).
 *
 * The elements are kept here and written when the tree is finished (ADR 186), each as one object
 * of the renderer's PDF writer (pdf-document.ts, ADR 194): /S, /P, /K, then /Pg, the page of its
 * first marked content (content on another page is an /MCR dictionary, §14.7.4.3), as pdfkit's
 * `struct` wrote them before; every MCID's entry in the document's parent tree names its element.
 */
import type { PageContent } from './page-content';
import type { PdfDocument, PdfRef } from './pdf-document';

/** A marked sequence of a page's content: the page's dictionary, the sequence's MCID and the page's entries of the parent tree. */
export interface MarkedContent {
  page: PdfRef;
  mcid: number;
  /** The parent tree's array for the page: element by MCID. */
  parents: (PdfRef | null)[];
}

/** One element of the tree: its type (`/S`), its parent and its children, in reading order. */
export class StructureElement {
  /** Children: elements, and marked content of the pages. */
  readonly kids: (StructureElement | MarkedContent)[] = [];

  /** @param ref the element's object; @param parent the parent element's object, or the StructTreeRoot */
  constructor(
    readonly ref: PdfRef,
    readonly tag: string,
    readonly parent: PdfRef,
  ) {}
}

/**
 * A document's structure tree: a Document element under the StructTreeRoot, the elements below it
 * as they are made, written with `finish`.
 */
export class StructureTree {
  /** The Document element, the root of the tree. */
  readonly root: StructureElement;

  /**
   * @param doc a tagged document (`tagged: true`)
   * @throws Error when the document is not tagged
   */
  constructor(private readonly doc: PdfDocument) {
    if (!doc.structTreeRoot) throw new Error('A structure tree needs a tagged document (tagged: true).');
    this.root = new StructureElement(doc.ref(), 'Document', doc.structTreeRoot);
    doc.setStructureKids([this.root.ref]);
  }

  /** A new element of type `tag` (e.g. 'Sect', 'LI'), the last child of `parent`. */
  element(tag: string, parent: StructureElement): StructureElement {
    const element = new StructureElement(this.doc.ref(), tag, parent.ref);
    parent.kids.push(element);
    return element;
  }

  /**
   * Marks the next text of `content`, on the document's current page, as content of a structure
   * element of type `tag`: allocates the page's next MCID and begins the sequence. Close it with
   * `content.endMarked()` and give it to its element with `addContent`.
   */
  mark(content: PageContent, tag: string): MarkedContent {
    const { page } = this.doc;
    const parents = this.doc.markedContentParents(page);
    const mcid = parents.length;
    parents.push(null);
    content.beginMarked(tag, mcid);
    return { page: page.ref, mcid, parents };
  }

  /** Makes `marked` the last child of `element`, and `element` its entry in the parent tree. */
  addContent(element: StructureElement, marked: MarkedContent): void {
    marked.parents[marked.mcid] = element.ref;
    element.kids.push(marked);
  }

  /**
   * Writes every element's object, each after its children (the order that deflates best); call
   * once, when the tree is complete (before `doc.end()`).
   */
  finish(): void {
    this.write(this.root);
  }

  private write(element: StructureElement): void {
    for (const kid of element.kids) if (kid instanceof StructureElement) this.write(kid);
    let firstPage: PdfRef | undefined;
    // About 800 of them in a large agreement: the text is built here rather than through toPdfText.
    let text = `<<\n/S /${element.tag}\n/P ${element.parent.toString()}\n/K [`;
    for (let index = 0; index < element.kids.length; index += 1) {
      const kid = element.kids[index] as StructureElement | MarkedContent;
      if (index > 0) text += ' ';
      if (kid instanceof StructureElement) {
        text += kid.ref.toString();
        continue;
      }
      firstPage ??= kid.page;
      if (kid.page === firstPage) text += kid.mcid;
      else text += `<<\n/Type /MCR\n/Pg ${kid.page.toString()}\n/MCID ${kid.mcid}\n>>`;
    }
    text += firstPage ? `]\n/Pg ${firstPage.toString()}\n>>` : ']\n>>';
    this.doc.writeObject(element.ref, text);
  }
}
