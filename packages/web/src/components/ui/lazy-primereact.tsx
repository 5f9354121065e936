/**
 * PrimeReact's Dialog and ConfirmDialog, loaded the first time one is shown (docs/decisions/
 * 203-native-controls.md: the UI library out of every page's first load). Until then they render
 * nothing; once shown they stay mounted, so closing one plays PrimeReact's own exit and gives focus
 * back as before. The first opening waits for the library's chunk (a few tens of kB, cached after).
 */
import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from 'primereact/confirmdialog';
import type { DialogProps } from 'primereact/dialog';

const LazyDialog = lazy(() => import('./primereact-parts').then((parts) => ({ default: parts.ProvidedDialog })));
const LazyConfirmDialog = lazy(() => import('./primereact-parts').then((parts) => ({ default: parts.ProvidedConfirmDialog })));

/** True from the first render where `visible` is true on. */
function useHasBeenShown(visible: boolean): boolean {
  const [hasBeenShown, setHasBeenShown] = useState(visible);
  if (visible && !hasBeenShown) setHasBeenShown(true);
  return hasBeenShown || visible;
}

/** PrimeReact's Dialog (same props), loaded when first visible. */
export function Dialog(props: DialogProps) {
  const hasBeenShown = useHasBeenShown(props.visible === true);
  if (!hasBeenShown) return null;
  return (
    <Suspense fallback={null}>
      <LazyDialog {...props} />
    </Suspense>
  );
}

/** PrimeReact's ConfirmDialog (same props), loaded when first visible. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const hasBeenShown = useHasBeenShown(props.visible === true);
  if (!hasBeenShown) return null;
  return (
    <Suspense fallback={null}>
      <LazyConfirmDialog {...props} />
    </Suspense>
  );
}
