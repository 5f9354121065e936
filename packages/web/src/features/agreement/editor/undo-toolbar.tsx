/**
 * Undo and Redo in the editor (docs/product.md §15): two buttons, and the keys players expect —
 * Ctrl+Z (⌘Z) to undo, Ctrl+Shift+Z (⇧⌘Z) or Ctrl+Y to redo — anywhere on the editor page except
 * while typing in a field (the name dialog's editor has an undo of its own). Every editing action
 * is covered: ticks, Select All, Clear all, names (agreement-slice.ts keeps the history).
 */
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { editRedone, editUndone, selectCanRedo, selectCanUndo } from '../core/agreement-slice';

/** True when a key press belongs to a text field, not to the page. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function UndoToolbar() {
  const dispatch = useAppDispatch();
  const canUndo = useAppSelector(selectCanUndo);
  const canRedo = useAppSelector(selectCanRedo);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        dispatch(editUndone());
      } else if ((key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey)) {
        event.preventDefault();
        dispatch(editRedone());
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);

  return (
    <div className="undo-toolbar" role="group" aria-label="Undo and redo">
      <Button
        type="button"
        label="Undo"
        icon="pi pi-undo"
        size="small"
        text
        disabled={!canUndo}
        title="Undo the last change (Ctrl+Z)"
        aria-keyshortcuts="Control+Z Meta+Z"
        onClick={() => dispatch(editUndone())}
      />
      <Button
        type="button"
        label="Redo"
        icon="pi pi-refresh"
        size="small"
        text
        disabled={!canRedo}
        title="Redo the change you undid (Ctrl+Shift+Z or Ctrl+Y)"
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        onClick={() => dispatch(editRedone())}
      />
    </div>
  );
}
