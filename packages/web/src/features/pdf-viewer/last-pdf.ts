/**
 * The last PDF a viewer showed, kept in this tab's sessionStorage (docs/pdf.md §5): reloading a
 * viewer page (/pdfview, /my/pdfview, /my/pdfview2) shows the same file again instead of "Please
 * Load a Contract", though a reload empties the app's memory. The file itself stays on the server
 * (a guest's for an hour, a subscriber's for 30 days, readable by its owner only); only where to
 * fetch it and the agreement's name are kept, per kind of visitor.
 */
import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import { type PdfFileInfo, PdfFileInfoSchema } from '@bpa/domain/api';

/** Whose PDF: a guest's and a subscriber's are kept apart. */
export type PdfOwnerKind = 'guest' | 'subscriber';

/** What is kept: where to fetch the file and the agreement's name (colour markup). */
export interface LastPdf {
  pdfFileInfo: PdfFileInfo;
  contractName: string;
}

const LastPdfSchema = z.object({ pdfFileInfo: PdfFileInfoSchema, contractName: z.string().max(1000) });
const storageKey = (kind: PdfOwnerKind) => `bpa.last-pdf.${kind}.v1`;

function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/**
 * Reads the last PDF kept for a kind of visitor.
 *
 * @returns it, or null when nothing valid is kept (never throws: blocked storage reads as empty)
 */
export function readLastPdf(kind: PdfOwnerKind, storage = sessionStore()): LastPdf | null {
  try {
    const text = storage?.getItem(storageKey(kind));
    if (!text) return null;
    const parsed = LastPdfSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps `value` as the last PDF of its kind (never throws). */
export function rememberLastPdf(kind: PdfOwnerKind, value: LastPdf, storage = sessionStore()): void {
  try {
    storage?.setItem(storageKey(kind), JSON.stringify(value));
  } catch {
    // A full or blocked storage only means a reload shows "Please Load a Contract".
  }
}

/**
 * The PDF a viewer shows: the one in the app's memory, kept as the last one; or, after a reload,
 * the last one kept in this tab.
 *
 * @param current the PDF in memory (null when none)
 */
export function useLastPdf(kind: PdfOwnerKind, current: LastPdf | null): LastPdf | null {
  const fileName = current?.pdfFileInfo.fileName;
  const pathName = current?.pdfFileInfo.pathName;
  const contractName = current?.contractName;
  useEffect(() => {
    if (fileName !== undefined && pathName !== undefined && contractName !== undefined)
      rememberLastPdf(kind, { pdfFileInfo: { fileName, pathName }, contractName });
  }, [kind, fileName, pathName, contractName]);
  return useMemo(() => {
    if (fileName !== undefined && pathName !== undefined && contractName !== undefined) return { pdfFileInfo: { fileName, pathName }, contractName };
    return readLastPdf(kind);
  }, [kind, fileName, pathName, contractName]);
}
