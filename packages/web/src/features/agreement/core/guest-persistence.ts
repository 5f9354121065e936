/**
 * Keeps a guest's trial agreement in the browser (localStorage) so that edits survive a reload.
 *
 * docs/product.md §1 and 6: a guest saves nothing on the server ("Guests' name edits stay local"); the only
 * call that carries the agreement is the PDF. A subscriber's agreement is never written here (it is
 * saved on the server), and whatever is read back is validated with the domain schemas: anything
 * malformed, from another version or tampered with is dropped and the key removed.
 */
import { type PdfFileInfo, PdfFileInfoSchema } from '@bpa/domain/api';
import { type Contract, type ContractName, ContractNameSchema, ContractSchema } from '@bpa/domain/contract';
import { type AgreementState, initialAgreementState } from './agreement-slice';

/** localStorage key; the version suffix changes when the stored shape does. */
export const GUEST_AGREEMENT_STORAGE_KEY = 'bpa.guestAgreement.v1';

/** How long to wait after a change before writing, in milliseconds (typing a name fires many changes). */
export const GUEST_PERSIST_DELAY_MS = 500;

/** The part of `Storage` used here, so tests and private-mode browsers can pass their own. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What is stored: the guest's agreement and the dashboard row, nothing about the session. */
export interface StoredGuestAgreement {
  contract: Contract;
  contractNames: ContractName[];
  isContractEdited: boolean;
  selectedCategory: number;
  pdfFileInfo: PdfFileInfo | null;
}

const StoredContractNamesSchema = ContractNameSchema.array().max(10);
const StoredPdfFileInfoSchema = PdfFileInfoSchema.nullable();

/** Checks a parsed entry field by field with the domain schemas; null when any field is wrong. */
function parseStoredGuestAgreement(value: unknown): StoredGuestAgreement | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  const contract = ContractSchema.safeParse(entry.contract);
  const contractNames = StoredContractNamesSchema.safeParse(entry.contractNames);
  const pdfFileInfo = StoredPdfFileInfoSchema.safeParse(entry.pdfFileInfo ?? null);
  const { isContractEdited, selectedCategory } = entry;
  if (!contract.success || !contractNames.success || !pdfFileInfo.success) return null;
  if (typeof isContractEdited !== 'boolean') return null;
  if (typeof selectedCategory !== 'number' || !Number.isInteger(selectedCategory)) return null;
  if (selectedCategory < -1 || selectedCategory >= contract.data.categories.length) return null;
  return { contract: contract.data, contractNames: contractNames.data, isContractEdited, selectedCategory, pdfFileInfo: pdfFileInfo.data };
}

/**
 * What to store for a state, or null when nothing should be kept: a subscriber's agreement, or no
 * agreement at all (after "Clearing or logout empties everything", docs/product.md §4).
 */
export function toStoredGuestAgreement(state: AgreementState): StoredGuestAgreement | null {
  if (state.isSubscriber || state.contract === null) return null;
  return {
    contract: state.contract,
    contractNames: state.contractNames,
    isContractEdited: state.isContractEdited,
    selectedCategory: state.selectedCategory,
    pdfFileInfo: state.pdfFileInfo,
  };
}

/**
 * Reads the stored guest agreement back as a full agreement state.
 *
 * @param storage where it was written (usually `window.localStorage`).
 * @returns the state to preload, or undefined when nothing valid is stored (an invalid entry is
 *   removed so it is not read again). Never throws: storage errors (private mode, quota) read as empty.
 */
export function readGuestAgreement(storage: KeyValueStorage): AgreementState | undefined {
  let text: string | null;
  try {
    text = storage.getItem(GUEST_AGREEMENT_STORAGE_KEY);
  } catch {
    return undefined;
  }
  if (text === null) return undefined;
  const stored = parseStoredGuestAgreement(parseJson(text));
  if (stored === null) {
    removeQuietly(storage);
    return undefined;
  }
  const { contract, contractNames, isContractEdited, selectedCategory, pdfFileInfo } = stored;
  return {
    ...initialAgreementState,
    isSubscriber: false,
    contract,
    contractNames,
    isContractEdited,
    selectedContract: contract._id,
    selectedCategory,
    pdfFileInfo,
  };
}

/**
 * Writes (or removes) the guest agreement for a state.
 * Never throws: a full or blocked storage only means edits do not survive a reload.
 */
export function writeGuestAgreement(storage: KeyValueStorage, state: AgreementState): void {
  const stored = toStoredGuestAgreement(state);
  try {
    if (stored === null) storage.removeItem(GUEST_AGREEMENT_STORAGE_KEY);
    else storage.setItem(GUEST_AGREEMENT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Quota exceeded or storage disabled: the agreement still lives in memory for this visit.
  }
}

/**
 * Watches a store and writes the agreement area after changes, at most once per `delayMs`
 * (trailing), and at once when the page is hidden or closed so no edit is lost.
 *
 * @param subscribe the store's `subscribe`.
 * @param getAgreement reads the current agreement state.
 * @returns a function that stops watching (and writes any pending change).
 */
export function startGuestPersistence(
  storage: KeyValueStorage,
  subscribe: (listener: () => void) => () => void,
  getAgreement: () => AgreementState,
  delayMs: number = GUEST_PERSIST_DELAY_MS,
): () => void {
  let lastWritten = getAgreement();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const current = getAgreement();
    if (current === lastWritten) return;
    lastWritten = current;
    writeGuestAgreement(storage, current);
  };
  const unsubscribe = subscribe(() => {
    if (getAgreement() === lastWritten || timer !== undefined) return;
    timer = setTimeout(flush, delayMs);
  });
  const target = typeof window === 'undefined' ? undefined : window;
  target?.addEventListener('pagehide', flush);
  return () => {
    unsubscribe();
    target?.removeEventListener('pagehide', flush);
    flush();
  };
}

/** The browser's localStorage, or null where there is none (Node tests, blocked storage). */
export function getBrowserStorage(): KeyValueStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function removeQuietly(storage: KeyValueStorage): void {
  try {
    storage.removeItem(GUEST_AGREEMENT_STORAGE_KEY);
  } catch {
    // Nothing more to do: the entry will be ignored again next time.
  }
}
