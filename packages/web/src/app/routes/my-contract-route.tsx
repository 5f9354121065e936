/**
 * Route `/my/contract` (docs/product.md §2: the subscriber's contract editor): the agreement feature's editor in
 * its subscriber variant. Make PDF goes to /my/pdfview and asks it to download the new file once
 * it arrives (docs/product.md §4: "The PDF downloads automatically once file info is returned");
 * the viewer starts loading as the request is sent (preload-pdf-viewer.ts).
 */
import { useNavigate } from 'react-router';
import AgreementEditorPage from '../../features/agreement/editor/agreement-editor-page';
import { preloadPdfViewer } from '../../features/pdf-viewer/preload-pdf-viewer';
import { DOWNLOAD_ON_ARRIVAL_STATE, MY_PDF_VIEW_PATH } from './subscriber-pdf-view';

export default function MyContractRoute() {
  const navigate = useNavigate();
  return (
    <AgreementEditorPage
      variant="subscriber"
      onPdfMade={() => void navigate(MY_PDF_VIEW_PATH, { state: DOWNLOAD_ON_ARRIVAL_STATE })}
      onMakePdfStarted={() => preloadPdfViewer(() => import('./my-pdf-view-route'))}
    />
  );
}
