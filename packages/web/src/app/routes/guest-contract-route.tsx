/**
 * Route `/guest/contract` (docs/product.md §2: the trial's contract editor): the agreement feature's
 * editor in its guest variant. Make PDF goes to /pdfview and asks it to download the new file once
 * it arrives, as the Instructions page promises (docs/pdf.md §5); the viewer starts loading as the
 * request is sent (preload-pdf-viewer.ts).
 */
import { useNavigate } from 'react-router';
import { PATHS } from '@bpa/domain/paths';
import AgreementEditorPage from '../../features/agreement/editor/agreement-editor-page';
import { preloadPdfViewer } from '../../features/pdf-viewer/preload-pdf-viewer';
import { DOWNLOAD_ON_ARRIVAL_STATE } from './subscriber-pdf-view';

export default function GuestContractRoute() {
  const navigate = useNavigate();
  return (
    <AgreementEditorPage
      variant="guest"
      onPdfMade={() => void navigate(PATHS.pdfView, { state: DOWNLOAD_ON_ARRIVAL_STATE })}
      onMakePdfStarted={() => preloadPdfViewer(() => import('./pdf-view-route'))}
    />
  );
}
