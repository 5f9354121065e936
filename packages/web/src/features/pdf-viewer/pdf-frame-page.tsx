/**
 * The second PDF viewer, `/my/pdfview2` (docs/product.md §2 "PDF viewer pages": "the other an iframe"; docs/product.md §D2:
 * a plain `<iframe>`). The file is fetched once (with the session cookie, so failures show as a
 * message and a toast instead of an error page inside the frame) and shown from an object URL
 * (the CSP allows `frame-src blob:`), in the browser's own PDF viewer with its zoom and print.
 * Shows the agreement's name or "Please Load a Contract", Download and Go To Contract Editor, and
 * downloads the file once it arrives right after Make PDF (docs/product.md §4).
 */
import { useCallback } from 'react';
import { useToast } from '../../components/ui/toast-provider';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePdfFile } from './fetch-pdf';
import { PdfFileMessage, PdfViewerChrome } from './pdf-viewer-chrome';
import type { PdfViewerPageProps } from './pdf-viewer-props';
import { useDownloadOnArrival } from './use-download-on-arrival';
import './pdf-viewer.css';

/** The iframe showing a Blob through an object URL, revoked when the Blob changes or the frame goes. */
function PdfFrame({ blob, title }: { blob: Blob; title: string }) {
  const showBlob = useCallback(
    (frame: HTMLIFrameElement | null) => {
      if (!frame) return;
      const href = URL.createObjectURL(blob);
      frame.src = href;
      return () => URL.revokeObjectURL(href);
    },
    [blob],
  );
  return <iframe ref={showBlob} title={title} className="pdf-frame" />;
}

/** Same props as the PDF.js viewer, so routes can offer either. */
export default function PdfFramePage({
  contractName,
  pdfFileInfo,
  editorPath,
  shouldDownloadOnArrival = false,
  onDownloadedOnArrival,
  otherViewer,
}: PdfViewerPageProps) {
  useDocumentTitle('PDF Viewer');
  const { showError } = useToast();
  const pdfFile = usePdfFile(pdfFileInfo, showError);
  useDownloadOnArrival(pdfFile, pdfFileInfo, shouldDownloadOnArrival, onDownloadedOnArrival);
  const frameTitle = pdfFileInfo ? `PDF of the agreement: ${pdfFileInfo.fileName}` : 'PDF of the agreement';

  return (
    <PdfViewerChrome
      contractName={contractName}
      pdfFile={pdfFile}
      pdfFileInfo={pdfFileInfo}
      editorPath={editorPath}
      otherViewer={otherViewer}
      canDownload={pdfFile.status === 'ready'}
    >
      <div className="pdf-stage pdf-frame-stage">
        <PdfFileMessage pdfFile={pdfFile} />
        {pdfFile.status === 'ready' && <PdfFrame blob={pdfFile.blob} title={frameTitle} />}
      </div>
    </PdfViewerChrome>
  );
}
