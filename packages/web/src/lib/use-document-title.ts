/**
 * Sets the browser tab's title for a page: "{page} · Bridge Partnership Agreements", or the
 * product title alone (docs/product.md §D1) for the landing page. Screen readers announce it after a route change.
 */
import { useEffect } from 'react';
import { PRODUCT_TITLE } from '@bpa/domain/constants';

/** @param pageTitle the page's own name, or undefined for the product title alone */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = toDocumentTitle(pageTitle);
  }, [pageTitle]);
}

/** The tab title of a page: "{page} · Bridge Partnership Agreements", or the product title alone. */
export function toDocumentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} · ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}
