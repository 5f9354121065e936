/**
 * Remembers, per browser tab, which of a subscriber's agreements the editor has open, so that a
 * reload of /my/contract opens the same agreement again from the server.
 *
 * Only the agreement's id is kept, in sessionStorage (one tab, gone when the tab closes); the
 * agreement itself never goes into the browser's storage (docs/caches.md §9). An id is useless to
 * anyone else: the server answers 404 for another account's agreement (api-contracts.ts), and the
 * editor then forgets it.
 */
import type { KeyValueStorage } from './guest-persistence';

/** sessionStorage key; the version suffix changes when the stored value does. */
export const OPEN_AGREEMENT_STORAGE_KEY = 'bpa.openAgreement.v1';

/** The id shape accepted back from storage (IdSchema: 1-64 characters); anything else is ignored. */
const STORED_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The browser's sessionStorage, or null where there is none (Node tests, blocked storage). */
export function getTabStorage(): KeyValueStorage | null {
  try {
    return typeof window !== 'undefined' && window.sessionStorage ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/** Keeps `id` as the agreement open in this tab. Never throws: without storage a reload just shows "not loaded". */
export function rememberOpenAgreement(id: string, storage: KeyValueStorage | null = getTabStorage()): void {
  try {
    storage?.setItem(OPEN_AGREEMENT_STORAGE_KEY, id);
  } catch {
    // Storage full or blocked: nothing to do.
  }
}

/** The agreement id open in this tab before a reload, or null (none, unreadable or malformed). */
export function recallOpenAgreement(storage: KeyValueStorage | null = getTabStorage()): string | null {
  try {
    const id = storage?.getItem(OPEN_AGREEMENT_STORAGE_KEY) ?? null;
    return id !== null && STORED_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Forgets the open agreement (it no longer exists or belongs to another account). */
export function forgetOpenAgreement(storage: KeyValueStorage | null = getTabStorage()): void {
  try {
    storage?.removeItem(OPEN_AGREEMENT_STORAGE_KEY);
  } catch {
    // Nothing more to do.
  }
}
