/**
 * What both viewer pages take (docs/product.md §2 "PDF viewer pages"), kept apart from the PDF.js page so the
 * iframe page does not load PDF.js.
 */
import type { ReactNode } from 'react';
import type { PdfFileInfo } from '@bpa/domain/api';
import { MESSAGES } from '@bpa/domain/messages';

/** Shown instead of the agreement's name when none is loaded (docs/product.md §2). */
export const PLEASE_LOAD_TEXT = MESSAGES.pleaseLoadContract;

/** A link to the other viewer page (docs/product.md §2: one with PDF.js, one with an iframe). */
export interface OtherViewerLink {
  to: string;
  label: string;
}

export interface PdfViewerPageProps {
  /** Name of the loaded agreement (text or its coloured rendering), or null when none is loaded. */
  contractName: ReactNode;
  /** Where the PDF of the agreement is, or null when no PDF was made. */
  pdfFileInfo: PdfFileInfo | null;
  /** Target of "Go To Contract Editor": /my/contract for a subscriber, /trial otherwise (docs/product.md §2). */
  editorPath: string;
  /** True right after Make PDF: the file is downloaded once it arrives (docs/product.md §4). */
  shouldDownloadOnArrival?: boolean;
  /** Called once that download started, so the route can forget the request. */
  onDownloadedOnArrival?: () => void;
  /** The other viewer of the same PDF, if the route offers one. */
  otherViewer?: OtherViewerLink;
}
