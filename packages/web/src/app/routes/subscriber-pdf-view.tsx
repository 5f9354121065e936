/**
 * What the subscriber's two PDF viewer routes share (docs/product.md §2 "PDF viewer pages": /my/pdfview with
 * PDF.js, /my/pdfview2 with an iframe). The agreement feature gives the loaded agreement, its PDF
 * and the leave warning; the pdf-viewer feature shows the file. They meet here.
 *
 * - Make PDF in the editor comes here with `DOWNLOAD_ON_ARRIVAL_STATE`: the viewer downloads the
 *   file once it arrives (docs/product.md §4), then the request is dropped from the history entry so a reload
 *   or Back does not download it again.
 * - Unsaved edits of the agreement are still in the store here (Make PDF does not save): leaving
 *   the editor and its viewers asks first, as the editor does (docs/product.md §2 leave warning).
 */
import { type ComponentType, useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../hooks';
import { editsDiscarded, selectAgreementState } from '../../features/agreement/core/agreement-slice';
import { LeaveWarning } from '../../features/agreement/editor/leave-warning';
import { MarkupText } from '../../features/agreement/core/markup-text';
import { useLastPdf } from '../../features/pdf-viewer/last-pdf';
import type { OtherViewerLink, PdfViewerPageProps } from '../../features/pdf-viewer/pdf-viewer-props';
import { PATHS } from '@bpa/domain/paths';

/** The subscriber's editor (docs/product.md §2: Go To Contract Editor goes there for a subscriber). */
export const MY_EDITOR_PATH = PATHS.myContract;
export const MY_PDF_VIEW_PATH = PATHS.myPdfView;
export const MY_PDF_FRAME_PATH = PATHS.myPdfFrame;
/** Where unsaved edits travel without a leave warning: the editor and its viewers. */
const EDIT_AREA_PATHS = [MY_EDITOR_PATH, MY_PDF_VIEW_PATH, MY_PDF_FRAME_PATH] as const;

/** History state of the navigation from Make PDF: download the new file once it arrives. */
export const DOWNLOAD_ON_ARRIVAL_STATE = { shouldDownloadPdf: true } as const;

/** True when the navigation state asks the viewer to download the PDF once it arrives (`DOWNLOAD_ON_ARRIVAL_STATE`). */
export function isDownloadRequested(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'shouldDownloadPdf' in state && state.shouldDownloadPdf === true;
}

export interface SubscriberPdfViewProps {
  /** The viewer page to show (PDF.js or iframe). */
  Viewer: ComponentType<PdfViewerPageProps>;
  otherViewer: OtherViewerLink;
}

export function SubscriberPdfView({ Viewer, otherViewer }: SubscriberPdfViewProps) {
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  const { isSubscriber, contract, pdfFileInfo, isContractEdited } = useAppSelector(selectAgreementState);
  // Only a subscriber's agreement and PDF belong on these pages (not a trial one left in the store).
  const agreement = isSubscriber ? contract : null;
  const current =
    agreement && pdfFileInfo ? { pdfFileInfo, contractName: agreement.contractName.trim() === '' ? agreement._id : agreement.contractName } : null;
  // After a reload the app's memory is empty: the last PDF of this tab is shown again (docs/pdf.md §5).
  const shown = useLastPdf('subscriber', current);
  const dispatch = useAppDispatch();
  const forgetDownloadRequest = useCallback(() => {
    void navigate(pathname, { replace: true, state: null });
  }, [navigate, pathname]);

  return (
    <>
      <LeaveWarning shouldWarn={agreement !== null && isContractEdited} allowedPaths={EDIT_AREA_PATHS} onDiscard={() => dispatch(editsDiscarded())} />
      <Viewer
        contractName={shown ? <MarkupText markup={shown.contractName} /> : null}
        pdfFileInfo={shown?.pdfFileInfo ?? null}
        editorPath={MY_EDITOR_PATH}
        shouldDownloadOnArrival={isDownloadRequested(state)}
        onDownloadedOnArrival={forgetDownloadRequest}
        otherViewer={otherViewer}
      />
    </>
  );
}
