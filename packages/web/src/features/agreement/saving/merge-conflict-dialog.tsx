/**
 * Real conflicts of a save (docs/sharing.md §5; ADR 170): items that the user and someone else changed
 * differently since the editor loaded the agreement. Each is shown with both values and who made
 * the other change; the user picks per item, or "Keep all mine" / "Take all theirs", and saves
 * again with those choices (the server merges once more against what is stored then). Closing the
 * dialog saves nothing and keeps every edit on screen: nothing typed is lost.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import type { SaveConflict } from '@bpa/domain/api-contracts';
import { type ConflictChoice, type MergeResolutions, NO_NOTE_LABEL } from '@bpa/domain/merge';
import { MarkupText } from '../core/markup-text';

export const MERGE_CONFLICT_TITLE = 'Your changes and a partner’s changes differ';

export interface MergeConflictDialogProps {
  conflicts: SaveConflict[] | null;
  isSaving: boolean;
  onSave: (resolutions: MergeResolutions) => void;
  onCancel: () => void;
}

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

/** One value of a conflict: a name in its colours, or a word ("ticked", "removed"). */
function ConflictValue({ conflict, value }: { conflict: SaveConflict; value: string }) {
  return conflict.field === 'name' || conflict.field === 'contractName' || (conflict.field === 'note' && value !== NO_NOTE_LABEL) ? (
    <MarkupText markup={value} />
  ) : (
    <em>{value}</em>
  );
}

export function MergeConflictDialog({ conflicts, isSaving, onSave, onCancel }: MergeConflictDialogProps) {
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const list = conflicts ?? [];
  const isComplete = list.every((conflict) => choices[conflict.key] !== undefined);
  const chooseAll = (choice: ConflictChoice) => setChoices(Object.fromEntries(list.map((conflict) => [conflict.key, choice])));

  return (
    <DialogFrame
      isOpen={conflicts !== null}
      onClose={onCancel}
      onShow={() => setChoices({})}
      title={MERGE_CONFLICT_TITLE}
      className="merge-conflict-dialog"
      width="44rem"
    >
      <p>
        Everything else was combined. For {list.length === 1 ? 'this item' : `these ${list.length} items`}, choose which version to keep. Nothing is saved until
        you press Save; your changes stay on screen.
      </p>
      <div className="button-row mb-3">
        <Button type="button" label="Keep all mine" size="small" outlined onClick={() => chooseAll('mine')} />
        <Button type="button" label="Take all theirs" size="small" outlined onClick={() => chooseAll('theirs')} />
      </div>
      <ol className="merge-conflicts">
        {list.map((conflict) => (
          <li key={conflict.key}>
            <fieldset>
              <legend>{conflict.place.length > 0 ? conflict.place.join(' › ') : 'Agreement name'}</legend>
              <p className="merge-base">
                Before: <ConflictValue conflict={conflict} value={conflict.base} />
              </p>
              <label className="merge-choice">
                <input
                  type="radio"
                  name={conflict.key}
                  checked={choices[conflict.key] === 'mine'}
                  onChange={() => setChoices((c) => ({ ...c, [conflict.key]: 'mine' }))}
                />{' '}
                Mine: <ConflictValue conflict={conflict} value={conflict.mine} />
              </label>
              <label className="merge-choice">
                <input
                  type="radio"
                  name={conflict.key}
                  checked={choices[conflict.key] === 'theirs'}
                  onChange={() => setChoices((c) => ({ ...c, [conflict.key]: 'theirs' }))}
                />{' '}
                {conflict.theirAuthor || 'Theirs'} ({formatTime(conflict.theirSavedAt)}): <ConflictValue conflict={conflict} value={conflict.theirs} />
              </label>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="dialog-actions">
        <Button type="button" label="Not now" outlined onClick={onCancel} />
        <Button
          type="button"
          label="Save with these choices"
          icon="pi pi-save"
          loading={isSaving}
          disabled={!isComplete || isSaving}
          onClick={() => onSave(choices)}
        />
      </div>
    </DialogFrame>
  );
}

/**
 * What the editor says after a save was merged, e.g. "Merged with Anna's changes from 14:02: 3 items".
 *
 * @param merge the save answer's report: item count, authors, time of the newest of their saves
 */
export function mergedMessage(merge: { itemCount: number; authors: string[]; savedAt: string }): string {
  const who = merge.authors.length === 0 ? 'changes saved elsewhere' : `${merge.authors.join(' and ')}’s changes`;
  const time = new Date(merge.savedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  // Their changes may all have been the same as these: then no count (not "0 items").
  const count = merge.itemCount === 0 ? '' : `: ${merge.itemCount} ${merge.itemCount === 1 ? 'item' : 'items'}`;
  return `Merged with ${who} from ${time}${count}.`;
}
