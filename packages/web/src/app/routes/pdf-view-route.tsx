/**
 * Route `/pdfview` (docs/product.md §2 "PDF viewer pages"): the viewer shows the PDF made from the agreement
 * in the store. The agreement state is read here, where features meet, and handed to the viewer.
 * Coming from Make PDF in the trial (guest-contract-route.tsx) it downloads the file once it arrives,
 * as for subscribers (docs/pdf.md §5: the viewer downloads the file by itself).
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../hooks';
import { selectAgreement, selectIsSubscriber, selectPdfFileInfo } from '../../features/agreement/core/agreement-slice';
import { MarkupText } from '../../features/agreement/core/markup-text';
import { useLastPdf } from '../../features/pdf-viewer/last-pdf';
import PdfViewerPage from '../../features/pdf-viewer/pdf-viewer-page';
import { PATHS } from '@bpa/domain/paths';
import { isDownloadRequested } from './subscriber-pdf-view';

export default function PdfViewRoute() {
  const contract = useAppSelector(selectAgreement);
  const pdfFileInfo = useAppSelector(selectPdfFileInfo);
  const isSubscriber = useAppSelector(selectIsSubscriber);
  // docs/product.md §2: "Go To Contract Editor goes to /my/contract for a subscriber, /trial otherwise".
  // The name keeps its colours (docs/product.md §D5), as in the subscriber's viewers; contractName defaults to the id (docs/product.md §3).
  const current = contract && pdfFileInfo ? { pdfFileInfo, contractName: contract.contractName.trim() === '' ? contract._id : contract.contractName } : null;
  // After a reload the app's memory is empty: the last PDF of this tab is shown again (docs/pdf.md §5).
  const shown = useLastPdf(isSubscriber ? 'subscriber' : 'guest', current);
  const contractName = shown ? <MarkupText markup={shown.contractName} /> : null;
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  const forgetDownloadRequest = useCallback(() => {
    void navigate(pathname, { replace: true, state: null });
  }, [navigate, pathname]);
  return (
    <PdfViewerPage
      contractName={contractName}
      pdfFileInfo={shown?.pdfFileInfo ?? null}
      editorPath={isSubscriber ? PATHS.myContract : PATHS.trial}
      shouldDownloadOnArrival={isDownloadRequested(state)}
      onDownloadedOnArrival={forgetDownloadRequest}
    />
  );
}
