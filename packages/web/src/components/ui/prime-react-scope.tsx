/**
 * The app's PrimeReact settings around the components of the UI library a page loads (the
 * overlays of primereact-parts.tsx, the admin panel's tables and tabs, the editor's row tooltips,
 * the password field): no ripple, and the page's CSP nonce on every style element PrimeReact adds
 * (lib/csp-nonce.ts). PrimeReact's defaults already are the spec's figures (docs/product.md §9:
 * z-index layers modal 1100, overlay 1000, menu 1000, tooltip 1100, toast 1200; locale en). Not
 * around the whole app, so that pages which use none of the library do not load it
 * (docs/decisions/203-native-controls.md).
 */
import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { readCspNonce } from '../../lib/csp-nonce';

/** PrimeReact settings: no ripple; the page's CSP nonce. */
export const PRIME_REACT_SETTINGS = { ripple: false, nonce: readCspNonce() };

/** Its children under the app's PrimeReact settings. */
export function PrimeReactScope({ children }: { children: ReactNode }) {
  return <PrimeReactProvider value={PRIME_REACT_SETTINGS}>{children}</PrimeReactProvider>;
}
