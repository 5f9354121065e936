/**
 * PrimeReact's overlays (Dialog, ConfirmDialog, Toast), each under the app's PrimeReact settings
 * (prime-react-scope.tsx). Loaded only when a page first shows one of them (lazy-primereact.tsx), so
 * the UI library stays out of every page's first load (docs/decisions/203-native-controls.md).
 */
import { ConfirmDialog, type ConfirmDialogProps } from 'primereact/confirmdialog';
import { Dialog, type DialogProps } from 'primereact/dialog';
import { Toast, type ToastProps } from 'primereact/toast';
import type { Ref } from 'react';
import { PrimeReactScope } from './prime-react-scope';

export function ProvidedDialog(props: DialogProps) {
  return (
    <PrimeReactScope>
      <Dialog {...props} />
    </PrimeReactScope>
  );
}

export function ProvidedConfirmDialog(props: ConfirmDialogProps) {
  return (
    <PrimeReactScope>
      <ConfirmDialog {...props} />
    </PrimeReactScope>
  );
}

export function ProvidedToast({ ref, ...props }: ToastProps & { ref?: Ref<Toast> }) {
  return (
    <PrimeReactScope>
      <Toast ref={ref} {...props} />
    </PrimeReactScope>
  );
}
