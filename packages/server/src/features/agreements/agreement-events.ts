/**
 * Word that a new version of an agreement was stored, for whoever listens on that database: the
 * live streams of open agreements (features/live, docs/sharing.md §13) register a listener when the
 * app starts. The core announces every stored change from `replaceAgreementDocument` (save, merge,
 * rename, restore, import, template) without knowing who listens; scripts and the CLI register
 * none.
 */
import type { Database } from '../../db/database';

/** A new version of an agreement, as stored. */
export interface AgreementStored {
  contractId: string;
  revision: number;
  /** Who stored it (null when unknown), and their name as History shows it. */
  authorUserId: string | null;
  authorLabel: string;
}

const listeners = new WeakMap<Database, Set<(event: AgreementStored) => void>>();

/**
 * Calls `listener` after each new version stored in `db`, synchronously and after the write is
 * committed; a listener must not throw (its error would reach the change's caller).
 *
 * @returns a function that stops listening
 */
export function onAgreementStored(db: Database, listener: (event: AgreementStored) => void): () => void {
  const set = listeners.get(db) ?? new Set();
  set.add(listener);
  listeners.set(db, set);
  return () => set.delete(listener);
}

/** Tells the listeners of `db` that a new version was stored (replace-agreement-document.ts). */
export function announceAgreementStored(db: Database, event: AgreementStored): void {
  for (const listener of listeners.get(db) ?? []) listener(event);
}
