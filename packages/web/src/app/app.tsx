/**
 * The providers around the router: Redux store, PrimeReact settings and the toasts.
 * PrimeReact's defaults already are the spec's figures (spec 9: z-index layers modal 1100,
 * overlay 1000, menu 1000, tooltip 1100, toast 1200; locale en), so only the ripple is turned off.
 */
import { Provider } from 'react-redux';
import { PrimeReactProvider } from 'primereact/api';
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
      <PrimeReactProvider value={{ ripple: false }}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </PrimeReactProvider>
    </Provider>
  );
}
