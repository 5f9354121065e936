/**
 * The structure tree of a tagged PDF (issue 14 §2, PDF/UA basics): headings, lists and paragraphs
 * in reading order, so that a screen reader reads the agreement as it is meant. Text drawn through
 * PageContent is marked with an MCID (`beginMarked`), and each mark is attached to a structure
 * element made with pdfkit's public `struct` API. Allocating an MCID on the current page uses
 * pdfkit internals (`getStructParentTree`, `page.structParentTreeKey`, `page.dictionary`), checked
 * at start-up with the others (pdfkit-internals.ts).
 */
import PDFDocument from 'pdfkit';
import type { PageContent } from './page-content';

/** A marked piece of content, as pdfkit's structure elements take it. */
export type StructureContent = PDFKit.PDFStructureContent;
/** A structure element: what `struct` returns. */
export type StructureElement = PDFKit.PDFStructureElement;

interface TaggingInternals {
  getStructParentTree(): { get(key: number): unknown[] };
  page: { structParentTreeKey: number; dictionary: unknown };
}

let contentClass: (new (pageRef: unknown, mcid: number) => StructureContent) | undefined;

/**
 * pdfkit's PDFStructureContent class, which it does not export: taken once from a throwaway tagged
 * document (its public `markStructureContent` returns one).
 */
function structureContentClass(): new (pageRef: unknown, mcid: number) => StructureContent {
  if (!contentClass) {
    const probe = new PDFDocument({ tagged: true, autoFirstPage: true, font: '' } as PDFKit.PDFDocumentOptions);
    contentClass = probe.markStructureContent('P').constructor as new (pageRef: unknown, mcid: number) => StructureContent;
  }
  return contentClass;
}

/**
 * Marks the next text of `content` as belonging to a structure element of type `tag`.
 *
 * @returns the content piece to add to that element; close the sequence with `content.endMarked()`
 */
export function markStructure(doc: PDFKit.PDFDocument, content: PageContent, tag: string): StructureContent {
  const internals = doc as unknown as TaggingInternals;
  const parents = internals.getStructParentTree().get(internals.page.structParentTreeKey);
  const mcid = parents.length;
  parents.push(null);
  content.beginMarked(tag, mcid);
  const Content = structureContentClass();
  return new Content(internals.page.dictionary, mcid);
}
