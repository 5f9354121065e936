/**
 * Save of the subscriber's editor, with what can happen to it (docs/product.md §D7, ADR 006, ADR 170):
 * a save from an older revision is merged on the server and the editor loads the merged version
 * and says so; items changed differently here and elsewhere wait for the user's choice, item by
 * item (MergeConflictDialog); a save refused as stale without item conflicts (a reset elsewhere)
 * opens the stale-save dialog with the stored version fetched for "Load latest". Nothing typed is
 * lost on any failure: the edits stay on screen, still marked unsaved.
 *
 * A save sends only what changed since the version the server stores (ADR 181: a few hundred bytes
 * instead of up to 300 kB; document-changes.ts), when the editor knows that version and the changes
 * are small; otherwise, or when the server finds they do not fit its version, the whole agreement.
 */
import { useEffect, useRef, useState } from 'react';
import type { SaveConflict as ItemConflict } from '@bpa/domain/api-contracts';
import type { Contract } from '@bpa/domain/contract';
import type { MergeResolutions } from '@bpa/domain/merge';
import { useToast } from '../../../components/ui/toast-provider';
import { toErrorMessage } from '../../../lib/error-message';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import {
  errorCodeOf,
  isChangesRefusedError,
  isStaleRevisionError,
  toSaveContractRequest,
  useSaveSubscriberContractChangesMutation,
  useSaveSubscriberContractMutation,
} from '../core/agreement-api';
import { toDocumentChanges } from './document-changes';
import { agreementLoaded, agreementRebased, agreementSaved, categorySelected } from '../core/agreement-slice';
import { lostAccessMessage } from './lost-access-notice';
import { mergedMessage } from './merge-conflict-dialog';
import { toSaveConflict } from '../core/open-agreements-api';
import { fetchLatestAgreement } from '../core/subscriber-agreement-actions';

export const SAVED_TOAST_TEXT = 'Your agreement is saved.';
export const LATEST_LOADED_TEXT = 'The latest version of your agreement is loaded.';

/** A stale save waiting for the user's choice (docs/product.md §D7: 409). */
export interface StaleSave {
  /** The agreement the save was for. */
  id: string;
  message: string;
  /** The version stored now, once fetched. */
  latest: Contract | null;
  isLoadingLatest: boolean;
  latestProblem: string | null;
}

/** Items changed differently here and elsewhere (docs/sharing.md §5), with the version that was sent. */
export interface PendingItemConflicts {
  sent: Contract;
  conflicts: ItemConflict[];
}

/** What the editor shows and does about saving. */
export interface AgreementSaving {
  isSaving: boolean;
  /** Saves the loaded agreement. */
  save: () => Promise<void>;
  /** Saves the version sent before, with the user's choice for each conflicting item. */
  saveWithResolutions: (resolutions: MergeResolutions) => Promise<void>;
  itemConflicts: PendingItemConflicts | null;
  cancelItemConflicts: () => void;
  staleSave: StaleSave | null;
  /** The stale-save dialog's "Load latest": the stored version replaces the edits. */
  loadLatest: () => Promise<void>;
  /** The stale-save dialog's "Keep editing": the edits stay and the next save replaces the stored version. */
  keepEditing: () => void;
  /** A save found that a partner's access ended (404 on an agreement shared with them): they keep their edits. */
  lostAccess: boolean;
}

/**
 * @param contract the loaded agreement (null: nothing to save)
 * @param selectedIndex the open category, kept open when another version is loaded
 * @param setStatusMessage the status card's live line
 */
export function useSaveAgreement(contract: Contract | null, selectedIndex: number, setStatusMessage: (message: string) => void): AgreementSaving {
  const dispatch = useAppDispatch();
  const { showError, showInfo, showSuccess, showFailure } = useToast();
  const [saveContract, saveState] = useSaveSubscriberContractMutation();
  const [saveChanges, saveChangesState] = useSaveSubscriberContractChangesMutation();
  const savedDocument = useAppSelector((state) => state.agreement.savedDocument);
  const [staleSave, setStaleSave] = useState<StaleSave | null>(null);
  const [itemConflicts, setItemConflicts] = useState<PendingItemConflicts | null>(null);
  const [lostAccess, setLostAccess] = useState(false);
  /** The agreement in the store now, for answers that arrive after more edits. */
  const latestContractRef = useRef<Contract | null>(null);
  useEffect(() => {
    latestContractRef.current = contract;
  });
  const isSaving = saveState.isLoading || saveChangesState.isLoading;

  /** Fetches the stored version for an open stale-save dialog (kept there until the user chooses). */
  const fetchLatest = async (id: string): Promise<Contract | null> => {
    setStaleSave((current) => (current?.id === id ? { ...current, isLoadingLatest: true, latestProblem: null } : current));
    try {
      const latest = await fetchLatestAgreement(dispatch, id);
      setStaleSave((current) => (current?.id === id ? { ...current, latest, isLoadingLatest: false } : current));
      return latest;
    } catch (error) {
      const latestProblem = toErrorMessage(error);
      setStaleSave((current) => (current?.id === id ? { ...current, isLoadingLatest: false, latestProblem } : current));
      return null;
    }
  };

  /** Loads a version of the agreement in the editor, keeping the open category. */
  const showVersion = (version: Contract) => {
    const openIndex = selectedIndex;
    dispatch(agreementLoaded({ contract: version, isSubscriber: true }));
    if (openIndex >= 0) dispatch(categorySelected(openIndex));
  };

  const send = async (retry?: { sent: Contract; resolutions: MergeResolutions }) => {
    if (!contract || isSaving) return;
    // What is sent; edits made while the save travels stay marked unsaved (agreementSaved).
    const sent = retry?.sent ?? contract;
    try {
      const resolutions = retry ? { resolutions: retry.resolutions } : {};
      const saveWhole = () => saveContract({ id: sent._id, body: { ...toSaveContractRequest(sent), ...resolutions } }).unwrap();
      const changes = savedDocument?.revision === sent.revision ? toDocumentChanges(savedDocument.document, sent) : null;
      const answer =
        changes !== null && changes.length > 0
          ? await saveChanges({ id: sent._id, body: { revision: sent.revision, changes, ...resolutions } })
              .unwrap()
              .catch((error: unknown) => (isChangesRefusedError(error) ? saveWhole() : Promise.reject(error)))
          : await saveWhole();
      setItemConflicts(null);
      if (answer.merge) {
        const merged = await fetchLatestAgreement(dispatch, sent._id);
        if (latestContractRef.current === sent || retry) showVersion(merged);
        else dispatch(agreementSaved({ id: sent._id, revision: answer.revision, saved: sent, isStoredAsSent: false }));
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
        setStaleSave({ id: sent._id, message: toErrorMessage(error), latest: null, isLoadingLatest: true, latestProblem: null });
        void fetchLatest(sent._id);
        return;
      }
      // A partner whose access ended gets a 404 like any stranger: say what happened, keep the edits.
      if (errorCodeOf(error) === 'not_found' && sent.access !== undefined && sent.access !== 'owner') {
        setLostAccess(true);
        setStatusMessage(lostAccessMessage(sent));
        showError(lostAccessMessage(sent));
        return;
      }
      showFailure(error);
      setStatusMessage(`The agreement was not saved. ${toErrorMessage(error)}`);
    }
  };

  return {
    isSaving,
    save: () => send(),
    saveWithResolutions: (resolutions) => (itemConflicts ? send({ sent: itemConflicts.sent, resolutions }) : Promise.resolve()),
    itemConflicts,
    cancelItemConflicts: () => setItemConflicts(null),
    staleSave,
    loadLatest: async () => {
      if (!staleSave) return;
      const latest = staleSave.latest ?? (await fetchLatest(staleSave.id));
      if (!latest) return;
      showVersion(latest);
      setStaleSave(null);
      showInfo(LATEST_LOADED_TEXT);
    },
    keepEditing: () => {
      if (staleSave?.latest) dispatch(agreementRebased({ id: staleSave.id, revision: staleSave.latest.revision, contractName: staleSave.latest.contractName }));
      setStaleSave(null);
    },
    lostAccess,
  };
}
