/**
 * The second PDF viewer, `/my/pdfview2` (spec 2 "PDF viewer pages": "the other an iframe"; design 2:
 * a plain `<iframe>`). The file is fetched once (with the session cookie, so failures show as a
 * message and a toast instead of an error page inside the frame) and shown from an object URL
 * (the CSP allows `frame-src blob:`), in the browser's own PDF viewer with its zoom and print.
 * Shows the agreement's name or "Please Load a Contract", Download and Go To Contract Editor, and
 * downloads the file once it arrives right after Make PDF (spec 4).
 */
import { useCallback } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { LinkButton } from '../../components/ui/link-button';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useToast } from '../../components/ui/toast-provider';
import { downloadBlob } from '../../lib/download-blob';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePdfFile } from './fetch-pdf';
import { PLEASE_LOAD_TEXT, type PdfViewerPageProps } from './pdf-viewer-props';
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
    <div className="py-4 pdf-viewer">
      <p className="pdf-viewer-kicker">Agreement PDF</p>
      <h1 className="pdf-viewer-title">{contractName ?? PLEASE_LOAD_TEXT}</h1>

      <div className="pdf-toolbar" role="toolbar" aria-label="PDF tools">
        <Button
          type="button"
          label="Download"
          icon="pi pi-download"
          disabled={pdfFile.status !== 'ready'}
          onClick={() => {
            if (pdfFile.status === 'ready' && pdfFileInfo) downloadBlob(pdfFile.blob, pdfFileInfo.fileName);
          }}
        />
        <LinkButton to={editorPath} variant="outlined" icon="pi pi-pencil" className="ms-md-auto">
          Go To Contract Editor
        </LinkButton>
      </div>
      {otherViewer && (
        <p className="pdf-other-viewer">
          <Link to={otherViewer.to}>{otherViewer.label}</Link>
        </p>
      )}

      <div className="pdf-stage pdf-frame-stage">
        {pdfFile.status === 'idle' && (
          <p className="pdf-message">
            There is no PDF to show yet. Open your agreement in the contract editor and press <strong>Make PDF</strong>.
          </p>
        )}
        {pdfFile.status === 'loading' && <PageSpinner label="Loading the PDF…" />}
        {pdfFile.status === 'failed' && (
          <p className="pdf-message pdf-message-error" role="alert">
            The PDF could not be loaded. {pdfFile.message}
          </p>
        )}
        {pdfFile.status === 'ready' && <PdfFrame blob={pdfFile.blob} title={frameTitle} />}
      </div>
    </div>
  );
}
