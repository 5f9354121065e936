/**
 * The editor's Agreement card (docs/product.md §2 "Contract editor", left column): the agreement's
 * name with its pencil, whose it is when shared, the save state with Save (subscribers), Undo and
 * Redo, Make PDF, History and Share, and one live status line for what the page is doing. Read-only
 * partners see a note instead of the editing controls (docs/sharing.md §2).
 */
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { IndeterminateBar } from '../../../components/ui/progress';
import type { Contract } from '@bpa/domain/contract';
import { PATHS } from '@bpa/domain/paths';
import { LinkButton } from '../../../components/ui/link-button';
import { MarkupText } from '../core/markup-text';
import { UndoToolbar } from './undo-toolbar';
import { AGREEMENT_NAME_EDIT_ID } from '../names/use-name-edit';

export const NOT_LOADED_TEXT = 'Agreement is not Loaded';
export const SAVED_TEXT = 'All changes are saved.';
export const UNSAVED_TEXT = 'You have unsaved changes.';
export const REOPENING_TEXT = 'Opening your agreement…';
export const VIEW_ONLY_TEXT = 'You can view this agreement but not change it.';
export const PAUSED_TEXT = 'Editing is paused: the owner’s subscription has ended. You can still view it and make its PDF.';

/** The id of the live status line, which Save and Make PDF are described by. */
const STATUS_MESSAGE_ID = 'agreement-status-message';

export interface AgreementStatusCardProps {
  /** The loaded agreement, or null. */
  contract: Contract | null;
  /** The subscriber's editor (Save, History, Share, the discussion sheet) rather than the trial's. */
  isSubscriberEditor: boolean;
  /** A reload of the tab is opening the agreement again. */
  isReopening: boolean;
  isReadOnly: boolean;
  isOwner: boolean;
  hasUnsavedChanges: boolean;
  isSaving: boolean;
  isMakingPdf: boolean;
  /** What the live status line says (empty: nothing). */
  statusMessage: string;
  /** Where Go To Dashboard goes when nothing is loaded. */
  dashboardPath: string;
  onEditName: () => void;
  onSave: () => void;
  onMakePdf: () => void;
  onOpenHistory: () => void;
  /** Opens the Email notices dialog (docs/sharing.md §12). */
  onOpenNotices: () => void;
  /** Who else has the agreement open now (docs/sharing.md §13); none shown when empty. */
  others?: readonly { userId: string; name: string }[];
  onShare: () => void;
  /** Extra Make PDF choices shown under the button (e.g. the discussion sheet). */
  pdfOptions?: ReactNode;
  /** Shown under the agreement's name (the players' names). */
  details?: ReactNode;
}

export function AgreementStatusCard(props: AgreementStatusCardProps) {
  const { contract, isSubscriberEditor, isReopening, isReadOnly, isOwner, hasUnsavedChanges, isSaving, isMakingPdf, statusMessage } = props;
  return (
    <section className="editor-card agreement-status" aria-labelledby="agreement-status-title">
      <h2 id="agreement-status-title" className="editor-card-title">
        Agreement
      </h2>
      {contract ? (
        <p className="agreement-status-name">
          <MarkupText markup={contract.contractName.trim() === '' ? contract._id : contract.contractName} />
          {!isReadOnly && (isOwner || !isSubscriberEditor) && (
            // The agreement name gets the colour buttons too (docs/product.md §15); saved with the agreement.
            // Only the owner renames a shared agreement (docs/sharing.md §2); a guest renames the trial's.
            <Button
              id={AGREEMENT_NAME_EDIT_ID}
              type="button"
              icon="pi pi-pencil"
              text
              rounded
              size="small"
              className="item-action"
              aria-label="Edit the agreement name"
              tooltip="Edit the agreement name"
              tooltipOptions={{ position: 'top', showDelay: 400 }}
              onClick={props.onEditName}
            />
          )}
        </p>
      ) : isReopening ? (
        <p className="agreement-status-name is-empty" role="status">
          {REOPENING_TEXT}
        </p>
      ) : (
        <p className="agreement-status-name is-empty">{NOT_LOADED_TEXT}</p>
      )}
      {contract && props.details}
      {contract && isSubscriberEditor && contract.access !== undefined && contract.access !== 'owner' && (
        <p className="agreement-owner">Shared by {contract.ownerName}</p>
      )}
      {contract && props.others && props.others.length > 0 && (
        <p className="agreement-presence" role="status">
          <span className="pi pi-users" aria-hidden="true" /> Also here now: {props.others.map((other) => other.name).join(', ')}
        </p>
      )}
      {isReadOnly && (
        <p className="read-only-note" role="note">
          <span className="pi pi-eye" aria-hidden="true" /> {contract?.isPausedByOwner ? PAUSED_TEXT : VIEW_ONLY_TEXT}
        </p>
      )}
      {contract && isSubscriberEditor && !isReadOnly && (
        <>
          {/* A live region: the first change after a save, and the save, are announced. */}
          <p className={`save-state${hasUnsavedChanges ? ' is-unsaved' : ''}`} role="status">
            <span className={hasUnsavedChanges ? 'pi pi-circle-fill' : 'pi pi-check-circle'} aria-hidden="true" />{' '}
            {hasUnsavedChanges ? UNSAVED_TEXT : SAVED_TEXT}
          </p>
          <Button
            type="button"
            label="Save"
            icon="pi pi-save"
            className="w-100 mb-2"
            loading={isSaving}
            disabled={!hasUnsavedChanges || isSaving}
            aria-describedby={STATUS_MESSAGE_ID}
            onClick={props.onSave}
          />
        </>
      )}
      {contract ? (
        <>
          {!isReadOnly && <UndoToolbar />}
          <Button
            type="button"
            label="Make PDF"
            icon="pi pi-file-pdf"
            className="w-100"
            outlined={isSubscriberEditor}
            loading={isMakingPdf}
            disabled={isMakingPdf}
            aria-describedby={STATUS_MESSAGE_ID}
            onClick={props.onMakePdf}
          />
          {isMakingPdf && <IndeterminateBar className="pdf-progress" />}
          {props.pdfOptions}
          {!isSubscriberEditor && (
            <span className="button-row mt-2">
              {/* The trial's "Do we agree?" is on one phone (docs/questionnaire.md §9): /guest/agree */}
              <LinkButton to={PATHS.guestQuestionnaire} icon="pi pi-question-circle" className="p-button-text p-button-sm">
                Do we agree?
              </LinkButton>
            </span>
          )}
          {isSubscriberEditor && (
            <span className="button-row mt-2">
              <Button type="button" label="History" icon="pi pi-history" size="small" text onClick={props.onOpenHistory} />
              <Button type="button" label="Email notices" icon="pi pi-envelope" size="small" text onClick={props.onOpenNotices} />
              {/* "Do we agree?" (docs/questionnaire.md): its own page, /my/agree?id=… */}
              <LinkButton
                to={`${PATHS.myQuestionnaires}?${new URLSearchParams({ id: contract._id }).toString()}`}
                icon="pi pi-question-circle"
                className="p-button-text p-button-sm"
              >
                Do we agree?
              </LinkButton>
              {/* Practice, "Know our card" (docs/questionnaire.md §8): /my/practice?id=… */}
              <LinkButton
                to={`${PATHS.myPractice}?${new URLSearchParams({ id: contract._id }).toString()}`}
                icon="pi pi-bolt"
                className="p-button-text p-button-sm"
              >
                Practice
              </LinkButton>
              {isOwner && <Button type="button" label="Share with partner" icon="pi pi-share-alt" size="small" text onClick={props.onShare} />}
            </span>
          )}
        </>
      ) : isReopening ? null : (
        <LinkButton to={props.dashboardPath} icon="pi pi-arrow-left">
          Go To Dashboard
        </LinkButton>
      )}
      <p id={STATUS_MESSAGE_ID} className="agreement-status-message" role="status" aria-live="polite">
        {statusMessage}
      </p>
    </section>
  );
}
