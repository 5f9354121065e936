/**
 * The leave warning of the contract editor (docs/product.md §2: "Leave warning for subscribers with unsaved
 * edits: Press OK to proceed without saving changes."). Inside the app a route change is held by
 * React Router's `useBlocker` and a dialog asks; closing or reloading the tab gets the browser's own
 * `beforeunload` question (browsers show their own text there).
 *
 * OK leaves without saving and drops the edits (`onDiscard`), as the question says; Cancel stays.
 *
 * Some in-app moves keep the unsaved edits at hand and need no question: from the subscriber's
 * editor to the PDF viewers (Make PDF) and back. They are listed in `allowedPaths`; the edits live
 * in the store until saved, so they are still there when the user returns to the editor.
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/lazy-primereact';
import { MESSAGES } from '@bpa/domain/messages';

export const LEAVE_WARNING_TEXT = MESSAGES.leaveWithoutSaving;

/** No path is exempt from the warning (stable, so the blocker function does not change each render). */
const NO_ALLOWED_PATHS: readonly string[] = [];

export interface LeaveWarningProps {
  /** True while there are unsaved edits (docs/product.md §2: subscribers only). */
  shouldWarn: boolean;
  /** Paths reached without a question, e.g. the PDF viewers from the editor. */
  allowedPaths?: readonly string[];
  /** Called when the user answers OK: the edits are to be dropped, as the question says (docs/product.md §15). */
  onDiscard?: () => void;
}

/** Renders nothing unless `shouldWarn` and the user tries to leave; then asks with OK / Cancel. */
export function LeaveWarning({ shouldWarn, allowedPaths = NO_ALLOWED_PATHS, onDiscard }: LeaveWarningProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => shouldWarn && currentLocation.pathname !== nextLocation.pathname && !allowedPaths.includes(nextLocation.pathname),
  );

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
      accept={() => {
        blocker.proceed?.();
        onDiscard?.();
      }}
      reject={() => blocker.reset?.()}
      // Escape or the close button: stay on the page, as Cancel does.
      onHide={(result) => {
        if (result !== 'accept' && result !== 'reject') blocker.reset?.();
      }}
    />
  );
}
