/**
 * The providers around the router: Redux store and the toasts. PrimeReact's settings (no ripple, the
 * CSP nonce; docs/product.md §9) are given where its components are loaded (components/ui/primereact-parts.tsx,
 * and the admin panel and the editor's row tooltips).
 */
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { AppStore } from './store';
import type { createAppRouter } from './router';
import { ToastProvider } from '../components/ui/toast-provider';

export interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createAppRouter>;
}

export function App({ store, router }: AppProps) {
  return (
    <Provider store={store}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>
  );
}
