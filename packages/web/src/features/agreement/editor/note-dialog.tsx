/**
 * The note of a subject or a category (docs/agreement-format.md, "Notes"): several lines of what the
 * partnership agreed, with the colour markup and suit shorthand names have (!s !h !d !c), at most
 * MAX_NOTE_LENGTH characters. Save writes it into the agreement (undoable, saved with it); an empty
 * note removes it. Keyboard: the text area has the focus when the dialog opens; Escape cancels.
 */
import { InputTextarea } from '../../../components/ui/input-text';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { MAX_NOTE_LENGTH } from '@bpa/domain/constants';
import { toPlainName } from '../core/markup-text';

/** What the dialog writes a note for: a subject (with its id) or its category. */
export interface NoteTarget {
  categoryId: string;
  subjectId?: string;
  /** The item's shown name (colour markup), for the title. */
  name: string;
  note: string;
}

export interface NoteDialogProps {
  target: NoteTarget | null;
  onSave: (target: NoteTarget, note: string) => void;
  onClose: () => void;
}

/** The note dialog; renders nothing while `target` is null. */
export function NoteDialog({ target, onSave, onClose }: NoteDialogProps) {
  if (!target) return null;
  return <OpenNoteDialog key={`${target.categoryId}/${target.subjectId ?? ''}`} target={target} onSave={onSave} onClose={onClose} />;
}

function OpenNoteDialog({ target, onSave, onClose }: NoteDialogProps & { target: NoteTarget }) {
  const [text, setText] = useState(target.note);
  const fieldId = useId();
  const counterId = useId();
  const isTooLong = text.length > MAX_NOTE_LENGTH;
  const title = `Note on ${toPlainName(target.name)}`;
  const save = () => {
    if (isTooLong) return;
    onSave(target, text);
    onClose();
  };
  return (
    <DialogFrame
      title={title}
      isOpen={true}
      onClose={onClose}
      className="note-dialog"
      footer={
        <div className="dialog-actions">
          <Button type="button" label="Cancel" outlined onClick={onClose} />
          <Button type="button" label="Save note" icon="pi pi-check" disabled={isTooLong} onClick={save} />
        </div>
      }
    >
      <label htmlFor={fieldId} className="field-label">
        Note (suits: !s !h !d !c)
      </label>
      <InputTextarea
        id={fieldId}
        value={text}
        autoFocus
        rows={6}
        className="note-text"
        aria-describedby={counterId}
        aria-invalid={isTooLong}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={counterId} className={isTooLong ? 'field-problem' : 'field-hint'} aria-live="polite">
        {isTooLong
          ? `The note is ${String(text.length)} characters long; the maximum is ${String(MAX_NOTE_LENGTH)}.`
          : `${String(text.length)} of ${String(MAX_NOTE_LENGTH)} characters`}
      </p>
    </DialogFrame>
  );
}
