/**
 * Agreement state (docs/product.md §3 "Agreement state") and its transitions (docs/product.md §4):
 * the state that is the browser's own (ADR 152): the editor's draft of the loaded agreement, its
 * edited flag and undo history, the open category, the last PDF, and the trial's agreement names
 * (the trial lives in the browser). A subscriber's agreement names and the templates are server
 * data: RTK Query holds them (agreement-api.ts), and this slice only follows their transitions
 * (a rename or a template load empties the loaded agreement, docs/product.md §4).
 *
 * The reducers only route actions to the pure editing rules of `@bpa/domain/editing`; the rules
 * themselves (locked subjects, placeholders, "selecting an option selects its subject") live there.
 * New ids for user-added subjects and options are made in the action creators (`prepare`), so the
 * reducers stay pure and replayable (docs/product.md §D4: "New ids are generated client-side").
 */
import { type Draft, type PayloadAction, createSlice, isAnyOf, isDraft, nanoid, original } from '@reduxjs/toolkit';
import type { Contract, ContractDocument, ContractName } from '@bpa/domain/contract';
import type { PdfFileInfo } from '@bpa/domain/api';
import {
  isTrialCategory,
  renameOption,
  renameSubject,
  clearAllInCategory,
  selectAllInCategory,
  setCategoryNote,
  setSubjectNote,
  toggleOption,
  toggleSubject,
} from '@bpa/domain/editing';
import { agreementApi } from './agreement-api';

/** The agreement area of the store (docs/product.md §3). */
export interface AgreementState {
  /** True when the loaded agreement belongs to a logged-in subscriber (false for the trial). */
  isSubscriber: boolean;
  /** True once the loaded agreement has changes (docs/product.md §4); a guest's edits are never saved to the server. */
  isContractEdited: boolean;
  /** The trial's agreements on the guest dashboard (a subscriber's come from `useGetSubscriberContractNamesQuery`). */
  contractNames: ContractName[];
  /** The loaded agreement, or null ("Agreement is not Loaded"). */
  contract: Contract | null;
  /** Id of the agreement chosen on the dashboard, or null. */
  selectedContract: string | null;
  /** Index of the open category in `contract.categories`, -1 for none (docs/product.md §3). */
  selectedCategory: number;
  /** Where the last produced PDF can be fetched, or null. */
  pdfFileInfo: PdfFileInfo | null;
  /**
   * Undo and Redo of the loaded agreement's edits (docs/product.md §15): the document before each edit
   * (`past`, newest last) and the ones undone (`future`, next redo last); at most UNDO_STEPS each.
   * Emptied when another agreement is loaded. Documents share their unchanged categories, so a
   * step costs only what it changed.
   */
  history: { past: ContractDocument[]; future: ContractDocument[] };
  /**
   * The agreement's name as last loaded or saved: after a save conflict, "Keep editing" takes a
   * name given elsewhere when the user has not changed the name here (docs/product.md §15).
   */
  baseContractName: string | null;
  /**
   * The subscriber's agreement as the server stores it at `revision` (as loaded, or as last saved
   * when the server stored exactly what was sent), so a save can send only what changed since
   * (ADR 181; document-changes.ts). Null when not known: the next save sends the whole agreement.
   */
  savedDocument: { revision: number; document: ContractDocument } | null;
}

/** How many edits Undo can take back (docs/product.md §15). */
export const UNDO_STEPS = 100;

/** The empty agreement state (docs/product.md §4: "Clearing or logout empties everything"). */
export const initialAgreementState: AgreementState = {
  isSubscriber: false,
  isContractEdited: false,
  contractNames: [],
  contract: null,
  selectedContract: null,
  selectedCategory: -1,
  pdfFileInfo: null,
  history: { past: [], future: [] },
  baseContractName: null,
  savedDocument: null,
};

/** How many fresh ids one rename may need (a user-added row, its placeholder option, a new placeholder). */
const IDS_PER_RENAME = 4;

/** Makes a list of fresh ids for a rename; `crypto.randomUUID` where available (docs/product.md §D4). */
function makeIds(): string[] {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  return Array.from({ length: IDS_PER_RENAME }, () => (cryptoApi?.randomUUID ? cryptoApi.randomUUID() : nanoid()));
}

/** Turns a list of prepared ids into the `newId` function the domain expects. */
function takeIds(ids: readonly string[]): () => string {
  let next = 0;
  return () => ids[next++] ?? nanoid();
}

/**
 * Applies one pure edit to the loaded agreement. The edit receives the un-drafted agreement (Immer's
 * original: nothing has changed it yet in this reducer), so the domain's "same object when nothing
 * changes" can be checked by reference and untouched categories are shared, not copied; only a real
 * change marks the agreement edited. Guests may edit only the trial categories (docs/product.md §D4), whatever the UI does.
 */
function applyEdit(state: AgreementState, categoryId: string, edit: (doc: Contract) => ContractDocument): void {
  const contract = state.contract;
  if (!contract) return;
  const category = contract.categories.find((c) => c._id === categoryId);
  if (!category || (!state.isSubscriber && !isTrialCategory(category))) return;
  const base = isDraft(contract) ? (original(contract) as Contract) : contract;
  const next = edit(base);
  if (next === base) return;
  rememberForUndo(state, base);
  state.contract = { ...base, contractName: next.contractName, categories: next.categories };
  state.isContractEdited = true;
}

/** The document of an agreement (what Undo keeps): name, categories and player names. */
function documentOf(contract: ContractDocument): ContractDocument {
  return { contractName: contract.contractName, categories: contract.categories, playerNames: contract.playerNames };
}

/** Keeps the document before an edit for Undo; a new edit ends what could be redone. */
function rememberForUndo(state: AgreementState, before: ContractDocument): void {
  const past = state.history.past;
  past.push(documentOf(before));
  if (past.length > UNDO_STEPS) past.splice(0, past.length - UNDO_STEPS);
  state.history.future = [];
}

/** Moves the loaded agreement one step through its history (`from` to `to`): Undo or Redo. */
function stepThroughHistory(state: AgreementState, direction: 'undo' | 'redo'): void {
  const contract = state.contract;
  const source = direction === 'undo' ? state.history.past : state.history.future;
  const target = direction === 'undo' ? state.history.future : state.history.past;
  const document = source.pop();
  if (!contract || !document) return;
  const current = isDraft(contract) ? (original(contract) as Contract) : contract;
  target.push(documentOf(current));
  state.contract = { ...current, contractName: document.contractName, categories: document.categories, playerNames: document.playerNames };
  // Back at the saved agreement (every edit undone): nothing is unsaved any more. Documents share
  // their unchanged parts, so the saved one is recognised by its parts' identity.
  const saved = state.savedDocument ? undrafted(state.savedDocument).document : undefined;
  const shown = undrafted(document);
  state.isContractEdited = !(
    saved !== undefined &&
    undrafted(saved.categories) === undrafted(shown.categories) &&
    saved.contractName === shown.contractName &&
    undrafted(saved.playerNames) === undrafted(shown.playerNames)
  );
}

/** The value behind an Immer draft (or the value itself). */
function undrafted<T>(value: T): T {
  return isDraft(value) ? (original(value as Draft<T>) as T) : value;
}

/** Unloads the agreement and everything that belongs to it (its selection, open category, PDF, edited flag). */
function emptyLoadedAgreement(state: AgreementState): void {
  state.contract = null;
  state.history = { past: [], future: [] };
  state.selectedContract = null;
  state.selectedCategory = -1;
  state.isContractEdited = false;
  state.pdfFileInfo = null;
  state.savedDocument = null;
}

const agreementSlice = createSlice({
  name: 'agreement',
  initialState: initialAgreementState,
  reducers: {
    /**
     * docs/product.md §4: "Loading an agreement sets the contract, selects its id, clears the edited flag,
     * resets category to none, records the subscriber flag (guest load: false)".
     */
    agreementLoaded(state, action: PayloadAction<{ contract: Contract; isSubscriber: boolean }>) {
      const { contract, isSubscriber } = action.payload;
      state.contract = contract;
      state.history = { past: [], future: [] };
      state.baseContractName = contract.contractName;
      state.savedDocument = isSubscriber ? { revision: contract.revision, document: contract } : null;
      state.selectedContract = contract._id;
      state.isContractEdited = false;
      state.selectedCategory = -1;
      state.isSubscriber = isSubscriber;
      state.pdfFileInfo = null;
    },
    /**
     * The trial's names (docs/product.md §4: "Loading names sets contractNames"; a subscriber's names
     * are RTK Query's, with their count).
     *
     * Switching between the guest and the subscriber kinds (the trial after signing out) also
     * drops a loaded agreement of the other kind: a subscriber's agreement must not be shown or
     * edited in the trial.
     */
    guestContractNamesLoaded(state, action: PayloadAction<ContractName[]>) {
      if (state.isSubscriber) emptyLoadedAgreement(state);
      state.contractNames = action.payload;
      state.isSubscriber = false;
    },
    /** Picks the agreement a dashboard action applies to. */
    agreementSelected(state, action: PayloadAction<string | null>) {
      state.selectedContract = action.payload;
    },
    /** Opens a category (index into the agreement's categories; -1 for none). Guests open only the trial ones. */
    categorySelected(state, action: PayloadAction<number>) {
      const index = action.payload;
      if (index === -1) {
        state.selectedCategory = -1;
        return;
      }
      const category = state.contract?.categories[index];
      if (!category || (!state.isSubscriber && !isTrialCategory(category))) return;
      state.selectedCategory = index;
    },
    /** docs/product.md §4: toggling a subject flips isSelected and marks the agreement edited (locked: no change). */
    subjectToggled(state, action: PayloadAction<{ categoryId: string; subjectId: string }>) {
      const { categoryId, subjectId } = action.payload;
      applyEdit(state, categoryId, (doc) => toggleSubject(doc, categoryId, subjectId));
    },
    /** docs/product.md §4: toggling an option; selecting an option selects its subject. */
    optionToggled(state, action: PayloadAction<{ categoryId: string; subjectId: string; optionId: string }>) {
      const { categoryId, subjectId, optionId } = action.payload;
      applyEdit(state, categoryId, (doc) => toggleOption(doc, categoryId, subjectId, optionId));
    },
    /** docs/product.md §4: "select all selects everything" in the category. */
    allSelectedInCategory(state, action: PayloadAction<{ categoryId: string }>) {
      const { categoryId } = action.payload;
      applyEdit(state, categoryId, (doc) => selectAllInCategory(doc, categoryId));
    },
    /** Clear all: unticks every subject and option of the category (docs/product.md §15). */
    allClearedInCategory(state, action: PayloadAction<{ categoryId: string }>) {
      const { categoryId } = action.payload;
      applyEdit(state, categoryId, (doc) => clearAllInCategory(doc, categoryId));
    },
    /** Undo: the agreement as it was before the last edit (ticks, Select All, Clear all, names). */
    editUndone(state) {
      stepThroughHistory(state, 'undo');
    },
    /** Redo: the edit Undo took back. */
    editRedone(state) {
      stepThroughHistory(state, 'redo');
    },
    /**
     * docs/product.md §4: saving a subject's name edit (placeholder rows become user-added subjects).
     * `name` is colour markup; guests' edits stay in the browser.
     */
    subjectRenamed: {
      reducer(state, action: PayloadAction<{ categoryId: string; subjectId: string; name: string; newIds: string[] }>) {
        const { categoryId, subjectId, name, newIds } = action.payload;
        applyEdit(state, categoryId, (doc) => renameSubject(doc, categoryId, subjectId, name, takeIds(newIds)));
      },
      prepare(payload: { categoryId: string; subjectId: string; name: string }) {
        return { payload: { ...payload, newIds: makeIds() } };
      },
    },
    /** docs/product.md §4: saving an option's name edit (placeholder rows become user-added options). */
    optionRenamed: {
      reducer(state, action: PayloadAction<{ categoryId: string; subjectId: string; optionId: string; name: string; newIds: string[] }>) {
        const { categoryId, subjectId, optionId, name, newIds } = action.payload;
        applyEdit(state, categoryId, (doc) => renameOption(doc, categoryId, subjectId, optionId, name, takeIds(newIds)));
      },
      prepare(payload: { categoryId: string; subjectId: string; optionId: string; name: string }) {
        return { payload: { ...payload, newIds: makeIds() } };
      },
    },
    /**
     * Renames an agreement in the dashboard list and, when it is the loaded one, the agreement
     * itself (docs/product.md §4: "Contract names edit inline with cancel. Guests' name edits stay local").
     * A guest's rename marks the agreement edited so that /guest/home does not reload it over the change.
     */
    /** Writes, changes or removes ('') a subject's note (domain editing.ts `setSubjectNote`); undoable. */
    subjectNoteSet(state, action: PayloadAction<{ categoryId: string; subjectId: string; note: string }>) {
      const { categoryId, subjectId, note } = action.payload;
      applyEdit(state, categoryId, (doc) => setSubjectNote(doc, categoryId, subjectId, note));
    },
    /** Writes, changes or removes ('') a category's note (domain editing.ts `setCategoryNote`); undoable. */
    categoryNoteSet(state, action: PayloadAction<{ categoryId: string; note: string }>) {
      const { categoryId, note } = action.payload;
      applyEdit(state, categoryId, (doc) => setCategoryNote(doc, categoryId, note));
    },
    agreementRenamed(state, action: PayloadAction<{ id: string; contractName: string }>) {
      const { id, contractName } = action.payload;
      const row = state.contractNames.find((c) => c._id === id);
      if (row) row.contractName = contractName;
      if (state.contract?._id === id && state.contract.contractName !== contractName) {
        const before = original(state.contract) as Contract;
        rememberForUndo(state, before);
        state.contract.contractName = contractName;
        state.isContractEdited = true;
      }
    },
    /**
     * The two partners' names of the loaded agreement (docs/product.md §11), an edit Undo can take back;
     * both empty removes them.
     */
    playerNamesChanged(state, action: PayloadAction<{ id: string; playerNames: [string, string] }>) {
      const contract = state.contract;
      if (contract?._id !== action.payload.id) return;
      const next = action.payload.playerNames.map((name) => name.trim()) as [string, string];
      const current = contract.playerNames ?? ['', ''];
      if (current[0] === next[0] && current[1] === next[1]) return;
      rememberForUndo(state, original(contract) as Contract);
      contract.playerNames = next[0] === '' && next[1] === '' ? undefined : next;
      state.isContractEdited = true;
    },
    /**
     * docs/product.md §4: "Saving clears the edited flag". `saved` is the document that was sent; edits made
     * while the save was on its way are not in it, so the flag is cleared only when the agreement on
     * screen is still that document (same categories by reference, same name): otherwise the newer
     * edits stay marked unsaved and the leave warning keeps guarding them. The new `revision`
     * (docs/product.md §D7) is taken either way, since the stored agreement moved on. A save answer for an
     * agreement that is no longer loaded only renames its dashboard row.
     */
    agreementSaved(state, action: PayloadAction<{ id: string; revision: number; saved: ContractDocument; isStoredAsSent?: boolean }>) {
      const { id, revision, saved, isStoredAsSent = true } = action.payload;
      const contract = state.contract;
      if (contract?._id !== id) return;
      const current = isDraft(contract) ? (original(contract) as Contract) : contract;
      contract.revision = revision;
      state.baseContractName = saved.contractName;
      // A merged save stored more than was sent: what the server holds is not known here.
      state.savedDocument = isStoredAsSent ? { revision, document: saved } : null;
      if (current.categories === saved.categories && current.contractName === saved.contractName && current.playerNames === saved.playerNames) {
        state.isContractEdited = false;
      }
    },
    /**
     * After a stale save (409) the user chose to keep editing: the unsaved edits stay, and the
     * agreement takes the stored revision so that their next Save replaces the version saved
     * elsewhere (docs/product.md §D7 keeps that version as a revision row, so nothing is lost on the server).
     * Given the stored version's name, the agreement takes it when its own name is still the one it
     * was loaded with: "Keep editing" no longer undoes a rename made in another tab (docs/product.md §15).
     */
    agreementRebased(state, action: PayloadAction<{ id: string; revision: number; contractName?: string }>) {
      const { id, revision, contractName } = action.payload;
      const contract = state.contract;
      if (contract?._id !== id) return;
      contract.revision = revision;
      state.savedDocument = null;
      if (contractName === undefined) return;
      // A rename made elsewhere is kept unless the agreement was renamed here too (docs/product.md §15).
      if (contract.contractName === state.baseContractName) contract.contractName = contractName;
      state.baseContractName = contractName;
    },
    /**
     * A partner's new version arrived while this agreement is open (docs/sharing.md §13): the
     * editor shows `merged` (their version with this user's unsaved edits on top, or their version
     * itself when there were none), at their revision, and the next save sends only what differs
     * from their version. `isEdited`: `merged` differs from `stored` (unsaved edits remain); Undo starts afresh, since its steps
     * would take back the partner's changes with this user's. The open category stays open.
     */
    partnerVersionArrived(state, action: PayloadAction<{ stored: Contract; merged: ContractDocument; isEdited: boolean }>) {
      const { stored, merged, isEdited } = action.payload;
      const contract = state.contract;
      if (contract?._id !== stored._id) return;
      state.contract = { ...stored, ...merged, _id: stored._id, revision: stored.revision };
      state.history = { past: [], future: [] };
      state.savedDocument = { revision: stored.revision, document: stored };
      state.baseContractName = stored.contractName;
      state.isContractEdited = isEdited;
    },
    /** Stores where the produced PDF is, for the viewer pages. */
    pdfFileInfoSet(state, action: PayloadAction<PdfFileInfo | null>) {
      state.pdfFileInfo = action.payload;
    },
    /** docs/product.md §4: "Clearing or logout empties everything". */
    clearAgreement() {
      return initialAgreementState;
    },
    /**
     * The leave warning's OK ("Press OK to proceed without saving changes", docs/product.md §2): the unsaved
     * edits are dropped with the loaded agreement, so the next Edit Agreement loads the saved one
     * (docs/product.md §15: OK used to keep them as a draft that came back on the same agreement only).
     */
    editsDiscarded(state) {
      emptyLoadedAgreement(state);
    },
  },
  extraReducers: (builder) => {
    // docs/product.md §4: "Saving a name or resetting empties the current contract and sets names"
    // (the names are set in RTK Query's cache by the two mutations, agreement-api.ts).
    builder.addMatcher(
      isAnyOf(agreementApi.endpoints.renameSubscriberContract.matchFulfilled, agreementApi.endpoints.resetSubscriberContract.matchFulfilled),
      (state) => {
        emptyLoadedAgreement(state);
        state.isSubscriber = true;
      },
    );
    // An import replaced the stored agreement (docs/product.md §12): the copy the editor holds is the erased
    // one, so Edit Agreement loads the imported one and no save of the old copy is merged into it.
    builder.addMatcher(agreementApi.endpoints.importAgreement.matchFulfilled, (state, action) => {
      if (state.contract?._id === action.meta.arg.originalArgs.id) emptyLoadedAgreement(state);
    });
  },
});

export const {
  agreementLoaded,
  guestContractNamesLoaded,
  agreementSelected,
  categorySelected,
  subjectToggled,
  optionToggled,
  allSelectedInCategory,
  allClearedInCategory,
  editUndone,
  editRedone,
  subjectRenamed,
  optionRenamed,
  subjectNoteSet,
  categoryNoteSet,
  agreementRenamed,
  playerNamesChanged,
  agreementSaved,
  agreementRebased,
  partnerVersionArrived,
  pdfFileInfoSet,
  clearAgreement,
  editsDiscarded,
} = agreementSlice.actions;

/** The agreement reducer, mounted at `agreement` by `app/store.ts`. */
export const agreementReducer = agreementSlice.reducer;

/** Any state that holds the agreement area (the app's RootState does). */
interface WithAgreement {
  agreement: AgreementState;
}

export const selectAgreementState = (state: WithAgreement): AgreementState => state.agreement;
export const selectAgreement = (state: WithAgreement): Contract | null => state.agreement.contract;
export const selectPdfFileInfo = (state: WithAgreement): PdfFileInfo | null => state.agreement.pdfFileInfo;
export const selectIsSubscriber = (state: WithAgreement): boolean => state.agreement.isSubscriber;
export const selectIsAgreementEdited = (state: WithAgreement): boolean => state.agreement.isContractEdited;
export const selectAgreementNames = (state: WithAgreement): ContractName[] => state.agreement.contractNames;
export const selectSelectedAgreement = (state: WithAgreement): string | null => state.agreement.selectedContract;
export const selectSelectedCategoryIndex = (state: WithAgreement): number => state.agreement.selectedCategory;
/** True when Undo has an edit to take back (docs/product.md §15). */
export const selectCanUndo = (state: WithAgreement): boolean => state.agreement.history.past.length > 0;
/** True when Redo has an undone edit to bring back. */
export const selectCanRedo = (state: WithAgreement): boolean => state.agreement.history.future.length > 0;
