/**
 * Saves a Blob as a file through the browser's download (docs/product.md §2: the PDF viewer's Download; docs/product.md §4:
 * "The PDF downloads automatically once file info is returned"). Uses an object URL, so it works
 * under the strict CSP (no data: URLs, no script).
 *
 * @param blob the file's content, e.g. a PDF
 * @param fileName the name the browser saves it under, e.g. 'Partner 1.pdf'
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers read the URL after click() returns; free it once the download has started.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
