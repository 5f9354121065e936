/**
 * Phones: the status card with Save and Make PDF is far above a long category's subjects, so a bar
 * at the bottom of the screen keeps them at hand while scrolling (docs/product.md §15); hidden from 768 px on, where the card is beside the subjects (agreement.css).
 */
import { Button } from '../../../components/ui/button';
import { SAVED_TEXT, UNSAVED_TEXT } from './agreement-status-card';

export interface MobileSaveBarProps {
  hasUnsavedChanges: boolean;
  /** The subscriber's editor says "saved"; the guest's, nothing (nothing is saved on the server). */
  isSubscriberEditor: boolean;
  isSaving: boolean;
  isMakingPdf: boolean;
  onSave: () => void;
  onMakePdf: () => void;
}

/** The bar: the save state, Save changes while there are any, and Make PDF. */
export function MobileSaveBar({ hasUnsavedChanges, isSubscriberEditor, isSaving, isMakingPdf, onSave, onMakePdf }: MobileSaveBarProps) {
  return (
    <div className={`mobile-save-bar${hasUnsavedChanges ? ' is-unsaved' : ''}`} role="region" aria-label="Save and Make PDF">
      <span>{hasUnsavedChanges ? UNSAVED_TEXT : isSubscriberEditor ? SAVED_TEXT : ''}</span>
      <span className="mobile-save-bar-buttons">
        {hasUnsavedChanges && (
          <Button type="button" label="Save changes" icon="pi pi-save" size="small" loading={isSaving} disabled={isSaving} onClick={onSave} />
        )}
        <Button type="button" label="Make PDF" icon="pi pi-file-pdf" size="small" outlined loading={isMakingPdf} disabled={isMakingPdf} onClick={onMakePdf} />
      </span>
    </div>
  );
}
