/**
 * What a stale save (docs/product.md §D7: 409, the agreement was saved, renamed or reset elsewhere since it was
 * loaded) asks the subscriber. Nothing typed is thrown away without their say:
 * - Load the latest version: the version stored now replaces the one on screen, unsaved changes
 *   included; only this button drops them.
 * - Keep editing (also Escape or the close button): the changes stay on screen, still unsaved; the
 *   next Save replaces the version saved elsewhere (the server keeps that one as a revision).
 */
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';

export const CONFLICT_TITLE = 'This agreement changed elsewhere';
export const CONFLICT_EXPLANATION =
  'It was saved, renamed or reset in another tab or on another device after you opened it. Your changes are still here and have not been saved.';

export interface SaveConflictDialogProps {
  /** True while the dialog is shown. */
  isOpen: boolean;
  /** The server's message (e.g. "This agreement was changed elsewhere (revision 4). …"). */
  message: string;
  /** True while the latest version is being fetched. */
  isLoadingLatest: boolean;
  /** Why the latest version could not be fetched, or null. */
  latestProblem: string | null;
  onLoadLatest: () => void;
  onKeepEditing: () => void;
}

export function SaveConflictDialog({ isOpen, message, isLoadingLatest, latestProblem, onLoadLatest, onKeepEditing }: SaveConflictDialogProps) {
  const descriptionId = useId();
  return (
    <DialogFrame isOpen={isOpen} onClose={onKeepEditing} title={CONFLICT_TITLE} aria-describedby={descriptionId} className="conflict-dialog" width="36rem">
      <div id={descriptionId}>
        <p className="conflict-message" role="alert">
          <span className="pi pi-exclamation-triangle" aria-hidden="true" /> {message}
        </p>
        <p>{CONFLICT_EXPLANATION}</p>
        <ul className="conflict-choices">
          <li>
            <strong>Load the latest version</strong> shows the version saved elsewhere; your unsaved changes here are dropped.
          </li>
          <li>
            <strong>Keep editing</strong> keeps your changes on screen; your next Save replaces the version saved elsewhere.
          </li>
        </ul>
        {latestProblem !== null && (
          <p className="field-problem" role="alert">
            The latest version could not be loaded: {latestProblem}
          </p>
        )}
      </div>
      <div className="dialog-actions">
        <Button type="button" label="Load the latest version" icon="pi pi-refresh" outlined loading={isLoadingLatest} onClick={onLoadLatest} />
        <Button type="button" label="Keep editing" icon="pi pi-pencil" autoFocus onClick={onKeepEditing} />
      </div>
    </DialogFrame>
  );
}
