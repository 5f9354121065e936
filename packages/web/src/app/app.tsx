/**
 * The providers around the router: Redux store, PrimeReact settings and the toasts.
 * PrimeReact's defaults already are the spec's figures (docs/product.md §9: z-index layers modal 1100,
 * overlay 1000, menu 1000, tooltip 1100, toast 1200; locale en), so only the ripple is turned off
 * and the CSP nonce given.
 */
import { Provider } from 'react-redux';
import { PrimeReactProvider } from 'primereact/api';
import { RouterProvider } from 'react-router';
import type { AppStore } from './store';
import type { createAppRouter } from './router';
import { ToastProvider } from '../components/ui/toast-provider';
import { readCspNonce } from '../lib/csp-nonce';

/** PrimeReact settings: no ripple; the page's CSP nonce on every style element it injects (lib/csp-nonce.ts). */
export const PRIME_REACT_SETTINGS = { ripple: false, nonce: readCspNonce() };

export interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createAppRouter>;
}

export function App({ store, router }: AppProps) {
  return (
    <Provider store={store}>
      <PrimeReactProvider value={PRIME_REACT_SETTINGS}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </PrimeReactProvider>
    </Provider>
  );
}
