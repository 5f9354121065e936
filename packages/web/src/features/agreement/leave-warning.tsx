/**
 * The leave warning of the contract editor (spec 2: "Leave warning for subscribers with unsaved
 * edits: Press OK to proceed without saving changes."). Inside the app a route change is held by
 * React Router's `useBlocker` and a dialog asks; closing or reloading the tab gets the browser's own
 * `beforeunload` question (browsers show their own text there).
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from 'primereact/confirmdialog';

export const LEAVE_WARNING_TEXT = 'Press OK to proceed without saving changes.';

/** Renders nothing unless `shouldWarn` and the user tries to leave; then asks with OK / Cancel. */
export function LeaveWarning({ shouldWarn }: { shouldWarn: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => shouldWarn && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!shouldWarn) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [shouldWarn]);

  return (
    <ConfirmDialog
      visible={blocker.state === 'blocked'}
      header="Unsaved changes"
      message={LEAVE_WARNING_TEXT}
      icon="pi pi-exclamation-triangle"
      acceptLabel="OK"
      rejectLabel="Cancel"
      accept={() => blocker.proceed?.()}
      reject={() => blocker.reset?.()}
      // Escape or the close button: stay on the page, as Cancel does.
      onHide={(result) => {
        if (result !== 'accept' && result !== 'reject') blocker.reset?.();
      }}
    />
  );
}
