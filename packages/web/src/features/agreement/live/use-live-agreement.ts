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
        const { contract: editing, isEdited, savedDocument } = now.current;
        if (!isOpen || !stored || editing?._id !== contractId || stored.revision <= editing.revision) return;
        const outcome = takePartnerVersion(stored, { contract: editing, isEdited, savedDocument });
        if (outcome.kind !== 'conflict') dispatch(partnerVersionArrived({ stored, merged: outcome.merged, isEdited: outcome.isEdited }));
        showInfo(LIVE_TEXTS[outcome.kind](saved.data.author));
      })();
    });
    return () => {
      isOpen = false;
      source.close();
    };
  }, [contractId, dispatch, showInfo]);

  return { others: heard !== null && heard.contractId === contractId ? heard.others : [] };
}

/** What the editor does with a partner's version: show it, show it merged under the unsaved edits, or leave the edits for Save to merge. */
export type PartnerVersionOutcome = { kind: 'loaded' | 'merged'; merged: ContractDocument; isEdited: boolean } | { kind: 'conflict' };

/**
 * How a partner's stored version joins what the editor holds (docs/sharing.md §13): as it is
 * without unsaved edits; merged under them item by item (domain mergeAgreements, ADR 170) when the
 * editor knows the version they started from; otherwise (both changed an item, the version is not
 * known, or a reset made them incompatible) nothing changes, and Save asks.
 *
 * @param stored the partner's version, as stored now
 * @param current the editor's agreement, whether it has unsaved edits, and the version it last loaded or saved
 */
export function takePartnerVersion(
  stored: Contract,
  current: { contract: Contract; isEdited: boolean; savedDocument: { revision: number; document: ContractDocument } | null },
): PartnerVersionOutcome {
  if (!current.isEdited) return { kind: 'loaded', merged: stored, isEdited: false };
  const base = current.savedDocument?.revision === current.contract.revision ? current.savedDocument.document : null;
  const merged = base ? mergeAgreements(base, stored, current.contract) : null;
  if (merged?.kind !== 'merged') return { kind: 'conflict' };
  return { kind: 'merged', merged: merged.document, isEdited: !isSameContent(merged.document, stored) };
}

/** Whether two versions hold the same name, players and categories (then nothing is left to save). */
function isSameContent(a: ContractDocument, b: ContractDocument): boolean {
  return a.contractName === b.contractName && a.playerNames === b.playerNames && JSON.stringify(a.categories) === JSON.stringify(b.categories);
}
