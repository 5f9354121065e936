/**
 * Live changes in the subscriber's editor (docs/sharing.md §13; ADR 199): while an agreement is
 * open, the page listens to its stream (`GET /api/v1/contracts/{id}/live`, server-sent events) and
 *
 * - knows who else has it open (the status card names them);
 * - takes a partner's newly stored version as it arrives: loaded as it is when there are no
 *   unsaved edits here, or merged under them item by item as a save merges (domain merge.ts, ADR
 *   170). When both changed the same item the edits stay as they are and the user is told to Save,
 *   which then asks item by item.
 *
 * The browser's EventSource opens a dropped stream again by itself (the server says after 3 s).
 */
import { useEffect, useRef, useState } from 'react';
import { type LivePresence, LivePresenceSchema, LiveSavedSchema } from '@bpa/domain/api-live';
import type { Contract, ContractDocument } from '@bpa/domain/contract';
import { mergeAgreements } from '@bpa/domain/merge';
import { useToast } from '../../../components/ui/toast-provider';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { partnerVersionArrived } from '../core/agreement-slice';
import { fetchLatestAgreement } from '../core/subscriber-agreement-actions';

/** What the page shows of the live stream. */
export interface LiveAgreement {
  /** Who else has the agreement open now (names partners see). */
  others: LivePresence['others'];
}

/** Toast texts when a partner's version arrives. */
export const LIVE_TEXTS = {
  loaded: (author: string) => `${author} saved a change: it is shown here now.`,
  merged: (author: string) => `${author} saved a change: it is merged with your unsaved edits.`,
  conflict: (author: string) => `${author} saved changes to items you also changed. Save to choose, item by item.`,
} as const;

/**
 * @param contract the open agreement (null, or a trial's: no stream)
 * @param isSubscriber whether the editor is the subscriber's (only stored agreements have a stream)
 * @param isSaving whether this tab's save is on its way (its own version is then not taken as a partner's)
 */
export function useLiveAgreement(contract: Contract | null, isSubscriber: boolean, isSaving: boolean): LiveAgreement {
  const dispatch = useAppDispatch();
  const { showInfo } = useToast();
  /** The presence last heard, with the agreement it is about (another agreement's is not shown). */
  const [heard, setHeard] = useState<{ contractId: string; others: LivePresence['others'] } | null>(null);
  const isEdited = useAppSelector((state) => state.agreement.isContractEdited);
  const savedDocument = useAppSelector((state) => state.agreement.savedDocument);
  /** What the handlers read when an event arrives (the stream outlives renders). */
  const now = useRef({ contract, isEdited, savedDocument, isSaving });
  useEffect(() => {
    now.current = { contract, isEdited, savedDocument, isSaving };
  });
  const contractId = isSubscriber ? (contract?._id ?? null) : null;

  useEffect(() => {
    if (contractId === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/v1/contracts/${encodeURIComponent(contractId)}/live`, { withCredentials: true });
    let isOpen = true;
    source.addEventListener('presence', (event) => {
      const presence = LivePresenceSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (presence.success) setHeard({ contractId, others: presence.data.others });
    });
    source.addEventListener('saved', (event) => {
      const saved = LiveSavedSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      const open = now.current.contract;
      if (!saved.success || open?._id !== contractId || saved.data.revision <= open.revision) return;
      // This tab's own save, heard before its answer: the answer updates the editor.
      if (saved.data.isYours && now.current.isSaving) return;
      void (async () => {
        const stored = await fetchLatestAgreement(dispatch, contractId).catch(() => null);
        const current = now.current;
        if (!isOpen || !stored || current.contract?._id !== contractId || stored.revision <= current.contract.revision) return;
        const author = saved.data.author;
        if (!current.isEdited) {
          dispatch(partnerVersionArrived({ stored, merged: stored, isEdited: false }));
          showInfo(LIVE_TEXTS.loaded(author));
          return;
        }
        const base = current.savedDocument?.revision === current.contract.revision ? current.savedDocument.document : null;
        const merged = base ? mergeAgreements(base, stored, current.contract) : null;
        if (merged?.kind !== 'merged') {
          showInfo(LIVE_TEXTS.conflict(author));
          return;
        }
        const isStillEdited = !isSameContent(merged.document, stored);
        dispatch(partnerVersionArrived({ stored, merged: merged.document, isEdited: isStillEdited }));
        showInfo(LIVE_TEXTS.merged(author));
      })();
    });
    return () => {
      isOpen = false;
      source.close();
    };
  }, [contractId, dispatch, showInfo]);

  return { others: heard !== null && heard.contractId === contractId ? heard.others : [] };
}

/** Whether two versions hold the same name, players and categories (then nothing is left to save). */
function isSameContent(a: ContractDocument, b: ContractDocument): boolean {
  return a.contractName === b.contractName && a.playerNames === b.playerNames && JSON.stringify(a.categories) === JSON.stringify(b.categories);
}
