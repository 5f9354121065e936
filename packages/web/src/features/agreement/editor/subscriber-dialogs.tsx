/**
 * The dialogs only the subscriber's editor has (docs/product.md §10): the merge conflicts of a save,
 * History (restore, PDF of a version), sharing with partners, the email notices, a mark on an item ("agreed" / "to
 * discuss"), and the stale-save dialog. `useSubscriberDialogs` holds which one is open; the page
 * opens them from its buttons and rows.
 */
import { useState } from 'react';
import type { Contract } from '@bpa/domain/contract';
import { HistoryPanel } from '../history/history-panel';
import { useRestoreVersion } from '../history/use-restore-version';
import { MarkDialog, type MarkTarget, type ReviewState } from '../review/review';
import { MergeConflictDialog } from '../saving/merge-conflict-dialog';
import { LostAccessNotice } from '../saving/lost-access-notice';
import { SaveConflictDialog } from '../saving/save-conflict-dialog';
import type { AgreementSaving } from '../saving/use-save-agreement';
import { ShareDialog, type ShareDialogTarget } from '../sharing/share-dialog';
import { EmailNoticesDialog } from '../notices/email-notices-dialog';

/** Which of the subscriber's dialogs is open, and how to open them. */
export function useSubscriberDialogs() {
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const [shareTarget, setShareTarget] = useState<ShareDialogTarget | null>(null);
  const [markTarget, setMarkTarget] = useState<MarkTarget | null>(null);
  const [isNoticesOpen, setIsNoticesOpen] = useState(false);
  return { isHistoryOpen, setIsHistoryOpen, shareTarget, setShareTarget, markTarget, setMarkTarget, isNoticesOpen, setIsNoticesOpen };
}

export interface SubscriberDialogsProps {
  dialogs: ReturnType<typeof useSubscriberDialogs>;
  contract: Contract | null;
  selectedIndex: number;
  saving: AgreementSaving;
  review: ReviewState;
  isReadOnly: boolean;
  hasUnsavedChanges: boolean;
  isMakingVersionPdf: boolean;
  /** Makes the PDF of an earlier version; true when it was made (History then closes). */
  makeVersionPdf: (version: Contract) => Promise<boolean>;
}

/** The subscriber's dialogs, each shown while it is open. */
export function SubscriberDialogs({
  dialogs,
  contract,
  selectedIndex,
  saving,
  review,
  isReadOnly,
  hasUnsavedChanges,
  isMakingVersionPdf,
  makeVersionPdf,
}: SubscriberDialogsProps) {
  const { restore, isRestoring } = useRestoreVersion(contract, selectedIndex);
  const closeHistoryIf = (isDone: boolean) => isDone && dialogs.setIsHistoryOpen(false);
  return (
    <>
      <MergeConflictDialog
        conflicts={saving.itemConflicts?.conflicts ?? null}
        isSaving={saving.isSaving}
        onSave={(resolutions) => void saving.saveWithResolutions(resolutions)}
        onCancel={saving.cancelItemConflicts}
      />
      <HistoryPanel
        contract={contract}
        isOpen={dialogs.isHistoryOpen}
        canRestore={!isReadOnly}
        hasUnsavedChanges={hasUnsavedChanges}
        isRestoring={isRestoring}
        isMakingPdf={isMakingVersionPdf}
        onRestore={(revision) => void restore(revision).then(closeHistoryIf)}
        onDownloadPdf={(version) => void makeVersionPdf(version).then(closeHistoryIf)}
        onClose={() => dialogs.setIsHistoryOpen(false)}
      />
      <ShareDialog target={dialogs.shareTarget} onClose={() => dialogs.setShareTarget(null)} />
      <EmailNoticesDialog contractId={dialogs.isNoticesOpen && contract ? contract._id : null} onClose={() => dialogs.setIsNoticesOpen(false)} />
      {contract && (
        <MarkDialog
          key={dialogs.markTarget?.itemId ?? 'none'}
          contractId={contract._id}
          target={dialogs.markTarget}
          marks={dialogs.markTarget ? (review.marks.get(dialogs.markTarget.itemId) ?? []) : []}
          onClose={() => dialogs.setMarkTarget(null)}
        />
      )}
      {saving.lostAccess && contract && <LostAccessNotice contract={contract} />}
      <SaveConflictDialog
        isOpen={saving.staleSave !== null}
        message={saving.staleSave?.message ?? ''}
        isLoadingLatest={saving.staleSave?.isLoadingLatest ?? false}
        latestProblem={saving.staleSave?.latestProblem ?? null}
        onLoadLatest={() => void saving.loadLatest()}
        onKeepEditing={saving.keepEditing}
      />
    </>
  );
}
