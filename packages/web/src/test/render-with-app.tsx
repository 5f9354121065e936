/**
 * Renders a component as the app would hold it: the real store (no browser storage), a memory
 * router at `path`, and the toast provider. For the web package's component tests.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore } from '../app/store';
import { ToastProvider } from '../components/ui/toast-provider';

/**
 * @param ui the component to render
 * @param path the address the router starts at
 * @returns Testing Library's result and the store, to dispatch or read state
 */
export function renderWithApp(ui: ReactElement, path = '/') {
  const store = makeStore({ storage: null });
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <ToastProvider>{ui}</ToastProvider>
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}
