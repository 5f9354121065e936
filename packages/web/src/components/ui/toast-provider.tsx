/**
 * App-wide toasts: one PrimeReact Toast (life TOAST_LIFE_MS = 3000 ms, docs/product.md §9) and a hook to show
 * messages from any component. A failure goes to `showFailure(error)`, which words it with
 * `toErrorMessage` (lib/error-message.ts) and leaves out an answer that ended the session: the
 * sign-in page says why, once (docs/decisions/110-no-sign-out-by-surprise.md).
 *
 * The Toast is loaded with the first message (docs/decisions/203-native-controls.md: the UI library
 * out of every page's first load); messages shown meanwhile wait for it and appear together.
 */
import { createContext, lazy, Suspense, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Toast, ToastMessage } from 'primereact/toast';
import { TOAST_LIFE_MS } from '@bpa/domain/constants';
import { endedTheSession, toErrorMessage } from '../../lib/error-message';

/** What `useToast()` gives: each call shows one toast with the text as plain text (never markup). */
export interface ToastApi {
  showError(message: string): void;
  /** Shows a failure (any thrown value) in words; nothing for an answer that ended the session (ADR 110). */
  showFailure(error: unknown): void;
  showSuccess(message: string): void;
  showInfo(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const LazyToast = lazy(() => import('./primereact-parts').then((parts) => ({ default: parts.ProvidedToast })));

/** Renders the toast outlet and provides `useToast()` to everything inside. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const toastRef = useRef<Toast | null>(null);
  const waiting = useRef<ToastMessage[]>([]);
  const [isToastWanted, setIsToastWanted] = useState(false);
  const attachToast = useCallback((toast: Toast | null) => {
    toastRef.current = toast;
    if (toast && waiting.current.length > 0) {
      toast.show(waiting.current);
      waiting.current = [];
    }
  }, []);
  const toastApi = useMemo<ToastApi>(() => {
    const show = (severity: 'error' | 'success' | 'info', summary: string, detail: string) => {
      const message: ToastMessage = { severity, summary, detail, life: TOAST_LIFE_MS };
      if (toastRef.current) toastRef.current.show(message);
      else {
        waiting.current.push(message);
        setIsToastWanted(true);
      }
    };
    return {
      showError: (message) => show('error', 'Error', message),
      showFailure: (error) => {
        if (!endedTheSession(error)) show('error', 'Error', toErrorMessage(error));
      },
      showSuccess: (message) => show('success', 'Done', message),
      showInfo: (message) => show('info', 'Note', message),
    };
  }, []);
  return (
    <ToastContext value={toastApi}>
      {isToastWanted && (
        <Suspense fallback={null}>
          <LazyToast ref={attachToast} position="top-right" />
        </Suspense>
      )}
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
