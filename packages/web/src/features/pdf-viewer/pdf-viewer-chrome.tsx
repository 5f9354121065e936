/**
 * What both PDF viewer pages show around the document (docs/product.md §2 "PDF viewer pages"): the agreement's
 * name or "Please Load a Contract", a toolbar with Download and Go To Contract Editor (plus the
 * page's own tools), the link to the other viewer, and the file's loading and failure messages.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import type { PdfFileInfo } from '@bpa/domain/api';
import { LinkButton } from '../../components/ui/link-button';
import { PageSpinner } from '../../components/ui/page-spinner';
import { downloadBlob } from '../../lib/download-blob';
import type { PdfFileState } from './fetch-pdf';
import { PLEASE_LOAD_TEXT, type OtherViewerLink } from './pdf-viewer-props';

export interface PdfViewerChromeProps {
  contractName: ReactNode;
  pdfFile: PdfFileState;
  pdfFileInfo: PdfFileInfo | null;
  editorPath: string;
  otherViewer?: OtherViewerLink | undefined;
  /** Whether Download is offered (the file is here and, for PDF.js, shown without error). */
  canDownload: boolean;
  /** The page's own tools, between Download and Go To Contract Editor (e.g. zoom). */
  tools?: ReactNode;
  /** The document area. */
  children: ReactNode;
}

export function PdfViewerChrome({ contractName, pdfFile, pdfFileInfo, editorPath, otherViewer, canDownload, tools, children }: PdfViewerChromeProps) {
  return (
    <div className="py-4 pdf-viewer">
      <p className="pdf-viewer-kicker">Agreement PDF</p>
      <h1 className="pdf-viewer-title">{contractName ?? PLEASE_LOAD_TEXT}</h1>

      <div className="pdf-toolbar" role="toolbar" aria-label="PDF tools">
        <Button
          type="button"
          label="Download"
          icon="pi pi-download"
          disabled={!canDownload}
          onClick={() => {
            if (pdfFile.status === 'ready' && pdfFileInfo) downloadBlob(pdfFile.blob, pdfFileInfo.fileName);
          }}
        />
        {tools}
        <LinkButton to={editorPath} variant="outlined" icon="pi pi-pencil" className="ms-md-auto">
          Go To Contract Editor
        </LinkButton>
      </div>
      {otherViewer && (
        <p className="pdf-other-viewer">
          <Link to={otherViewer.to}>{otherViewer.label}</Link>
        </p>
      )}
      {children}
    </div>
  );
}

/** The file's state in words: nothing made yet, loading, or why it failed (nothing once it is here). */
export function PdfFileMessage({ pdfFile }: { pdfFile: PdfFileState }) {
  if (pdfFile.status === 'idle') {
    return (
      <p className="pdf-message">
        There is no PDF to show yet. Open your agreement in the contract editor and press <strong>Make PDF</strong>.
      </p>
    );
  }
  if (pdfFile.status === 'loading') return <PageSpinner label="Loading the PDF…" />;
  if (pdfFile.status === 'failed') {
    return (
      <p className="pdf-message pdf-message-error" role="alert">
        The PDF could not be loaded. {pdfFile.message}
      </p>
    );
  }
  return null;
}
