/**
 * The Dashboard (docs/product.md §2 "Dashboard"): the visitor's agreements with the columns Agreement Name,
 * Edit Name and an action column (Edit Agreement, Load a Template).
 *
 * - Edit Name edits the name inline with Save and Cancel (docs/product.md §4: "Contract names edit inline with
 *   cancel"). A guest's rename stays in the browser (docs/product.md §4); a subscriber's is sent by the caller.
 * - Edit Agreement opens the editor: /guest/contract for a guest, /my/contract when logged in.
 * - Load a Template is disabled unless logged in; the reason is written beside it. For a subscriber
 *   the caller opens its template choice (subscriber-dashboard.tsx).
 * - A subscriber's agreement that is open in the editor with unsaved changes is marked so.
 * The table turns into one card per agreement on a phone (below 576 px, docs/product.md §2 breakpoints).
 */
import { InputText } from '../../../components/ui/input-text';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/progress';
import { MAX_NAME_LENGTH } from '@bpa/domain/constants';
import type { ContractName } from '@bpa/domain/contract';
import { stripMarkup } from '@bpa/domain/markup';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { agreementRenamed, agreementSelected, selectAgreementNames } from '../core/agreement-slice';
import { MarkupText, toPlainName } from '../core/markup-text';
import { NameLengthCounter } from '../names/name-length-counter';
import '../core/agreement.css';
import { PATHS } from '@bpa/domain/paths';

export const TEMPLATES_FULL_PROGRAM_TEXT = 'Templates are part of the full program.';
export const EMPTY_AGREEMENT_NAME_MESSAGE = 'Please type a name for the agreement.';
export const UNSAVED_CHANGES_NOTE = 'Unsaved changes in the editor';

export interface DashboardProps {
  /** Guest (trial) or subscriber dashboard (docs/product.md §2). */
  variant: 'guest' | 'subscriber';
  /** The agreements to list; defaults to the agreement names in the store. */
  agreements?: ContractName[];
  /** True while the list loads: a spinner row is shown. */
  isLoading?: boolean;
  /** Opens an agreement; defaults to selecting it and going to the editor of the variant. */
  onEditAgreement?: (id: string) => void;
  /**
   * Renames an agreement; defaults to the local rename of the store (a guest's name stays in the
   * browser). A subscriber dashboard passes a function that saves it; a rejected promise keeps the
   * row in edit mode.
   */
  onRenameAgreement?: (id: string, contractName: string) => void | Promise<void>;
  /** Starts loading a template into an agreement (subscribers only; the button is disabled otherwise). */
  onLoadTemplate?: (id: string) => void;
  /** Opens Share with partner for an agreement (its owner, docs/sharing.md §1); no button without it. */
  onShare?: (id: string) => void;
  /** Opens Export or import for an agreement (docs/product.md §12); no button without it. */
  onExportImport?: (id: string) => void;
  /** Per agreement, how many items partners changed since the last visit (docs/sharing.md §6). */
  changeCounts?: ReadonlyMap<string, number>;
  /** The agreement being opened for editing: its Edit Agreement button shows progress. */
  openingAgreementId?: string | null;
  /** The agreement open in the editor with unsaved changes, marked in its row. */
  unsavedAgreementId?: string | null;
}

/** The name shown for an agreement: its name, or its id when it has none (docs/product.md §3). */
function shownName(agreement: ContractName): string {
  return agreement.contractName.trim() === '' ? agreement._id : agreement.contractName;
}

export function Dashboard({
  variant,
  agreements,
  isLoading = false,
  onEditAgreement,
  onRenameAgreement,
  onLoadTemplate,
  onShare,
  onExportImport,
  changeCounts,
  openingAgreementId = null,
  unsavedAgreementId = null,
}: DashboardProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const storedNames = useAppSelector(selectAgreementNames);
  const rows = agreements ?? storedNames;
  const isGuest = variant === 'guest';
  const templateNoteId = useId();
  const headingId = useId();

  const editAgreement =
    onEditAgreement ??
    ((id: string) => {
      dispatch(agreementSelected(id));
      void navigate(isGuest ? PATHS.guestContract : PATHS.myContract);
    });
  const renameAgreement =
    onRenameAgreement ??
    ((id: string, contractName: string) => {
      dispatch(agreementRenamed({ id, contractName }));
    });

  return (
    <section className="dashboard" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-title">
        Dashboard
      </h2>
      <table className="dashboard-table" aria-busy={isLoading}>
        <caption className="visually-hidden">{isGuest ? 'Your trial agreement' : 'Your agreements'}</caption>
        <thead>
          <tr>
            <th scope="col">Agreement Name</th>
            <th scope="col">Edit Name</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {isLoading && rows.length === 0 && (
            <tr>
              <td colSpan={3} className="dashboard-message">
                <span role="status" className="dashboard-loading">
                  <Spinner size="small" strokeWidth={6} />
                  {isGuest ? 'Loading your agreement…' : 'Loading your agreements…'}
                </span>
              </td>
            </tr>
          )}
          {!isLoading && rows.length === 0 && (
            <tr>
              <td colSpan={3} className="dashboard-message">
                {isGuest ? 'No agreement is loaded.' : 'This account has no agreements yet.'}
              </td>
            </tr>
          )}
          {rows.map((agreement) => (
            <DashboardRow
              key={agreement._id}
              agreement={agreement}
              isGuest={isGuest}
              templateNoteId={templateNoteId}
              onEdit={() => editAgreement(agreement._id)}
              onRename={(name) => renameAgreement(agreement._id, name)}
              onLoadTemplate={onLoadTemplate ? () => onLoadTemplate(agreement._id) : undefined}
              onShare={onShare ? () => onShare(agreement._id) : undefined}
              onExportImport={onExportImport ? () => onExportImport(agreement._id) : undefined}
              changeCount={changeCounts?.get(agreement._id) ?? 0}
              isOpening={openingAgreementId === agreement._id}
              hasUnsavedChanges={unsavedAgreementId === agreement._id}
            />
          ))}
        </tbody>
      </table>
      {isGuest && (
        <p id={templateNoteId} className="dashboard-note">
          <span className="pi pi-info-circle" aria-hidden="true" /> {TEMPLATES_FULL_PROGRAM_TEXT} In the free trial your agreement starts blank, and its changes
          are kept in this browser only.
        </p>
      )}
    </section>
  );
}

interface DashboardRowProps {
  agreement: ContractName;
  isGuest: boolean;
  templateNoteId: string;
  onEdit: () => void;
  onRename: (contractName: string) => void | Promise<void>;
  onLoadTemplate: (() => void) | undefined;
  onShare: (() => void) | undefined;
  onExportImport: (() => void) | undefined;
  changeCount: number;
  isOpening: boolean;
  hasUnsavedChanges: boolean;
}

function DashboardRow({
  agreement,
  isGuest,
  templateNoteId,
  onEdit,
  onRename,
  onLoadTemplate,
  onShare,
  onExportImport,
  changeCount,
  isOpening,
  hasUnsavedChanges,
}: DashboardRowProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const inputId = useId();
  const problemId = useId();
  const name = shownName(agreement);
  const plainName = toPlainName(name);
  const isEditing = draft !== null;
  const canLoadTemplate = !isGuest && onLoadTemplate !== undefined;

  const startEditing = () => {
    setDraft(stripMarkup(name));
    setProblem(null);
  };
  const cancelEditing = () => {
    setDraft(null);
    setProblem(null);
  };
  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (draft === null) return;
    const typed = draft.trim();
    if (typed === '') {
      setProblem(EMPTY_AGREEMENT_NAME_MESSAGE);
      return;
    }
    // An unchanged plain name keeps its colours: editing here is plain text.
    const next = typed === stripMarkup(name).trim() ? agreement.contractName : typed;
    setIsSaving(true);
    try {
      await onRename(next);
      setDraft(null);
      setProblem(null);
    } catch {
      // The caller has told the user (toast); stay in edit mode so nothing typed is lost.
    } finally {
      setIsSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancelEditing();
    }
  };

  return (
    <tr>
      <td data-label="Agreement Name" className="dashboard-name">
        {isEditing ? (
          <form className="dashboard-rename" onSubmit={(event) => void save(event)}>
            <label htmlFor={inputId} className="visually-hidden">
              New name for {plainName}
            </label>
            <InputText
              id={inputId}
              value={draft}
              maxLength={MAX_NAME_LENGTH}
              autoFocus
              invalid={problem !== null}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <NameLengthCounter length={draft.length} />
            {problem && (
              <span id={problemId} className="field-problem" role="alert">
                {problem}
              </span>
            )}
          </form>
        ) : (
          <>
            <MarkupText markup={name} className="dashboard-agreement-name" />
            {changeCount > 0 && <ChangeBadge count={changeCount} />}
            {hasUnsavedChanges && (
              <span className="dashboard-unsaved">
                <span className="pi pi-exclamation-circle" aria-hidden="true" /> {UNSAVED_CHANGES_NOTE}
              </span>
            )}
          </>
        )}
      </td>
      <td data-label="Edit Name">
        {isEditing ? (
          <span className="button-row">
            <Button type="button" label="Save" icon="pi pi-check" size="small" loading={isSaving} onClick={() => void save()} />
            <Button type="button" label="Cancel" icon="pi pi-times" size="small" outlined onClick={cancelEditing} disabled={isSaving} />
          </span>
        ) : (
          <Button type="button" label="Edit Name" icon="pi pi-pencil" size="small" outlined aria-label={`Edit Name: ${plainName}`} onClick={startEditing} />
        )}
      </td>
      <td data-label="Actions">
        <span className="button-row">
          <Button
            type="button"
            label="Edit Agreement"
            icon="pi pi-file-edit"
            size="small"
            aria-label={`Edit Agreement: ${plainName}`}
            loading={isOpening}
            onClick={onEdit}
          />
          <Button
            type="button"
            label="Load a Template"
            icon="pi pi-copy"
            size="small"
            severity="secondary"
            outlined
            disabled={!canLoadTemplate}
            aria-label={canLoadTemplate ? `Load a Template: ${plainName}` : undefined}
            aria-describedby={isGuest ? templateNoteId : undefined}
            tooltip={canLoadTemplate ? undefined : TEMPLATES_FULL_PROGRAM_TEXT}
            tooltipOptions={{ showOnDisabled: true, position: 'top' }}
            onClick={onLoadTemplate}
          />
          {onShare && (
            <Button
              type="button"
              label="Share"
              icon="pi pi-share-alt"
              size="small"
              severity="secondary"
              outlined
              aria-label={`Share with partner: ${plainName}`}
              onClick={onShare}
            />
          )}
          {onExportImport && (
            <Button
              type="button"
              label="Export or import"
              icon="pi pi-arrow-right-arrow-left"
              size="small"
              severity="secondary"
              outlined
              aria-label={`Export or import: ${plainName}`}
              onClick={onExportImport}
            />
          )}
        </span>
      </td>
    </tr>
  );
}

/** "3 changes by partners" beside an agreement (docs/sharing.md §6: changes since the last visit). */
export function ChangeBadge({ count }: { count: number }) {
  return (
    <span className="change-badge dashboard-change-badge">
      {count} {count === 1 ? 'change' : 'changes'} by partners
    </span>
  );
}
