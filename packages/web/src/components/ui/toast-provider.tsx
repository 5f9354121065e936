/**
 * App-wide toasts: one PrimeReact Toast (life TOAST_LIFE_MS = 3000 ms, docs/product.md §9) and a hook to show
 * messages from any component. Pair with `toErrorMessage` (lib/error-message.ts) for failures:
 * `showError(toErrorMessage(error))`.
 */
import { createContext, use, useMemo, useRef, type ReactNode } from 'react';
import { Toast } from 'primereact/toast';
import { TOAST_LIFE_MS } from '@bpa/domain/constants';

/** What `useToast()` gives: each call shows one toast with the text as plain text (never markup). */
export interface ToastApi {
  showError(message: string): void;
  showSuccess(message: string): void;
  showInfo(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Renders the toast outlet and provides `useToast()` to everything inside. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const toastRef = useRef<Toast>(null);
  const toastApi = useMemo<ToastApi>(() => {
    const show = (severity: 'error' | 'success' | 'info', summary: string, detail: string) => {
      toastRef.current?.show({ severity, summary, detail, life: TOAST_LIFE_MS });
    };
    return {
      showError: (message) => show('error', 'Error', message),
      showSuccess: (message) => show('success', 'Done', message),
      showInfo: (message) => show('info', 'Note', message),
    };
  }, []);
  return (
    <ToastContext value={toastApi}>
      <Toast ref={toastRef} position="top-right" />
      {children}
    </ToastContext>
  );
}

/**
 * The toast functions of the nearest `ToastProvider`.
 * @throws Error when used outside a ToastProvider (a programming error)
 */
export function useToast(): ToastApi {
  const toastApi = use(ToastContext);
  if (toastApi === null) throw new Error('useToast() needs a <ToastProvider> above it');
  return toastApi;
}
