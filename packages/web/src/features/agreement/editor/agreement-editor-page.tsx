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
 *
 * The pieces live beside it: the Agreement card (agreement-status-card.tsx), the Categories list
 * (category-nav.tsx), the subjects (subject-list.tsx), saving with merges and conflicts
 * (use-save-agreement.ts), the name dialog and focus (use-name-edit.ts), reopening after a reload
 * (use-reopen-agreement.ts), review with the partner (review.tsx) and History (history-panel.tsx).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import type { PdfFileInfo } from '@bpa/domain/api';
import { TRIAL_CATEGORY_NAMES } from '@bpa/domain/constants';
import type { Category, Contract } from '@bpa/domain/contract';
import { isTrialCategory } from '@bpa/domain/editing';
import { PATHS } from '@bpa/domain/paths';
import { toRomanLabel } from '@bpa/domain/roman';
import { useToast } from '../../../components/ui/toast-provider';
import { toErrorMessage } from '../../../lib/error-message';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { toMakePdfRequest } from '../core/agreement-api';
import { useMakeGuestPdfMutation, useMakeSubscriberPdfMutation } from '../printing/printing-api';
import {
  allClearedInCategory,
  allSelectedInCategory,
  categorySelected,
  editsDiscarded,
  optionToggled,
  pdfFileInfoSet,
  playerNamesChanged,
  selectContract,
  selectIsContractEdited,
  selectIsSubscriber,
  selectSelectedCategoryIndex,
  subjectToggled,
} from '../core/agreement-slice';
import { AcblCardButton } from '../printing/acbl-card-button';
import { AgreementStatusCard, NOT_LOADED_TEXT, REOPENING_TEXT, SAVED_TEXT, UNSAVED_TEXT } from './agreement-status-card';
import { CategoryNav } from './category-nav';
import { HistoryPanel } from '../history/history-panel';
import { LeaveWarning } from './leave-warning';
import { MarkupText } from '../core/markup-text';
import { MergeConflictDialog } from '../saving/merge-conflict-dialog';
import { getBrowserStorage } from '../core/guest-persistence';
import { NameEditDialog, preloadNameEditor } from '../names/name-edit-dialog';
import { describePrintOptions, readPrintOptions, writePrintOptions } from '../printing/print-options';
import { PlayerNamesFields } from '../names/player-names-fields';
import { PrintOptionsDialog } from '../printing/print-options-dialog';
import { ChangesPanel, MarkDialog, type MarkTarget, type OpenItem, ToDiscussPanel, useReview } from '../review/review';
import { SaveConflictDialog } from '../saving/save-conflict-dialog';
import { ShareDialog, type ShareDialogTarget } from '../sharing/share-dialog';
import { useRestoreRevisionMutation } from '../history/history-api';
import { SubjectList } from './subject-list';
import { openSubscriberAgreement } from '../core/subscriber-agreement-actions';
import { focusItemSoon, useNameEdit } from '../names/use-name-edit';
import { useReopenAgreement } from '../core/use-reopen-agreement';
import { useSaveAgreement } from '../saving/use-save-agreement';
import '../core/agreement.css';

/** The page's name in the browser tab (also used when /guest/contract is rendered at build time). */
export const EDITOR_PAGE_TITLE = 'Agreement Editor';
export const MAKING_PDF_TEXT = 'Making the PDF…';
export const PDF_FAILED_TEXT = 'The PDF could not be made. Your agreement is unchanged.';
export const CHOOSE_CATEGORY_TEXT = 'Choose a category to see its subjects.';
export const TRIAL_ONLY_TEXT = `The free trial opens ${TRIAL_CATEGORY_NAMES.join(' and ')}. The other categories are part of the full program.`;

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

export default function ContractEditorPage({ variant = 'guest', onPdfMade }: ContractEditorPageProps) {
  useDocumentTitle(EDITOR_PAGE_TITLE);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { showError, showInfo, showSuccess } = useToast();
  const loadedContract = useAppSelector(selectContract);
  const isSubscriber = useAppSelector(selectIsSubscriber);
  const isContractEdited = useAppSelector(selectIsContractEdited);
  const selectedIndex = useAppSelector(selectSelectedCategoryIndex);
  const [makeGuestPdf, guestPdfState] = useMakeGuestPdfMutation();
  const [makeSubscriberPdf, subscriberPdfState] = useMakeSubscriberPdfMutation();
  const [statusMessage, setStatusMessage] = useState('');
  const [expandedSubjects, setExpandedSubjects] = useState<ReadonlySet<string>>(() => new Set());
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const [shareTarget, setShareTarget] = useState<ShareDialogTarget | null>(null);
  const [restoreRevision, restoreState] = useRestoreRevisionMutation();
  const [markTarget, setMarkTarget] = useState<MarkTarget | null>(null);
  const [isOnlyToDiscuss, setIsOnlyToDiscuss] = useState(false);
  const [withDiscussionSheet, setWithDiscussionSheet] = useState(false);
  const [printOptions, setPrintOptions] = useState(() => readPrintOptions(getBrowserStorage()));
  const [isPrintOptionsOpen, setIsPrintOptionsOpen] = useState(false);
  const subjectsHeadingRef = useRef<HTMLHeadingElement>(null);

  const isSubscriberEditor = variant === 'subscriber';
  // The subscriber's editor never shows a trial agreement (it could not be saved there).
  const contract = isSubscriberEditor && !isSubscriber ? null : loadedContract;
  const isReopening = useReopenAgreement(isSubscriberEditor && contract === null);
  const dashboardPath = DASHBOARD_PATHS[variant];
  const hasUnsavedChanges = isSubscriberEditor && contract !== null && isContractEdited && contract.access !== 'view';
  const isMakingPdf = guestPdfState.isLoading || subscriberPdfState.isLoading;
  const selectedCategory = selectedIndex >= 0 ? contract?.categories[selectedIndex] : undefined;
  const saving = useSaveAgreement(contract, selectedIndex, setStatusMessage);
  const isSaving = saving.isSaving;
  // docs/sharing.md §2: a partner who may only view sees the agreement read-only; the owner shares it.
  const isReadOnly = isSubscriberEditor && contract?.access === 'view';
  const isOwner = isSubscriberEditor && contract !== null && (contract.access ?? 'owner') === 'owner';
  // Review with the partner (docs/sharing.md §6-7): changes since the last visit, agreed / to discuss marks.
  const review = useReview(contract, isSubscriberEditor);
  const canOpen = (category: Category) => isSubscriber || isTrialCategory(category);
  // The same object while nothing in it changes, so the memoised rows of the subject list keep still.
  const subjectListReview = useMemo(
    () => (isSubscriberEditor ? { changed: review.changed, marks: review.marks, onMark: setMarkTarget, isOnlyToDiscuss } : undefined),
    [isSubscriberEditor, review.changed, review.marks, isOnlyToDiscuss],
  );

  const setExpanded = (subjectId: string, isExpanded: boolean) => {
    setExpandedSubjects((current) => {
      if (current.has(subjectId) === isExpanded) return current;
      const next = new Set(current);
      if (isExpanded) next.add(subjectId);
      else next.delete(subjectId);
      return next;
    });
  };

  // The editor opens on the first category the user may edit (docs/product.md §15): for a guest the
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
    const { pageSize, ...print } = printOptions;
    const request = {
      ...toMakePdfRequest(contract, isSubscriber),
      pageSize,
      print,
      ...(isSubscriberEditor ? { revision: contract.revision } : {}),
      ...(isSubscriberEditor && withDiscussionSheet ? { discussionOf: contract._id } : {}),
    };
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

  /** Goes to an item of the changes or to-discuss lists: its category, its options open, focus on it. */
  const openItem: OpenItem = (place) => {
    const index = contract?.categories.findIndex((category) => category._id === place.categoryId) ?? -1;
    if (index < 0) return;
    dispatch(categorySelected(index));
    if (place.optionId) setExpanded(place.subjectId, true);
    focusItemSoon(place.optionId ?? place.subjectId, place.optionId !== undefined);
  };

  const names = useNameEdit(setExpanded);

  return (
    <div className={`contract-editor py-3${contract ? ' has-save-bar' : ''}`}>
      <LeaveWarning
        shouldWarn={hasUnsavedChanges}
        allowedPaths={isSubscriberEditor ? VIEWER_PATHS.subscriber : undefined}
        onDiscard={() => dispatch(editsDiscarded())}
      />
      <h1 className="visually-hidden">Agreement Editor</h1>
      {/* Keyboard users jump past the status card and the category list (docs/product.md §16). */}
      {contract && (
        <a href="#subjects-title" className="skip-link">
          Skip to the subjects
        </a>
      )}
      <div className="row g-3">
        <div className="col-12 col-md-4 col-xl-3">
          <AgreementStatusCard
            contract={contract}
            isSubscriberEditor={isSubscriberEditor}
            isReopening={isReopening}
            isReadOnly={isReadOnly}
            isOwner={isOwner}
            hasUnsavedChanges={hasUnsavedChanges}
            isSaving={isSaving}
            isMakingPdf={isMakingPdf}
            statusMessage={statusMessage}
            dashboardPath={dashboardPath}
            onEditName={() => contract && names.editAgreementName(contract)}
            onSave={() => void saving.save()}
            onMakePdf={() => void makePdf()}
            onOpenHistory={() => setIsHistoryOpen(true)}
            onShare={() => contract && setShareTarget({ id: contract._id, contractName: contract.contractName })}
            details={
              contract && (
                <PlayerNamesFields
                  key={contract._id}
                  playerNames={contract.playerNames}
                  isReadOnly={isReadOnly}
                  onChange={(playerNames) => dispatch(playerNamesChanged({ id: contract._id, playerNames }))}
                />
              )
            }
            pdfOptions={
              <>
                <p className="print-options-summary">
                  <span>{describePrintOptions(printOptions)}</span>
                  <Button type="button" label="Print options" icon="pi pi-sliders-h" size="small" text onClick={() => setIsPrintOptionsOpen(true)} />
                </p>
                {isSubscriberEditor && contract && <AcblCardButton contract={contract} />}
                {isSubscriberEditor && (
                  <label className="discussion-sheet-option">
                    <input type="checkbox" checked={withDiscussionSheet} onChange={(event) => setWithDiscussionSheet(event.target.checked)} /> Add the
                    discussion sheet (items to discuss, with notes)
                  </label>
                )}
              </>
            }
          />

          {contract && isSubscriberEditor && (
            <>
              <ChangesPanel review={review} onOpen={openItem} />
              <ToDiscussPanel contract={contract} review={review} onOpen={openItem} />
            </>
          )}
          {contract && <CategoryNav categories={contract.categories} selectedIndex={selectedIndex} canOpen={canOpen} onOpen={openCategory} />}
        </div>

        <div className="col-12 col-md-8 col-xl-9">
          {/* The name field's code loads as soon as the pointer or the focus comes near a name, not with the page. */}
          <section className="editor-card subjects-panel" aria-labelledby="subjects-title" onPointerOver={preloadNameEditor} onFocus={preloadNameEditor}>
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
                onEditSubject={(subject) => names.editSubjectName(selectedCategory, subject)}
                onEditOption={(subject, option) => names.editOptionName(selectedCategory, subject, option)}
                isReadOnly={isReadOnly}
                review={subjectListReview}
              />
            ) : (
              <p className="subjects-empty">{contract ? CHOOSE_CATEGORY_TEXT : isReopening ? REOPENING_TEXT : NOT_LOADED_TEXT}</p>
            )}
          </section>
        </div>
      </div>

      <NameEditDialog {...names.dialogProps} />
      <PrintOptionsDialog
        isOpen={isPrintOptionsOpen}
        options={printOptions}
        onSave={(options) => {
          setPrintOptions(options);
          writePrintOptions(getBrowserStorage(), options);
          setIsPrintOptionsOpen(false);
        }}
        onCancel={() => setIsPrintOptionsOpen(false)}
      />
      {contract && (
        // Phones: the status card with Save and Make PDF is far above a long category's subjects, so
        // a bar at the bottom of the screen keeps them at hand while scrolling (docs/product.md §15);
        // hidden from 768 px on, where the card is beside the subjects.
        <div className={`mobile-save-bar${hasUnsavedChanges ? ' is-unsaved' : ''}`} role="region" aria-label="Save and Make PDF">
          <span>{hasUnsavedChanges ? UNSAVED_TEXT : isSubscriberEditor ? SAVED_TEXT : ''}</span>
          <span className="mobile-save-bar-buttons">
            {hasUnsavedChanges && (
              <Button
                type="button"
                label="Save changes"
                icon="pi pi-save"
                size="small"
                loading={isSaving}
                disabled={isSaving}
                onClick={() => void saving.save()}
              />
            )}
            <Button
              type="button"
              label="Make PDF"
              icon="pi pi-file-pdf"
              size="small"
              outlined
              loading={isMakingPdf}
              disabled={isMakingPdf}
              onClick={() => void makePdf()}
            />
          </span>
        </div>
      )}
      {isSubscriberEditor && (
        <>
          <MergeConflictDialog
            conflicts={saving.itemConflicts?.conflicts ?? null}
            isSaving={isSaving}
            onSave={(resolutions) => void saving.saveWithResolutions(resolutions)}
            onCancel={saving.cancelItemConflicts}
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
          isOpen={saving.staleSave !== null}
          message={saving.staleSave?.message ?? ''}
          isLoadingLatest={saving.staleSave?.isLoadingLatest ?? false}
          latestProblem={saving.staleSave?.latestProblem ?? null}
          onLoadLatest={() => void saving.loadLatest()}
          onKeepEditing={saving.keepEditing}
        />
      )}
    </div>
  );
}
