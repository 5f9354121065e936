/** Route `/my/pdfview` (docs/product.md §2): the subscriber's PDF in the PDF.js viewer (every page, zoom, Download). */
import PdfViewerPage from '../../features/pdf-viewer/pdf-viewer-page';
import { MY_PDF_FRAME_PATH, SubscriberPdfView } from './subscriber-pdf-view';

const OTHER_VIEWER = { to: MY_PDF_FRAME_PATH, label: "Open it in the browser's own PDF viewer instead" };

export default function MyPdfViewRoute() {
  return <SubscriberPdfView Viewer={PdfViewerPage} otherViewer={OTHER_VIEWER} />;
}
