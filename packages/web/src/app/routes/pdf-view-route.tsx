/**
 * Route `/pdfview` (docs/product.md §2 "PDF viewer pages"): the viewer shows the PDF made from the agreement
 * in the store. The agreement state is read here, where features meet, and handed to the viewer.
 */
import { useAppSelector } from '../hooks';
import { selectContract, selectIsSubscriber, selectPdfFileInfo } from '../../features/agreement/agreement-slice';
import { MarkupText } from '../../features/agreement/markup-text';
import { useLastPdf } from '../../features/pdf-viewer/last-pdf';
import PdfViewerPage from '../../features/pdf-viewer/pdf-viewer-page';
import { PATHS } from '@bpa/domain/paths';

export default function PdfViewRoute() {
  const contract = useAppSelector(selectContract);
  const pdfFileInfo = useAppSelector(selectPdfFileInfo);
  const isSubscriber = useAppSelector(selectIsSubscriber);
  // docs/product.md §2: "Go To Contract Editor goes to /my/contract for a subscriber, /trial otherwise".
  // The name keeps its colours (docs/product.md §D5), as in the subscriber's viewers; contractName defaults to the id (docs/product.md §3).
  const current = contract && pdfFileInfo ? { pdfFileInfo, contractName: contract.contractName.trim() === '' ? contract._id : contract.contractName } : null;
  // After a reload the app's memory is empty: the last PDF of this tab is shown again (issue 9, item 7).
  const shown = useLastPdf(isSubscriber ? 'subscriber' : 'guest', current);
  const contractName = shown ? <MarkupText markup={shown.contractName} /> : null;
  return <PdfViewerPage contractName={contractName} pdfFileInfo={shown?.pdfFileInfo ?? null} editorPath={isSubscriber ? PATHS.myContract : PATHS.trial} />;
}
