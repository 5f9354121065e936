/**
 * The style nonce of this page load (ADR 133): the server writes it into
 * `<meta name="csp-nonce">` of index.html and lists it in the CSP's style-src, so the style
 * elements PrimeReact injects are allowed without 'unsafe-inline'.
 *
 * @returns the nonce, or undefined when the page has none (the Vite dev server, tests)
 */
export function readCspNonce(doc: Pick<Document, 'querySelector'> | undefined = typeof document === 'undefined' ? undefined : document): string | undefined {
  const content = doc?.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return content && !content.startsWith('__') ? content : undefined;
}
