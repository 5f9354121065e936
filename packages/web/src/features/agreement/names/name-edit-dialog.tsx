/**
 * The name dialog of the agreement editor (docs/product.md §4 "Editing a name"; docs/product.md §D5 colour markup): a
 * rich-text field limited to the five palette colours, Save and Cancel.
 *
 * - It opens on the current name (`initialEditName`: '' for an "Add New ..." row), converted from
 *   markup to editor content; Save converts back (name-editor-content.ts), so the stored name only
 *   ever holds the five colour markers. Bold, italics, headings, lists etc. are not offered.
 * - Enter saves (a name has no paragraph breaks, docs/product.md §5); Escape or Cancel discards.
 * - The dialog is at least 25vw wide and grows with a longer name (docs/product.md §5: "Names longer than
 *   25vw widen the edit dialog"), up to the window's width, where the name wraps.
 * The field itself (name-editor-form.tsx, with Tiptap and ProseMirror: about 90 KB of script
 * gzipped, most of the editor page's) is loaded the first time a name is edited, or earlier when
 * `preloadNameEditor` is called, not with the page (docs/product.md §D12: the editor page's first load). Until
 * it is there the dialog says it is loading.
 */
import { Suspense, lazy, useState } from 'react';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { loadOnce } from '../../../lib/load-once';
import type { NameEditTarget } from './name-edit-target';

export { EMPTY_NAME_MESSAGE, LONG_NAME_MESSAGE, type NameEditTarget } from './name-edit-target';

export interface NameEditDialogProps {
  /** The name being edited, or null when the dialog is closed. */
  target: NameEditTarget | null;
  /** Called with the new name as markup (paragraph breaks removed, at most 500 characters). */
  onSave: (markup: string) => void;
  /** Called on Cancel, Escape or the close button: nothing changes. */
  onCancel: () => void;
  /**
   * Called once the dialog has closed, after its closing animation and after PrimeReact has tried
   * to return focus to the element that was focused when it opened (which may be gone by then: an
   * "Add New ..." row becomes the new item). The place to make sure focus is somewhere sensible.
   */
  onClosed?: () => void;
}

/** PrimeReact Dialog's animation time for position 'center' (primereact 10 dialog: 150 ms each way). */
const CENTRED_DIALOG_TIMEOUT_MS = { enter: 150, exit: 150 };

// Loaded once: the subjects panel asks at every pointerover and focus (lib/load-once.ts).
const loadNameEditorForm = loadOnce(() => import('./name-editor-form'));
const NameEditorForm = lazy(loadNameEditorForm);

/** Starts loading the name field's code (Tiptap) before the dialog first opens, e.g. when the pointer or focus reaches a row. */
export function preloadNameEditor(): void {
  void loadNameEditorForm().catch(() => undefined);
}

/** The dialog; keeps showing the last name while it closes so the closing animation has content. */
export function NameEditDialog({ target, onSave, onCancel, onClosed }: NameEditDialogProps) {
  const [shown, setShown] = useState<NameEditTarget | null>(target);
  if (target !== null && target !== shown) setShown(target);
  const titleId = 'name-edit-dialog-title';
  return (
    <DialogFrame
      isOpen={target !== null}
      onClose={onCancel}
      title={shown?.title ?? 'Edit Name'}
      titleId={titleId}
      dismissableMask={false}
      focusOnShow={false}
      // The option's onExited runs after the Dialog's own (primereact csstransition: component's
      // first, then the options'). The typings demand a timeout here: the Dialog's own for a centred
      // dialog, which these options would otherwise override.
      transitionOptions={onClosed ? { timeout: CENTRED_DIALOG_TIMEOUT_MS, onExited: onClosed } : undefined}
      className="name-edit-dialog"
      style={{ width: 'fit-content', minWidth: 'min(94vw, max(25vw, 22rem))', maxWidth: '94vw' }}
    >
      {target !== null && (
        <Suspense
          fallback={
            <p className="name-edit-loading" role="status">
              <span className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading the name editor…
            </p>
          }
        >
          <NameEditorForm key={target.key} target={target} onSave={onSave} onCancel={onCancel} />
        </Suspense>
      )}
    </DialogFrame>
  );
}
