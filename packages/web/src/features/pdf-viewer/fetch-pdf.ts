/**
 * Fetching a produced PDF: GET /api/v1/contracts/pdfviewer/{pathName}/{fileName} (docs/product.md §7, docs/product.md §D7).
 * A PDF is a Blob, which does not belong in the Redux store, so this is a plain fetch and a hook.
 */
import { useEffect, useState } from 'react';
import type { PdfFileInfo } from '@bpa/domain/api';
import { toErrorMessage } from '../../lib/error-message';

/** Address of a produced PDF; both parts are URL-encoded. */
export function getPdfViewerUrl(pdfFileInfo: PdfFileInfo): string {
  return `/api/v1/contracts/pdfviewer/${encodeURIComponent(pdfFileInfo.pathName)}/${encodeURIComponent(pdfFileInfo.fileName)}`;
}

/**
 * Fetches a PDF with the session cookie.
 * @returns the file as a Blob
 * @throws Error whose message is for a toast (our error envelope's message, or a sentence for the
 *   HTTP code or network failure, through `toErrorMessage`); an AbortError when `signal` aborts
 */
export async function fetchPdf(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new Error(toErrorMessage({ status: response.status, data: body }));
  }
  return response.blob();
}

/** Where the fetch of the PDF is. */
export type PdfFileState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; blob: Blob } | { status: 'failed'; message: string };

interface FetchResult {
  url: string;
  blob?: Blob;
  message?: string;
}

/**
 * Fetches the PDF of `pdfFileInfo` whenever it changes; aborts the previous fetch.
 * @param onFailure called once per failed fetch with a message for a toast (keep it stable)
 */
export function usePdfFile(pdfFileInfo: PdfFileInfo | null, onFailure: (message: string) => void): PdfFileState {
  const url = pdfFileInfo ? getPdfViewerUrl(pdfFileInfo) : null;
  const [result, setResult] = useState<FetchResult | null>(null);

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    fetchPdf(url, controller.signal).then(
      (blob) => setResult({ url, blob }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = toErrorMessage(error);
        setResult({ url, message });
        onFailure(message);
      },
    );
    return () => controller.abort();
  }, [url, onFailure]);

  if (url === null) return { status: 'idle' };
  if (result?.url !== url) return { status: 'loading' };
  if (result.blob) return { status: 'ready', blob: result.blob };
  return { status: 'failed', message: result.message ?? '' };
}
