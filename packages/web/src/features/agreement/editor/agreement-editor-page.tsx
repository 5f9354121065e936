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
 * This page is the shell that composes the pieces (ARCHITECTURE.md, "Web"): the Agreement card
 * (agreement-status-card.tsx) with the PDF settings (printing/pdf-options.tsx), the Categories list
 * (category-nav.tsx), the subjects (subjects-panel.tsx), Make PDF (printing/use-make-pdf.ts),
 * saving with merges and conflicts (saving/), the name dialog and focus (names/), reopening after a
 * reload (core/use-reopen-agreement.ts), and the subscriber's review, History and sharing dialogs
 * (subscriber-dialogs.tsx, review/).
 */
import { useMemo, useState } from 'react';
import type { PdfFileInfo } from '@bpa/domain/api';
import type { Category } from '@bpa/domain/contract';
import { isTrialCategory } from '@bpa/domain/editing';
import { PATHS } from '@bpa/domain/paths';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  editsDiscarded,
  playerNamesChanged,
  selectAgreement,
  selectIsAgreementEdited,
  selectIsSubscriber,
  selectSelectedCategoryIndex,
} from '../core/agreement-slice';
import { useReopenAgreement } from '../core/use-reopen-agreement';
import { NameEditDialog } from '../names/name-edit-dialog';
import { PlayerNamesFields } from '../names/player-names-fields';
import { useNameEdit } from '../names/use-name-edit';
import { PdfOptions, usePdfOptions } from '../printing/pdf-options';
import { VIEWER_PATHS, useMakePdf } from '../printing/use-make-pdf';
import { ChangesPanel, ToDiscussPanel, useReview } from '../review/review';
import { useSaveAgreement } from '../saving/use-save-agreement';
import { AgreementStatusCard, NOT_LOADED_TEXT, REOPENING_TEXT } from './agreement-status-card';
import { CategoryNav } from './category-nav';
import { LeaveWarning } from './leave-warning';
import { MobileSaveBar } from './mobile-save-bar';
import { SubjectsPanel } from './subjects-panel';
import { SubscriberDialogs, useSubscriberDialogs } from './subscriber-dialogs';
import { useLiveAgreement } from '../live/use-live-agreement';
import { useEditorNavigation } from './use-editor-navigation';
import '../core/agreement.css';

/** The page's name in the browser tab (also used when /guest/contract is rendered at build time). */
export const EDITOR_PAGE_TITLE = 'Agreement Editor';
export const CHOOSE_CATEGORY_TEXT = 'Choose a category to see its subjects.';

const DASHBOARD_PATHS = { guest: PATHS.guestHome, subscriber: PATHS.myHome } as const;

export interface AgreementEditorPageProps {
  /** Guest (trial, /guest/contract) or subscriber (/my/contract) editor; guest by default. */
  variant?: 'guest' | 'subscriber';
  /**
   * Called with the file info once a PDF is made, instead of going to the variant's viewer: the
   * route decides where to go (e.g. the viewer, asking it to download the file, docs/product.md §4).
   */
  onPdfMade?: (pdfFileInfo: PdfFileInfo) => void;
  /** Called as Make PDF sends its request: the route starts loading the viewer it will show. */
  onMakePdfStarted?: () => void;
}

export default function AgreementEditorPage({ variant = 'guest', onPdfMade, onMakePdfStarted }: AgreementEditorPageProps) {
  useDocumentTitle(EDITOR_PAGE_TITLE);
  const dispatch = useAppDispatch();
  const loadedContract = useAppSelector(selectAgreement);
  const isSubscriber = useAppSelector(selectIsSubscriber);
  const isContractEdited = useAppSelector(selectIsAgreementEdited);
  const selectedIndex = useAppSelector(selectSelectedCategoryIndex);
  const [statusMessage, setStatusMessage] = useState('');
  const [isOnlyToDiscuss, setIsOnlyToDiscuss] = useState(false);
  const isSubscriberEditor = variant === 'subscriber';
  // The subscriber's editor never shows a trial agreement (it could not be saved there).
  const contract = isSubscriberEditor && !isSubscriber ? null : loadedContract;
  const isReopening = useReopenAgreement(isSubscriberEditor && contract === null);
  const hasUnsavedChanges = isSubscriberEditor && contract !== null && isContractEdited && contract.access !== 'view';
  const selectedCategory = selectedIndex >= 0 ? contract?.categories[selectedIndex] : undefined;
  const saving = useSaveAgreement(contract, selectedIndex, setStatusMessage);
  const pdfOptions = usePdfOptions();
  const pdf = useMakePdf({ variant, isSubscriber, ...pdfOptions, onPdfMade, onMakePdfStarted, setStatusMessage });
  const dialogs = useSubscriberDialogs();
  // A partner who may only view sees the agreement read-only; the owner shares it (ADR 172).
  const isReadOnly = isSubscriberEditor && contract?.access === 'view';
  const isOwner = isSubscriberEditor && contract !== null && (contract.access ?? 'owner') === 'owner';
  const review = useReview(contract, isSubscriberEditor);
  const live = useLiveAgreement(contract, isSubscriberEditor, saving.isSaving);
  const canOpen = (category: Category) => isSubscriber || isTrialCategory(category);
  // The same object while nothing in it changes, so the memoised rows of the subject list keep still.
  const { setMarkTarget } = dialogs;
  const subjectListReview = useMemo(
    () => (isSubscriberEditor ? { changed: review.changed, marks: review.marks, onMark: setMarkTarget, isOnlyToDiscuss, setIsOnlyToDiscuss } : undefined),
    [isSubscriberEditor, review.changed, review.marks, isOnlyToDiscuss, setMarkTarget],
  );
  const navigation = useEditorNavigation(contract, selectedIndex, canOpen);
  const names = useNameEdit(navigation.setExpanded);
  const makePdf = () => void (contract && pdf.makePdf(contract));

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
            isSaving={saving.isSaving}
            isMakingPdf={pdf.isMakingPdf}
            statusMessage={statusMessage}
            dashboardPath={DASHBOARD_PATHS[variant]}
            onEditName={() => contract && names.editAgreementName(contract)}
            onSave={() => void saving.save()}
            onMakePdf={makePdf}
            onOpenHistory={() => dialogs.setIsHistoryOpen(true)}
            onOpenNotices={() => dialogs.setIsNoticesOpen(true)}
            others={live.others}
            onShare={() => contract && dialogs.setShareTarget({ id: contract._id, contractName: contract.contractName })}
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
            pdfOptions={<PdfOptions state={pdfOptions} contract={contract} isSubscriberEditor={isSubscriberEditor} />}
          />
          {contract && isSubscriberEditor && (
            <>
              <ChangesPanel review={review} onOpen={navigation.openItem} />
              <ToDiscussPanel contract={contract} review={review} onOpen={navigation.openItem} />
            </>
          )}
          {contract && <CategoryNav categories={contract.categories} selectedIndex={selectedIndex} canOpen={canOpen} onOpen={navigation.openCategory} />}
        </div>
        <div className="col-12 col-md-8 col-xl-9">
          <SubjectsPanel
            category={selectedCategory}
            emptyText={contract ? CHOOSE_CATEGORY_TEXT : isReopening ? REOPENING_TEXT : NOT_LOADED_TEXT}
            headingRef={navigation.subjectsHeadingRef}
            isReadOnly={isReadOnly}
            expandedSubjects={navigation.expandedSubjects}
            setExpanded={navigation.setExpanded}
            names={names}
            review={subjectListReview}
          />
        </div>
      </div>
      <NameEditDialog {...names.dialogProps} />
      {contract && (
        <MobileSaveBar
          hasUnsavedChanges={hasUnsavedChanges}
          isSubscriberEditor={isSubscriberEditor}
          isSaving={saving.isSaving}
          isMakingPdf={pdf.isMakingPdf}
          onSave={() => void saving.save()}
          onMakePdf={makePdf}
        />
      )}
      {isSubscriberEditor && (
        <SubscriberDialogs
          dialogs={dialogs}
          contract={contract}
          selectedIndex={selectedIndex}
          saving={saving}
          review={review}
          isReadOnly={isReadOnly}
          hasUnsavedChanges={hasUnsavedChanges}
          isMakingVersionPdf={pdf.isMakingVersionPdf}
          makeVersionPdf={pdf.makeVersionPdf}
        />
      )}
    </div>
  );
}
