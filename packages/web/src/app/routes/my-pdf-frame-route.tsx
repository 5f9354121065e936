/** Route `/my/pdfview2` (docs/product.md §2: the viewer page with an iframe): the subscriber's PDF in the browser's own viewer. */
import PdfFramePage from '../../features/pdf-viewer/pdf-frame-page';
import { MY_PDF_VIEW_PATH, SubscriberPdfView } from './subscriber-pdf-view';

const OTHER_VIEWER = { to: MY_PDF_VIEW_PATH, label: 'Open it in the page-by-page viewer with zoom instead' };

export default function MyPdfFrameRoute() {
  return <SubscriberPdfView Viewer={PdfFramePage} otherViewer={OTHER_VIEWER} />;
}
