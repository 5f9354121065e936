/**
 * docs/product.md §4: "The PDF downloads automatically once file info is returned". The viewer pages are told
 * by their route when a PDF was just made (`shouldDownload`); once its file has arrived it is saved
 * once through the browser's download, and `onDownloaded` lets the route forget the request, so a
 * reload or a return to the page does not download it again.
 */
import { useEffect } from 'react';
import type { PdfFileInfo } from '@bpa/domain/api';
import { downloadBlob } from '../../lib/download-blob';
import type { PdfFileState } from './fetch-pdf';

/**
 * @param pdfFile the fetch state of `usePdfFile`
 * @param pdfFileInfo where the file came from; its `fileName` is the saved file's name
 * @param shouldDownload true when the route asks for the download (a PDF was just made)
 * @param onDownloaded called right after the download started (keep it stable)
 */
export function useDownloadOnArrival(
  pdfFile: PdfFileState,
  pdfFileInfo: PdfFileInfo | null,
  shouldDownload: boolean,
  onDownloaded: (() => void) | undefined,
): void {
  const blob = pdfFile.status === 'ready' ? pdfFile.blob : null;
  const fileName = pdfFileInfo?.fileName ?? null;
  useEffect(() => {
    if (!shouldDownload || blob === null || fileName === null) return;
    downloadBlob(blob, fileName);
    onDownloaded?.();
  }, [shouldDownload, blob, fileName, onDownloaded]);
}
