/**
 * The contract (agreement) editor, /guest/contract and /my/contract (docs/product.md §2 "Contract editor"):
 * left, the agreement status card and the Categories list; right, the subjects of the selected
 * category with their options.
 *
 * Rules come from the domain (docs/product.md §4 "Editing", through the slice): ticking, Select All, renaming,
 * "Add New Subject" / "Add New Option" rows, locked subjects. This page adds what is only UI: which
 * options rows are open (ticking an unselected subject opens its row, docs/product.md §4), the name dialog and
 * where focus goes when it closes, Make PDF, and the leave warning for subscribers with unsaved edits.
 * Guests see all 13 categories; the 11 outside the trial are marked as part of the full program
 * and cannot be opened (docs/product.md §D4).
 *
 * The subscriber variant (/my/contract) adds Save (PATCH /api/v1/contracts/my/{id} with the
 * revision it was loaded at, docs/product.md §D7), the stale-save dialog (save-conflict-dialog.tsx) and the
 * leave warning in and out of the app. After a reload of the tab it opens the same agreement again
 * from the server (subscriber-agreement-memory.ts). Only a subscriber's agreement is shown there.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import type { PdfFileInfo } from '@bpa/domain/api';
import { ADD_OPTION_LABEL, ADD_SUBJECT_LABEL, TRIAL_CATEGORY_NAMES } from '@bpa/domain/constants';
import { type Category, type Contract, type Option, type Subject, isPlaceholderName } from '@bpa/domain/contract';
import { initialEditName, isTrialCategory } from '@bpa/domain/editing';
import { toRomanLabel } from '@bpa/domain/roman';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { LinkButton } from '../../components/ui/link-button';
import { useToast } from '../../components/ui/toast-provider';
import { toErrorMessage } from '../../lib/error-message';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  isStaleRevisionError,
  toMakePdfRequest,
  toSaveContractRequest,
  useMakeGuestPdfMutation,
  useMakeSubscriberPdfMutation,
  useSaveSubscriberContractMutation,
} from './agreement-api';
import {
  agreementLoaded,
  agreementRebased,
  agreementRenamed,
  agreementSaved,
  allSelectedInCategory,
  categorySelected,
  optionRenamed,
  optionToggled,
  pdfFileInfoSet,
  selectContract,
  selectIsContractEdited,
  selectIsSubscriber,
  selectSelectedCategoryIndex,
  subjectRenamed,
  allClearedInCategory,
  editsDiscarded,
  subjectToggled,
} from './agreement-slice';
import { LeaveWarning } from './leave-warning';
import { MarkupText } from './markup-text';
import { NameEditDialog, type NameEditTarget } from './name-edit-dialog';
import { SaveConflictDialog } from './save-conflict-dialog';
import { HistoryPanel } from './history-panel';
import { MergeConflictDialog, mergedMessage } from './merge-conflict-dialog';
import { ShareDialog, type ShareDialogTarget } from './share-dialog';
import { toSaveConflict, useRestoreRevisionMutation } from './sharing-api';
import { ChangesPanel, MarkDialog, type MarkTarget, type OpenItem, ToDiscussPanel, useReview } from './review';
import type { SaveConflict as ItemConflict } from '@bpa/domain/api-contracts';
import type { MergeResolutions } from '@bpa/domain/merge';
import { UndoToolbar } from './undo-toolbar';
import { SubjectList, toItemElementId } from './subject-list';
import { fetchLatestAgreement, openSubscriberAgreement } from './subscriber-agreement-actions';
import { forgetOpenAgreement, recallOpenAgreement } from './subscriber-agreement-memory';
import './agreement.css';
import { PATHS } from '@bpa/domain/paths';

export const NOT_LOADED_TEXT = 'Agreement is not Loaded';
export const FULL_PROGRAM_TEXT = 'Part of the full program';
export const MAKING_PDF_TEXT = 'Making the PDF…';
export const PDF_FAILED_TEXT = 'The PDF could not be made. Your agreement is unchanged.';
export const CHOOSE_CATEGORY_TEXT = 'Choose a category to see its subjects.';
export const TRIAL_ONLY_TEXT = `The free trial opens ${TRIAL_CATEGORY_NAMES.join(' and ')}. The other categories are part of the full program.`;
export const SAVED_TEXT = 'All changes are saved.';
export const UNSAVED_TEXT = 'You have unsaved changes.';
export const SAVED_TOAST_TEXT = 'Your agreement is saved.';
export const LATEST_LOADED_TEXT = 'The latest version of your agreement is loaded.';
export const REOPENING_TEXT = 'Opening your agreement…';
export const VIEW_ONLY_TEXT = 'You can view this agreement but not change it.';
export const PAUSED_TEXT = 'Editing is paused: the owner’s subscription has ended. You can still view it and make its PDF.';

/** The PDF viewers of each variant (docs/product.md §2): Make PDF goes to the first. */
const VIEWER_PATHS = { guest: [PATHS.pdfView], subscriber: [PATHS.myPdfView, PATHS.myPdfFrame] } as const;
const DASHBOARD_PATHS = { guest: PATHS.guestHome, subscriber: PATHS.myHome } as const;

export interface ContractEditorPageProps {
  /** Guest (trial, /guest/contract) or subscriber (/my/contract) editor; guest by default. */
  variant?: 'guest' | 'subscriber';
  /**
   * Called with the file info once a PDF is made, instead of going to the variant's viewer: the
   * route decides where to go (e.g. the viewer, asking it to download the file, docs/product.md §4).
   */
  onPdfMade?: (pdfFileInfo: PdfFileInfo) => void;
}

/** A stale save waiting for the user's choice (docs/product.md §D7: 409). */
interface SaveConflict {
  /** The agreement the save was for. */
  id: string;
  message: string;
  /** The version stored now, once fetched. */
  latest: Contract | null;
  isLoadingLatest: boolean;
  latestProblem: string | null;
}

/**
 * An open name dialog: what it shows, what Save does with the new markup, and the element ids
 * (`toItemElementId`) focus goes to once it closes. Focus must not be lost when the dialog closes
 * (WCAG 2.4.3): a rename returns to the edit button that opened the dialog; a new subject or option
 * goes to its check box, the "Add New ..." button that opened the dialog being gone by then (the row
 * became the new item, domain renameSubject/renameOption); Cancel returns to the opening button.
 */
interface NameEdit {
  target: NameEditTarget;
  save: (markup: string) => void;
  focusAfterSave: string;
  focusAfterCancel: string;
}

export default function ContractEditorPage({ variant = 'guest', onPdfMade }: ContractEditorPageProps) {
  useDocumentTitle('Agreement Editor');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { showError, showInfo, showSuccess } = useToast();
  const loadedContract = useAppSelector(selectContract);
  const isSubscriber = useAppSelector(selectIsSubscriber);
  const isContractEdited = useAppSelector(selectIsContractEdited);
  const selectedIndex = useAppSelector(selectSelectedCategoryIndex);
  const [makeGuestPdf, guestPdfState] = useMakeGuestPdfMutation();
  const [makeSubscriberPdf, subscriberPdfState] = useMakeSubscriberPdfMutation();
  const [saveContract, saveState] = useSaveSubscriberContractMutation();
  const [statusMessage, setStatusMessage] = useState('');
  const [nameEdit, setNameEdit] = useState<NameEdit | null>(null);
  /** Element id to focus once the name dialog has closed (NameEdit), until its closing animation ends. */
  const [focusAfterNameEdit, setFocusAfterNameEdit] = useState<string | null>(null);
  const [expandedSubjects, setExpandedSubjects] = useState<ReadonlySet<string>>(() => new Set());
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  /** Items changed differently here and elsewhere (issue 11 §3), with the version that was sent. */
  const [itemConflicts, setItemConflicts] = useState<{ sent: Contract; conflicts: ItemConflict[] } | null>(null);
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const [shareTarget, setShareTarget] = useState<ShareDialogTarget | null>(null);
  const [restoreRevision, restoreState] = useRestoreRevisionMutation();
  const [markTarget, setMarkTarget] = useState<MarkTarget | null>(null);
  const [isOnlyToDiscuss, setIsOnlyToDiscuss] = useState(false);
  const [withDiscussionSheet, setWithDiscussionSheet] = useState(false);
  /** The agreement in the store now, for answers that arrive after more edits. */
  const latestContractRef = useRef<Contract | null>(null);
  const subjectsHeadingRef = useRef<HTMLHeadingElement>(null);

  const isSubscriberEditor = variant === 'subscriber';
  // The subscriber's editor never shows a trial agreement (it could not be saved there).
  const contract = isSubscriberEditor && !isSubscriber ? null : loadedContract;
  const isReopening = useReopenAgreement(isSubscriberEditor && contract === null);
  const dashboardPath = DASHBOARD_PATHS[variant];
  const hasUnsavedChanges = isSubscriberEditor && contract !== null && isContractEdited && contract.access !== 'view';
  const isMakingPdf = guestPdfState.isLoading || subscriberPdfState.isLoading;
  const isSaving = saveState.isLoading;
  const selectedCategory = selectedIndex >= 0 ? contract?.categories[selectedIndex] : undefined;
  useEffect(() => {
    latestContractRef.current = contract;
  });
  // Issue 11: a partner who may only view sees the agreement read-only; the owner shares it.
  const isReadOnly = isSubscriberEditor && contract?.access === 'view';
  const isOwner = isSubscriberEditor && contract !== null && (contract.access ?? 'owner') === 'owner';
  // Review with the partner (issue 12): changes since the last visit, agreed / to discuss marks.
  const review = useReview(contract, isSubscriberEditor);
  const canOpen = (category: Category) => isSubscriber || isTrialCategory(category);

  const setExpanded = (subjectId: string, isExpanded: boolean) => {
    setExpandedSubjects((current) => {
      if (current.has(subjectId) === isExpanded) return current;
      const next = new Set(current);
      if (isExpanded) next.add(subjectId);
      else next.delete(subjectId);
      return next;
    });
  };

  // The editor opens on the first category the user may edit (issue 9, item 19): for a guest the
  // first trial category, not an empty panel above eleven locked ones.
  const firstOpenable = contract ? contract.categories.findIndex((category) => isSubscriber || isTrialCategory(category)) : -1;
  useEffect(() => {
    if (contract !== null && selectedIndex === -1 && firstOpenable >= 0) dispatch(categorySelected(firstOpenable));
  }, [contract, selectedIndex, firstOpenable, dispatch]);

  const openCategory = (index: number, category: Category) => {
    if (!canOpen(category)) {
      showInfo(TRIAL_ONLY_TEXT);
      return;
    }
    dispatch(categorySelected(index));
    // On a phone the subjects sit below the list: bring them, and the reader, to them.
    requestAnimationFrame(() => subjectsHeadingRef.current?.focus());
  };

  const makePdf = async () => {
    if (!contract) return;
    setStatusMessage(MAKING_PDF_TEXT);
    const request = { ...toMakePdfRequest(contract, isSubscriber), ...(isSubscriberEditor && withDiscussionSheet ? { discussionOf: contract._id } : {}) };
    try {
      const pdfFileInfo = await (isSubscriber ? makeSubscriberPdf(request) : makeGuestPdf(request)).unwrap();
      dispatch(pdfFileInfoSet(pdfFileInfo));
      setStatusMessage('');
      if (onPdfMade) onPdfMade(pdfFileInfo);
      else void navigate(VIEWER_PATHS[variant][0]);
    } catch (error) {
      showError(toErrorMessage(error));
      setStatusMessage(PDF_FAILED_TEXT);
    }
  };

  /** Fetches the stored version for an open conflict dialog (kept there until the user chooses). */
  const fetchLatest = async (id: string): Promise<Contract | null> => {
    setConflict((current) => (current?.id === id ? { ...current, isLoadingLatest: true, latestProblem: null } : current));
    try {
      const latest = await fetchLatestAgreement(dispatch, id);
      setConflict((current) => (current?.id === id ? { ...current, latest, isLoadingLatest: false } : current));
      return latest;
    } catch (error) {
      const latestProblem = toErrorMessage(error);
      setConflict((current) => (current?.id === id ? { ...current, isLoadingLatest: false, latestProblem } : current));
      return null;
    }
  };

  /**
   * Saves the agreement (or, with `resolutions`, the version sent before with the user's choices
   * for its conflicts). A save from an older revision is merged on the server (issue 11 §3): the
   * editor then loads the merged version and says what was merged.
   */
  const save = async (retry?: { sent: Contract; resolutions: MergeResolutions }) => {
    if (!contract || isSaving) return;
    // What is sent; edits made while the save travels stay marked unsaved (agreementSaved).
    const sent = retry?.sent ?? contract;
    try {
      const body = { ...toSaveContractRequest(sent), ...(retry ? { resolutions: retry.resolutions } : {}) };
      const answer = await saveContract({ id: sent._id, body }).unwrap();
      setItemConflicts(null);
      if (answer.merge) {
        const merged = await fetchLatestAgreement(dispatch, sent._id);
        if (latestContractRef.current === sent || retry) {
          const openIndex = selectedIndex;
          dispatch(agreementLoaded({ contract: merged, isSubscriber: true }));
          if (openIndex >= 0) dispatch(categorySelected(openIndex));
        } else {
          dispatch(agreementSaved({ id: sent._id, revision: answer.revision, saved: sent }));
        }
        setStatusMessage(mergedMessage(answer.merge));
        showInfo(mergedMessage(answer.merge));
        return;
      }
      dispatch(agreementSaved({ id: sent._id, revision: answer.revision, saved: sent }));
      // The save state line says it too, and stays true only as long as nothing changes.
      setStatusMessage('');
      showSuccess(SAVED_TOAST_TEXT);
    } catch (error) {
      const refused = toSaveConflict(error);
      if (refused && !refused.isIncompatible && refused.conflicts.length > 0) {
        setStatusMessage('');
        setItemConflicts({ sent, conflicts: refused.conflicts });
        return;
      }
      if (isStaleRevisionError(error)) {
        setStatusMessage('');
        setItemConflicts(null);
        setConflict({ id: sent._id, message: toErrorMessage(error), latest: null, isLoadingLatest: true, latestProblem: null });
        void fetchLatest(sent._id);
        return;
      }
      // Nothing is lost: the edits stay on screen, still marked unsaved.
      showError(toErrorMessage(error));
      setStatusMessage(`The agreement was not saved. ${toErrorMessage(error)}`);
    }
  };

  /** Makes the PDF of an earlier version (History), as Make PDF does for the current one. */
  const makeVersionPdf = async (version: Contract) => {
    try {
      const pdfFileInfo = await makeSubscriberPdf(toMakePdfRequest(version, true)).unwrap();
      dispatch(pdfFileInfoSet(pdfFileInfo));
      setIsHistoryOpen(false);
      if (onPdfMade) onPdfMade(pdfFileInfo);
      else void navigate(VIEWER_PATHS.subscriber[0]);
    } catch (error) {
      showError(toErrorMessage(error));
    }
  };

  /** Restores an earlier version as a new revision (History), then shows it. */
  const restore = async (revision: number) => {
    if (!contract) return;
    try {
      const answer = await restoreRevision({ contractId: contract._id, revision }).unwrap();
      const openIndex = selectedIndex;
      await openSubscriberAgreement(dispatch, contract._id);
      if (openIndex >= 0) dispatch(categorySelected(openIndex));
      setIsHistoryOpen(false);
      showSuccess(`Version ${revision} is restored as version ${answer.revision}.`);
    } catch (error) {
      showError(toErrorMessage(error));
    }
  };

  const loadLatest = async () => {
    if (!conflict) return;
    const latest = conflict.latest ?? (await fetchLatest(conflict.id));
    if (!latest) return;
    const openIndex = selectedIndex;
    dispatch(agreementLoaded({ contract: latest, isSubscriber: true }));
    // The user stays on the category they were looking at.
    if (openIndex >= 0) dispatch(categorySelected(openIndex));
    setConflict(null);
    showInfo(LATEST_LOADED_TEXT);
  };

  const keepEditing = () => {
    if (conflict?.latest) dispatch(agreementRebased({ id: conflict.id, revision: conflict.latest.revision, contractName: conflict.latest.contractName }));
    setConflict(null);
  };

  /** Goes to an item of the changes or to-discuss lists: its category, its options open, focus on it. */
  const openItem: OpenItem = (place) => {
    const index = contract?.categories.findIndex((category) => category._id === place.categoryId) ?? -1;
    if (index < 0) return;
    dispatch(categorySelected(index));
    if (place.optionId) setExpanded(place.subjectId, true);
    const target = place.optionId ? toItemElementId('option-check', place.optionId) : toItemElementId('subject-check', place.subjectId);
    requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(target)?.focus()));
  };

  const editSubjectName = (category: Category, subject: Subject) => {
    const isPlaceholder = isPlaceholderName(subject.subjectName);
    // The renamed row keeps its _id, so a new subject's check box is found under the placeholder's id.
    const opener = toItemElementId(isPlaceholder ? 'subject-add' : 'subject-edit', subject._id);
    setNameEdit({
      target: { key: `subject-${subject._id}`, title: isPlaceholder ? ADD_SUBJECT_LABEL : 'Edit Subject Name', initialMarkup: initialEditName(subject) },
      save: (name) => {
        dispatch(subjectRenamed({ categoryId: category._id, subjectId: subject._id, name }));
        // A new subject opens its options row so "Add New Option" is at hand.
        if (isPlaceholder) setExpanded(subject._id, true);
      },
      focusAfterSave: isPlaceholder ? toItemElementId('subject-check', subject._id) : opener,
      focusAfterCancel: opener,
    });
  };
  const editAgreementName = () => {
    if (!contract) return;
    const id = contract._id;
    setNameEdit({
      target: { key: `agreement-${id}`, title: 'Edit Agreement Name', initialMarkup: contract.contractName },
      save: (name) => dispatch(agreementRenamed({ id, contractName: name })),
      focusAfterSave: 'agreement-name-edit',
      focusAfterCancel: 'agreement-name-edit',
    });
  };
  const editOptionName = (category: Category, subject: Subject, option: Option) => {
    const isPlaceholder = isPlaceholderName(option.optionName);
    const opener = toItemElementId(isPlaceholder ? 'option-add' : 'option-edit', option._id);
    setNameEdit({
      target: { key: `option-${option._id}`, title: isPlaceholder ? ADD_OPTION_LABEL : 'Edit Option Name', initialMarkup: initialEditName(option) },
      save: (name) => dispatch(optionRenamed({ categoryId: category._id, subjectId: subject._id, optionId: option._id, name })),
      focusAfterSave: isPlaceholder ? toItemElementId('option-check', option._id) : opener,
      focusAfterCancel: opener,
    });
  };
  const closeNameEdit = (focusId: string | null) => {
    setNameEdit(null);
    setFocusAfterNameEdit(focusId);
  };

  // Focus moves as soon as the page shows the saved name (the dialog's field is gone by then), not
  // only after the closing animation: keys pressed meanwhile reach the row.
  useEffect(() => {
    if (focusAfterNameEdit !== null) document.getElementById(focusAfterNameEdit)?.focus();
  }, [focusAfterNameEdit]);
  // After the animation PrimeReact returns focus to the opening button if it still exists (the same
  // element, or nothing if it is gone); should focus have been dropped on the page body anyway (e.g.
  // browsers that do not focus a clicked button), it goes to the element again.
  const onNameEditClosed = () => {
    const active = document.activeElement;
    if (focusAfterNameEdit !== null && (active === null || active === document.body)) document.getElementById(focusAfterNameEdit)?.focus();
    setFocusAfterNameEdit(null);
  };

  return (
    <div className={`contract-editor py-3${contract ? ' has-save-bar' : ''}`}>
      <LeaveWarning
        shouldWarn={hasUnsavedChanges}
        allowedPaths={isSubscriberEditor ? VIEWER_PATHS.subscriber : undefined}
        onDiscard={() => dispatch(editsDiscarded())}
      />
      <h1 className="visually-hidden">Agreement Editor</h1>
      {/* Keyboard users jump past the status card and the category list (issue 9, item 19). */}
      {contract && (
        <a href="#subjects-title" className="skip-link">
          Skip to the subjects
        </a>
      )}
      <div className="row g-3">
        <div className="col-12 col-md-4 col-xl-3">
          <section className="editor-card agreement-status" aria-labelledby="agreement-status-title">
            <h2 id="agreement-status-title" className="editor-card-title">
              Agreement
            </h2>
            {contract ? (
              <p className="agreement-status-name">
                <MarkupText markup={contract.contractName.trim() === '' ? contract._id : contract.contractName} />
                {!isReadOnly && (
                  // The agreement name gets the colour buttons too (issue 9, item 6); saved with the agreement.
                  <Button
                    id="agreement-name-edit"
                    type="button"
                    icon="pi pi-pencil"
                    text
                    rounded
                    size="small"
                    className="item-action"
                    aria-label="Edit the agreement name"
                    tooltip="Edit the agreement name"
                    tooltipOptions={{ position: 'top', showDelay: 400 }}
                    onClick={editAgreementName}
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
            {contract && isSubscriberEditor && contract.access !== undefined && contract.access !== 'owner' && (
              <p className="agreement-owner">Shared by {contract.ownerName}</p>
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
                  aria-describedby="agreement-status-message"
                  onClick={() => void save()}
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
                  aria-describedby="agreement-status-message"
                  onClick={() => void makePdf()}
                />
                {isMakingPdf && <ProgressBar mode="indeterminate" className="pdf-progress" aria-hidden="true" />}
                {isSubscriberEditor && (
                  <label className="discussion-sheet-option">
                    <input type="checkbox" checked={withDiscussionSheet} onChange={(event) => setWithDiscussionSheet(event.target.checked)} /> Add the discussion sheet
                    (items to discuss, with notes)
                  </label>
                )}
                {isSubscriberEditor && (
                  <span className="button-row mt-2">
                    <Button type="button" label="History" icon="pi pi-history" size="small" text onClick={() => setIsHistoryOpen(true)} />
                    {isOwner && (
                      <Button
                        type="button"
                        label="Share with partner"
                        icon="pi pi-share-alt"
                        size="small"
                        text
                        onClick={() => setShareTarget({ id: contract._id, contractName: contract.contractName })}
                      />
                    )}
                  </span>
                )}
              </>
            ) : isReopening ? null : (
              <LinkButton to={dashboardPath} icon="pi pi-arrow-left">
                Go To Dashboard
              </LinkButton>
            )}
            <p id="agreement-status-message" className="agreement-status-message" role="status" aria-live="polite">
              {statusMessage}
            </p>
          </section>

          {contract && isSubscriberEditor && (
            <>
              <ChangesPanel review={review} onOpen={openItem} />
              <ToDiscussPanel contract={contract} review={review} onOpen={openItem} />
            </>
          )}
          {contract && (
            <nav className="editor-card category-nav" aria-labelledby="categories-title">
              <h2 id="categories-title" className="editor-card-title">
                Categories
              </h2>
              <ul className="category-list">
                {contract.categories.map((category, index) => {
                  const isOpenable = canOpen(category);
                  const isSelected = index === selectedIndex;
                  return (
                    <li key={category._id}>
                      <button
                        type="button"
                        className={`category-button${isSelected ? ' is-selected' : ''}${isOpenable ? '' : ' is-locked'}`}
                        aria-current={isSelected ? 'true' : undefined}
                        aria-disabled={isOpenable ? undefined : 'true'}
                        onClick={() => openCategory(index, category)}
                      >
                        <span className="category-label">{toRomanLabel(category.order)}.</span>
                        <MarkupText markup={category.categoryName} className="category-name" />
                        {!isOpenable && (
                          <span className="category-full-program">
                            <span className="pi pi-lock" aria-hidden="true" /> {FULL_PROGRAM_TEXT}
                          </span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </nav>
          )}
        </div>

        <div className="col-12 col-md-8 col-xl-9">
          <section className="editor-card subjects-panel" aria-labelledby="subjects-title">
            <div className="subjects-header">
              <h2 id="subjects-title" ref={subjectsHeadingRef} tabIndex={-1} className="editor-card-title">
                {selectedCategory ? (
                  <>
                    {toRomanLabel(selectedCategory.order)}. <MarkupText markup={selectedCategory.categoryName} />
                  </>
                ) : (
                  'Subjects'
                )}
              </h2>
              {selectedCategory && isSubscriberEditor && (
                <Button
                  type="button"
                  label="Only items to discuss"
                  icon="pi pi-filter"
                  size="small"
                  text
                  aria-pressed={isOnlyToDiscuss}
                  className={isOnlyToDiscuss ? 'is-pressed' : undefined}
                  onClick={() => setIsOnlyToDiscuss((value) => !value)}
                />
              )}
              {selectedCategory && !isReadOnly && (
                <div className="subjects-actions">
                  <Button
                    type="button"
                    label="Select All"
                    icon="pi pi-check-square"
                    size="small"
                    outlined
                    onClick={() => dispatch(allSelectedInCategory({ categoryId: selectedCategory._id }))}
                  />
                  <Button
                    type="button"
                    label="Clear all"
                    icon="pi pi-stop"
                    size="small"
                    outlined
                    onClick={() => dispatch(allClearedInCategory({ categoryId: selectedCategory._id }))}
                  />
                </div>
              )}
            </div>
            {selectedCategory ? (
              <SubjectList
                category={selectedCategory}
                expandedSubjects={expandedSubjects}
                onToggleSubject={(subject) => {
                  // docs/product.md §4: "Ticking an unselected subject expands its options row."
                  if (!subject.isSelected && !subject.isLocked) setExpanded(subject._id, true);
                  dispatch(subjectToggled({ categoryId: selectedCategory._id, subjectId: subject._id }));
                }}
                onToggleOption={(subject, option) =>
                  dispatch(optionToggled({ categoryId: selectedCategory._id, subjectId: subject._id, optionId: option._id }))
                }
                onExpand={setExpanded}
                onEditSubject={(subject) => editSubjectName(selectedCategory, subject)}
                onEditOption={(subject, option) => editOptionName(selectedCategory, subject, option)}
                isReadOnly={isReadOnly}
                review={isSubscriberEditor ? { changed: review.changed, marks: review.marks, onMark: setMarkTarget, isOnlyToDiscuss } : undefined}
              />
            ) : (
              <p className="subjects-empty">{contract ? CHOOSE_CATEGORY_TEXT : isReopening ? REOPENING_TEXT : NOT_LOADED_TEXT}</p>
            )}
          </section>
        </div>
      </div>

      <NameEditDialog
        target={nameEdit?.target ?? null}
        onSave={(markup) => {
          nameEdit?.save(markup);
          closeNameEdit(nameEdit?.focusAfterSave ?? null);
        }}
        onCancel={() => closeNameEdit(nameEdit?.focusAfterCancel ?? null)}
        onClosed={onNameEditClosed}
      />
      {contract && (
        // Phones: the status card with Save and Make PDF is far above a long category's subjects, so
        // a bar at the bottom of the screen keeps them at hand while scrolling (issue 9, item 20);
        // hidden from 768 px on, where the card is beside the subjects.
        <div className={`mobile-save-bar${hasUnsavedChanges ? ' is-unsaved' : ''}`} role="region" aria-label="Save and Make PDF">
          <span>{hasUnsavedChanges ? UNSAVED_TEXT : isSubscriberEditor ? SAVED_TEXT : ''}</span>
          <span className="mobile-save-bar-buttons">
            {hasUnsavedChanges && (
              <Button type="button" label="Save changes" icon="pi pi-save" size="small" loading={isSaving} disabled={isSaving} onClick={() => void save()} />
            )}
            <Button type="button" label="Make PDF" icon="pi pi-file-pdf" size="small" outlined loading={isMakingPdf} disabled={isMakingPdf} onClick={() => void makePdf()} />
          </span>
        </div>
      )}
      {isSubscriberEditor && (
        <>
          <MergeConflictDialog
            conflicts={itemConflicts?.conflicts ?? null}
            isSaving={isSaving}
            onSave={(resolutions) => itemConflicts && void save({ sent: itemConflicts.sent, resolutions })}
            onCancel={() => setItemConflicts(null)}
          />
          <HistoryPanel
            contract={contract}
            isOpen={isHistoryOpen}
            canRestore={!isReadOnly}
            hasUnsavedChanges={hasUnsavedChanges}
            isRestoring={restoreState.isLoading}
            isMakingPdf={subscriberPdfState.isLoading}
            onRestore={(revision) => void restore(revision)}
            onDownloadPdf={(version) => void makeVersionPdf(version)}
            onClose={() => setIsHistoryOpen(false)}
          />
          <ShareDialog target={shareTarget} onClose={() => setShareTarget(null)} />
          {contract && (
            <MarkDialog
              key={markTarget?.itemId ?? 'none'}
              contractId={contract._id}
              target={markTarget}
              marks={markTarget ? (review.marks.get(markTarget.itemId) ?? []) : []}
              onClose={() => setMarkTarget(null)}
            />
          )}
        </>
      )}
      {isSubscriberEditor && (
        <SaveConflictDialog
          isOpen={conflict !== null}
          message={conflict?.message ?? ''}
          isLoadingLatest={conflict?.isLoadingLatest ?? false}
          latestProblem={conflict?.latestProblem ?? null}
          onLoadLatest={() => void loadLatest()}
          onKeepEditing={keepEditing}
        />
      )}
    </div>
  );
}

/**
 * After a reload of /my/contract the store is empty: opens the agreement this tab had open
 * (subscriber-agreement-memory.ts) again from the server, once, at mount. An agreement that no
 * longer answers (404: deleted, or another account signed in since) is forgotten quietly; other
 * failures are told in a toast and the page shows "Agreement is not Loaded" with Go To Dashboard.
 * @returns true while the agreement is being opened
 */
function useReopenAgreement(shouldReopen: boolean): boolean {
  const dispatch = useAppDispatch();
  const { showError } = useToast();
  const [reopeningId] = useState(() => (shouldReopen ? recallOpenAgreement() : null));
  const [isReopening, setIsReopening] = useState(reopeningId !== null);

  const reopen = useCallback(
    async (id: string, isCurrent: () => boolean) => {
      try {
        await openSubscriberAgreement(dispatch, id);
      } catch (error) {
        if (isCurrent()) {
          if (typeof error === 'object' && error !== null && 'status' in error && error.status === 404) forgetOpenAgreement();
          else showError(toErrorMessage(error));
        }
      } finally {
        if (isCurrent()) setIsReopening(false);
      }
    },
    [dispatch, showError],
  );

  useEffect(() => {
    if (reopeningId === null) return;
    let isCurrent = true;
    void reopen(reopeningId, () => isCurrent);
    return () => {
      isCurrent = false;
    };
  }, [reopeningId, reopen]);

  return isReopening;
}
