/**
 * PDF viewer `/pdfview` and `/my/pdfview` (docs/product.md §2 "PDF viewer pages"; docs/product.md §D2: PDF.js through
 * react-pdf). Shows the agreement's name (or "Please Load a Contract"), every page of the PDF made
 * from it, zoom, Download, and "Go To Contract Editor". Loading shows a spinner; a failure shows a
 * toast and a message, never a blank screen. Right after Make PDF the route asks for the file to
 * be downloaded as soon as it arrives (docs/product.md §4, use-download-on-arrival.ts).
 */
import { useCallback, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useToast } from '../../components/ui/toast-provider';
import { toErrorMessage } from '../../lib/error-message';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePdfFile } from './fetch-pdf';
import { PdfFileMessage, PdfViewerChrome } from './pdf-viewer-chrome';
import type { PdfViewerPageProps } from './pdf-viewer-props';
import { pdfWorkerUrl } from './preload-pdf-viewer';
import { useDownloadOnArrival } from './use-download-on-arrival';
import './pdf-viewer.css';

pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;

/** PDF.js must not compile fonts with eval: the CSP forbids it (docs/product.md §D8). Stable object for react-pdf. */
const PDF_OPTIONS = { isEvalSupported: false } as const;
/** Zoom steps, as a share of the container width. */
const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
/** Width of a page at 100 % on a wide screen, in CSS pixels: readable, and the whole page fits the view. */
const MAX_FIT_WIDTH_PX = 900;
const DEFAULT_ZOOM_INDEX = 2;

/** Width of an element in CSS pixels, following resizes. */
function useElementWidth() {
  const [width, setWidth] = useState(0);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export default function PdfViewerPage({
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
  const [zoomIndex, setZoomIndex] = useState(DEFAULT_ZOOM_INDEX);
  const [pageCount, setPageCount] = useState(0);
  const [renderFailure, setRenderFailure] = useState<string | null>(null);
  const [containerRef, containerWidth] = useElementWidth();

  const zoom = ZOOM_STEPS[zoomIndex] ?? 1;
  const pageWidth = Math.max(200, Math.floor(Math.min(containerWidth, MAX_FIT_WIDTH_PX) * zoom));
  const isReady = pdfFile.status === 'ready' && renderFailure === null;

  const reportRenderFailure = (error: unknown) => {
    const message = `The PDF could not be shown: ${toErrorMessage(error)}`;
    setRenderFailure(message);
    showError(message);
  };

  return (
    <PdfViewerChrome
      contractName={contractName}
      pdfFile={pdfFile}
      pdfFileInfo={pdfFileInfo}
      editorPath={editorPath}
      otherViewer={otherViewer}
      canDownload={isReady}
      tools={
        <div className="pdf-zoom" role="group" aria-label="Zoom">
          <Button
            type="button"
            icon="pi pi-search-minus"
            outlined
            aria-label="Zoom out"
            disabled={!isReady || zoomIndex === 0}
            onClick={() => setZoomIndex((index) => Math.max(0, index - 1))}
          />
          <output className="pdf-zoom-level" aria-live="polite" aria-label="Zoom level">
            {Math.round(zoom * 100)}%
          </output>
          <Button
            type="button"
            icon="pi pi-search-plus"
            outlined
            aria-label="Zoom in"
            disabled={!isReady || zoomIndex === ZOOM_STEPS.length - 1}
            onClick={() => setZoomIndex((index) => Math.min(ZOOM_STEPS.length - 1, index + 1))}
          />
        </div>
      }
    >
      <div className="pdf-stage">
        <div ref={containerRef}>
          <PdfFileMessage pdfFile={pdfFile} />
          {renderFailure !== null && (
            <p className="pdf-message pdf-message-error" role="alert">
              {renderFailure}
            </p>
          )}
          {pdfFile.status === 'ready' && renderFailure === null && containerWidth > 0 && (
            <Document
              file={pdfFile.blob}
              options={PDF_OPTIONS}
              onLoadSuccess={(pdf) => setPageCount(pdf.numPages)}
              onLoadError={reportRenderFailure}
              onSourceError={reportRenderFailure}
              loading={<PageSpinner label="Opening the PDF…" />}
              error={<span />}
              className="pdf-document"
            >
              {Array.from({ length: pageCount }, (_, index) => (
                <Page
                  key={index + 1}
                  pageNumber={index + 1}
                  width={pageWidth}
                  renderAnnotationLayer={false}
                  className="pdf-page"
                  loading={<PageSpinner label={`Rendering page ${String(index + 1)}…`} />}
                  onRenderError={reportRenderFailure}
                />
              ))}
            </Document>
          )}
        </div>
      </div>
    </PdfViewerChrome>
  );
}
