import { describe, expect, it } from 'vitest';
import { readCspNonce } from './csp-nonce';

/** A document with one `<meta name="csp-nonce">` of the given content, or none. */
const page = (content: string | null) => ({
  querySelector: (selector: string) => (content !== null && selector === 'meta[name="csp-nonce"]' ? ({ content } as HTMLMetaElement) : null),
});

describe('readCspNonce', () => {
  it('reads the nonce the server wrote into index.html', () => {
    expect(readCspNonce(page('0123456789abcdef0123456789abcdef') as Document)).toBe('0123456789abcdef0123456789abcdef');
  });

  it('has none when the placeholder was not replaced (Vite dev server), the meta is missing, or there is no document', () => {
    expect(readCspNonce(page('__CSP_NONCE__') as Document)).toBeUndefined();
    expect(readCspNonce(page(null) as Document)).toBeUndefined();
    expect(readCspNonce(undefined)).toBeUndefined();
  });
});
