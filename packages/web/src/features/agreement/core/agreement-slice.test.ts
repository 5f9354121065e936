import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MakePdfRequestSchema } from '@bpa/domain/api';
import { SaveContractRequestSchema } from '@bpa/domain/api-contracts';
import { USER_ADDED_LABEL } from '@bpa/domain/constants';
import { displayName, isPlaceholderName } from '@bpa/domain/contract';
import { makeStore } from '../../../app/store';
import {
  agreementLoaded,
  agreementRebased,
  partnerVersionArrived,
  agreementRenamed,
  agreementSaved,
  allClearedInCategory,
  allSelectedInCategory,
  categorySelected,
  selectSelectedCategoryIndex,
  clearAgreement,
  guestContractNamesLoaded,
  playerNamesChanged,
  editRedone,
  editUndone,
  initialAgreementState,
  optionRenamed,
  optionToggled,
  pdfFileInfoSet,
  selectCanRedo,
  selectCanUndo,
  selectAgreement,
  selectAgreementNames,
  selectIsAgreementEdited,
  selectIsSubscriber,
  selectPdfFileInfo,
  subjectRenamed,
  subjectToggled,
} from './agreement-slice';
import { isStaleRevisionError, toSaveContractRequest } from './agreement-api';
import { toMakePdfRequest } from './agreement-api';
import { GUEST_AGREEMENT_STORAGE_KEY, GUEST_PERSIST_DELAY_MS, type KeyValueStorage } from './guest-persistence';
import { OVERCALLS_INDEX, makeTestAgreement } from './test-agreement';

/** The browser's localStorage, in memory; counts writes to check the throttle. */
class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  writes = 0;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.writes += 1;
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** A store with the guest agreement loaded, as /guest/home leaves it. */
function loadedGuestStore(storage: KeyValueStorage | null = null) {
  const store = makeStore({ storage });
  const contract = makeTestAgreement();
  store.dispatch(guestContractNamesLoaded([{ _id: contract._id, contractName: contract.contractName }]));
  store.dispatch(agreementLoaded({ contract, isSubscriber: false }));
  return store;
}

function overcalls(store: ReturnType<typeof makeStore>) {
  const category = selectAgreement(store.getState())?.categories[OVERCALLS_INDEX];
  if (!category) throw new Error('Overcalls is missing from the test agreement');
  return category;
}

function subjectNamed(store: ReturnType<typeof makeStore>, name: string) {
  const subject = overcalls(store).subjects.find((s) => displayName(s) === name);
  if (!subject) throw new Error(`No subject ${name}`);
  return subject;
}

describe('loading an agreement (docs/product.md §4)', () => {
  it('sets the contract, selects its id, clears the edited flag, resets the category and records a guest', () => {
    const store = makeStore({ storage: null });
    const first = makeTestAgreement();
    store.dispatch(agreementLoaded({ contract: first, isSubscriber: true }));
    store.dispatch(categorySelected(OVERCALLS_INDEX));
    const subject = first.categories[OVERCALLS_INDEX]?.subjects[0];
    store.dispatch(subjectToggled({ categoryId: first.categories[OVERCALLS_INDEX]?._id ?? '', subjectId: subject?._id ?? '' }));
    expect(selectIsAgreementEdited(store.getState())).toBe(true);

    const second = { ...makeTestAgreement(), _id: 'second' };
    store.dispatch(agreementLoaded({ contract: second, isSubscriber: false }));
    const state = store.getState().agreement;
    expect(state.contract).toEqual(second);
    expect(state.selectedContract).toBe('second');
    expect(state.isContractEdited).toBe(false);
    expect(state.selectedCategory).toBe(-1);
    expect(selectIsSubscriber(store.getState())).toBe(false);
  });

  it('sets the trial names from the names payload', () => {
    const store = makeStore({ storage: null });
    store.dispatch(guestContractNamesLoaded([{ _id: 'a', contractName: 'Trial' }]));
    expect(selectAgreementNames(store.getState()).map((c) => c.contractName)).toEqual(['Trial']);
    expect(selectIsSubscriber(store.getState())).toBe(false);
  });
});

describe('editing (docs/product.md §4)', () => {
  it('toggles a subject and marks the agreement edited', () => {
    const store = loadedGuestStore();
    const subject = subjectNamed(store, '1-level overcall range');
    store.dispatch(subjectToggled({ categoryId: overcalls(store)._id, subjectId: subject._id }));
    expect(subjectNamed(store, '1-level overcall range').isSelected).toBe(true);
    expect(selectIsAgreementEdited(store.getState())).toBe(true);
  });

  it('leaves a locked subject and the edited flag alone', () => {
    const store = loadedGuestStore();
    const locked = subjectNamed(store, 'Always alert');
    const before = selectAgreement(store.getState());
    store.dispatch(subjectToggled({ categoryId: overcalls(store)._id, subjectId: locked._id }));
    store.dispatch(subjectRenamed({ categoryId: overcalls(store)._id, subjectId: locked._id, name: 'Changed' }));
    expect(selectAgreement(store.getState())).toBe(before);
    expect(selectIsAgreementEdited(store.getState())).toBe(false);
  });

  it('selects the subject when one of its options is ticked', () => {
    const store = loadedGuestStore();
    const subject = subjectNamed(store, 'Jump overcalls');
    const option = subject.options[0];
    store.dispatch(optionToggled({ categoryId: overcalls(store)._id, subjectId: subject._id, optionId: option?._id ?? '' }));
    const after = subjectNamed(store, 'Jump overcalls');
    expect(after.isSelected).toBe(true);
    expect(after.options[0]?.isSelected).toBe(true);
  });

  it('selects every subject and option of the category with Select All', () => {
    const store = loadedGuestStore();
    store.dispatch(allSelectedInCategory({ categoryId: overcalls(store)._id }));
    const real = overcalls(store).subjects.filter((s) => !isPlaceholderName(s.subjectName) && !s.isLocked);
    expect(real.length).toBeGreaterThan(0);
    for (const subject of real) {
      expect(subject.isSelected).toBe(true);
      expect(subject.options.filter((o) => !isPlaceholderName(o.optionName)).every((o) => o.isSelected)).toBe(true);
    }
  });

  it('does not let a guest edit a category outside the trial (docs/product.md §D4)', () => {
    const store = loadedGuestStore();
    const general = selectAgreement(store.getState())?.categories[0];
    const subject = general?.subjects[0];
    store.dispatch(subjectToggled({ categoryId: general?._id ?? '', subjectId: subject?._id ?? '' }));
    store.dispatch(categorySelected(0));
    expect(selectAgreement(store.getState())?.categories[0]?.subjects[0]?.isSelected).toBe(false);
    expect(store.getState().agreement.selectedCategory).toBe(-1);
    store.dispatch(categorySelected(OVERCALLS_INDEX));
    expect(store.getState().agreement.selectedCategory).toBe(OVERCALLS_INDEX);
  });
});

describe('renaming (docs/product.md §4)', () => {
  it('sets the edited name of a subject, ticks it and marks the agreement edited', () => {
    const store = loadedGuestStore();
    const subject = subjectNamed(store, 'Jump overcalls');
    store.dispatch(subjectRenamed({ categoryId: overcalls(store)._id, subjectId: subject._id, name: '##c2#Weak### jumps' }));
    const after = overcalls(store).subjects.find((s) => s._id === subject._id);
    expect(after?.editedName).toBe('##c2#Weak### jumps');
    expect(after?.isSelected).toBe(true);
    expect(selectIsAgreementEdited(store.getState())).toBe(true);
  });

  it('turns the Add New Subject row into a user-added subject and appends a new placeholder, with fresh unique ids', () => {
    const store = loadedGuestStore();
    const placeholder = overcalls(store).subjects.at(-1);
    expect(placeholder && isPlaceholderName(placeholder.subjectName)).toBe(true);
    store.dispatch(subjectRenamed({ categoryId: overcalls(store)._id, subjectId: placeholder?._id ?? '', name: 'Michaels' }));
    const subjects = overcalls(store).subjects;
    const added = subjects.find((s) => s._id === placeholder?._id);
    expect(added?.subjectName).toBe(USER_ADDED_LABEL);
    expect(added && displayName(added)).toBe('Michaels');
    expect(added?.options.map((o) => isPlaceholderName(o.optionName))).toEqual([true]);
    expect(isPlaceholderName(subjects.at(-1)?.subjectName ?? '')).toBe(true);
    const ids =
      selectAgreement(store.getState())?.categories.flatMap((c) => [c._id, ...c.subjects.flatMap((s) => [s._id, ...s.options.map((o) => o._id)])]) ?? [];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('turns the Add New Option row into a user-added option and appends a new placeholder', () => {
    const store = loadedGuestStore();
    const subject = subjectNamed(store, 'Jump overcalls');
    const placeholder = subject.options.at(-1);
    store.dispatch(optionRenamed({ categoryId: overcalls(store)._id, subjectId: subject._id, optionId: placeholder?._id ?? '', name: 'Intermediate' }));
    const options = subjectNamed(store, 'Jump overcalls').options;
    expect(options.map((o) => (isPlaceholderName(o.optionName) ? '+' : displayName(o)))).toEqual(['Weak', 'Intermediate', '+']);
    expect(options[1]?.isSelected).toBe(true);
  });

  it('renames the agreement on the dashboard and in the loaded agreement, kept as an edit', () => {
    const store = loadedGuestStore();
    store.dispatch(agreementRenamed({ id: 'guest-agreement', contractName: 'With Pat' }));
    expect(selectAgreementNames(store.getState())[0]?.contractName).toBe('With Pat');
    expect(selectAgreement(store.getState())?.contractName).toBe('With Pat');
    expect(selectIsAgreementEdited(store.getState())).toBe(true);
  });
});

describe('clearing (docs/product.md §4: "Clearing or logout empties everything")', () => {
  it('returns to the empty state', () => {
    const store = loadedGuestStore();
    store.dispatch(pdfFileInfoSet({ fileName: 'a.pdf', pathName: 'guest' }));
    expect(selectPdfFileInfo(store.getState())).not.toBeNull();
    store.dispatch(clearAgreement());
    expect(store.getState().agreement).toEqual(initialAgreementState);
  });
});

describe('guest persistence (the trial agreement survives a reload)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the edited guest agreement once per delay and reads it back into a new store', () => {
    const storage = new MemoryStorage();
    const store = loadedGuestStore(storage);
    store.dispatch(categorySelected(OVERCALLS_INDEX));
    const subject = subjectNamed(store, 'Jump overcalls');
    store.dispatch(subjectToggled({ categoryId: overcalls(store)._id, subjectId: subject._id }));
    store.dispatch(subjectRenamed({ categoryId: overcalls(store)._id, subjectId: subject._id, name: '##c4#Weak###' }));
    expect(storage.writes).toBe(0);
    vi.advanceTimersByTime(GUEST_PERSIST_DELAY_MS);
    expect(storage.writes).toBe(1);

    const reloaded = makeStore({ storage });
    const { agreement } = reloaded.getState();
    expect(agreement.contract).toEqual(store.getState().agreement.contract);
    expect(agreement.isContractEdited).toBe(true);
    expect(agreement.isSubscriber).toBe(false);
    expect(agreement.selectedContract).toBe('guest-agreement');
    expect(agreement.selectedCategory).toBe(OVERCALLS_INDEX);
    expect(agreement.contractNames).toEqual(store.getState().agreement.contractNames);
  });

  it('removes the stored agreement when it is cleared', () => {
    const storage = new MemoryStorage();
    const store = loadedGuestStore(storage);
    vi.advanceTimersByTime(GUEST_PERSIST_DELAY_MS);
    expect(storage.items.has(GUEST_AGREEMENT_STORAGE_KEY)).toBe(true);
    store.dispatch(clearAgreement());
    vi.advanceTimersByTime(GUEST_PERSIST_DELAY_MS);
    expect(storage.items.has(GUEST_AGREEMENT_STORAGE_KEY)).toBe(false);
    expect(makeStore({ storage }).getState().agreement).toEqual(initialAgreementState);
  });

  it('never stores a subscriber agreement', () => {
    const storage = new MemoryStorage();
    const store = makeStore({ storage });
    store.dispatch(agreementLoaded({ contract: makeTestAgreement(), isSubscriber: true }));
    vi.advanceTimersByTime(GUEST_PERSIST_DELAY_MS);
    expect(storage.items.has(GUEST_AGREEMENT_STORAGE_KEY)).toBe(false);
  });

  it.each([
    ['not JSON', '{'],
    [
      'not an agreement',
      JSON.stringify({ contract: { contractName: 'x', categories: [] }, contractNames: [], isContractEdited: true, selectedCategory: -1, pdfFileInfo: null }),
    ],
    [
      'a category index out of range',
      JSON.stringify({ contract: makeTestAgreement(), contractNames: [], isContractEdited: true, selectedCategory: 13, pdfFileInfo: null }),
    ],
    [
      'a tampered PDF path',
      JSON.stringify({
        contract: makeTestAgreement(),
        contractNames: [],
        isContractEdited: true,
        selectedCategory: -1,
        pdfFileInfo: { fileName: 'a.pdf', pathName: '../x' },
      }),
    ],
  ])('drops a stored entry that is %s', (_, text) => {
    const storage = new MemoryStorage();
    storage.items.set(GUEST_AGREEMENT_STORAGE_KEY, text);
    expect(makeStore({ storage }).getState().agreement).toEqual(initialAgreementState);
    expect(storage.items.has(GUEST_AGREEMENT_STORAGE_KEY)).toBe(false);
  });
});

describe('Make PDF request (docs/product.md §7)', () => {
  it('sends the edited document and the guest flag in the shape the server validates, without id or revision', () => {
    const store = loadedGuestStore();
    const subject = subjectNamed(store, 'Jump overcalls');
    store.dispatch(subjectRenamed({ categoryId: overcalls(store)._id, subjectId: subject._id, name: '##c5#Weak###' }));
    const contract = selectAgreement(store.getState());
    if (!contract) throw new Error('no agreement loaded');
    const parsed = MakePdfRequestSchema.parse(toMakePdfRequest(contract, false));
    expect(parsed.isSubscriber).toBe(false);
    expect(parsed.contract._id).toBeUndefined();
    expect(parsed.contract.categories[OVERCALLS_INDEX]?.subjects.find((s) => s._id === subject._id)?.editedName).toBe('##c5#Weak###');
  });
});

/** A store with a subscriber's agreement loaded from the dashboard, as /my/home leaves it. */
function loadedSubscriberStore() {
  const store = makeStore({ storage: null });
  const contract = { ...makeTestAgreement(), _id: 'partner-1', contractName: 'Partner 1', revision: 3 };
  store.dispatch(agreementLoaded({ contract, isSubscriber: true }));
  return store;
}

/** Ticks the first subject of General Approach (a category outside the trial: subscribers edit all 13). */
function tickFirstSubject(store: ReturnType<typeof makeStore>) {
  const general = selectAgreement(store.getState())?.categories[0];
  const subject = general?.subjects[0];
  if (!general || !subject) throw new Error('General Approach has no subject');
  store.dispatch(subjectToggled({ categoryId: general._id, subjectId: subject._id }));
}

describe('player names (docs/product.md §11)', () => {
  it('sets the names as one edit Undo takes back, and removes them when both are empty', () => {
    const store = loadedSubscriberStore();
    store.dispatch(playerNamesChanged({ id: 'partner-1', playerNames: [' Anna ', 'Bob'] }));
    expect(selectAgreement(store.getState())?.playerNames).toEqual(['Anna', 'Bob']);
    expect(selectIsAgreementEdited(store.getState())).toBe(true);
    store.dispatch(playerNamesChanged({ id: 'partner-1', playerNames: ['Anna', 'Bob'] }));
    expect(store.getState().agreement.history.past).toHaveLength(1);
    store.dispatch(editUndone());
    expect(selectAgreement(store.getState())?.playerNames).toBeUndefined();
    store.dispatch(editRedone());
    store.dispatch(playerNamesChanged({ id: 'partner-1', playerNames: ['', ' '] }));
    expect(selectAgreement(store.getState())?.playerNames).toBeUndefined();
    store.dispatch(playerNamesChanged({ id: 'other', playerNames: ['X', 'Y'] }));
    expect(selectAgreement(store.getState())?.playerNames).toBeUndefined();
  });
});

describe('subscriber workspace (docs/product.md §4)', () => {
  it('loads a subscriber agreement with the subscriber flag, and lets every category be edited', () => {
    const store = loadedSubscriberStore();
    const state = store.getState().agreement;
    expect(state.isSubscriber).toBe(true);
    expect(state.selectedContract).toBe('partner-1');
    expect(state.isContractEdited).toBe(false);
    expect(state.selectedCategory).toBe(-1);
    store.dispatch(categorySelected(0));
    tickFirstSubject(store);
    expect(store.getState().agreement.selectedCategory).toBe(0);
    expect(selectAgreement(store.getState())?.categories[0]?.subjects[0]?.isSelected).toBe(true);
    expect(selectIsAgreementEdited(store.getState())).toBe(true);
  });

  it('drops a subscriber agreement when the trial names load', () => {
    const subscriber = loadedSubscriberStore();
    subscriber.dispatch(guestContractNamesLoaded([{ _id: 'guest-agreement', contractName: 'Trial' }]));
    expect(selectAgreement(subscriber.getState())).toBeNull();
    expect(selectIsSubscriber(subscriber.getState())).toBe(false);
  });

  it('clears the edited flag and takes the new revision when what was sent is still on screen', () => {
    const store = loadedSubscriberStore();
    tickFirstSubject(store);
    const sent = selectAgreement(store.getState());
    if (!sent) throw new Error('no agreement loaded');
    store.dispatch(agreementSaved({ id: sent._id, revision: 4, saved: sent }));
    expect(selectIsAgreementEdited(store.getState())).toBe(false);
    expect(selectAgreement(store.getState())?.revision).toBe(4);
    expect(selectAgreement(store.getState())?.categories).toBe(sent.categories);
  });

  it('keeps edits made while the save travelled marked unsaved, but takes the new revision', () => {
    const store = loadedSubscriberStore();
    tickFirstSubject(store);
    const sent = selectAgreement(store.getState());
    if (!sent) throw new Error('no agreement loaded');
    // A second edit lands before the answer of the save.
    tickFirstSubject(store);
    store.dispatch(agreementSaved({ id: sent._id, revision: 4, saved: sent }));
    expect(selectIsAgreementEdited(store.getState())).toBe(true);
    expect(selectAgreement(store.getState())?.revision).toBe(4);
    expect(selectAgreement(store.getState())?.categories[0]?.subjects[0]?.isSelected).toBe(false);
  });

  it('knows the version the server stores, for saves of only what changed (ADR 181): loaded, saved as sent, unknown after a merge or keep editing', () => {
    const store = loadedSubscriberStore();
    const loaded = selectAgreement(store.getState());
    if (!loaded) throw new Error('no agreement loaded');
    expect(store.getState().agreement.savedDocument).toEqual({ revision: loaded.revision, document: loaded });
    tickFirstSubject(store);
    const sent = selectAgreement(store.getState())!;
    store.dispatch(agreementSaved({ id: sent._id, revision: 4, saved: sent }));
    expect(store.getState().agreement.savedDocument).toEqual({ revision: 4, document: sent });
    store.dispatch(agreementSaved({ id: sent._id, revision: 5, saved: sent, isStoredAsSent: false }));
    expect(store.getState().agreement.savedDocument).toBeNull();
    store.dispatch(agreementLoaded({ contract: loaded, isSubscriber: true }));
    store.dispatch(agreementRebased({ id: loaded._id, revision: 7 }));
    expect(store.getState().agreement.savedDocument).toBeNull();
    store.dispatch(agreementLoaded({ contract: loaded, isSubscriber: false }));
    expect(store.getState().agreement.savedDocument).toBeNull();
  });

  it('ignores the answer of a save for an agreement no longer loaded', () => {
    const store = loadedSubscriberStore();
    tickFirstSubject(store);
    const loaded = selectAgreement(store.getState());
    if (!loaded) throw new Error('no agreement loaded');
    store.dispatch(agreementSaved({ id: 'partner-2', revision: 9, saved: { contractName: 'Partner Two', categories: loaded.categories } }));
    expect(selectAgreement(store.getState())).toBe(loaded);
    expect(selectIsAgreementEdited(store.getState())).toBe(true);
  });

  it("shows a partner's version that arrived live at its revision, keeps the open category, and starts Undo afresh (docs/sharing.md §13)", () => {
    const store = loadedSubscriberStore();
    store.dispatch(categorySelected(2));
    tickFirstSubject(store);
    const edited = selectAgreement(store.getState())!;
    const stored = { ...edited, contractName: 'Renamed by Bob', revision: 4 };
    store.dispatch(partnerVersionArrived({ stored, merged: { ...edited, contractName: 'Renamed by Bob' }, isEdited: true }));
    const shown = selectAgreement(store.getState())!;
    expect(shown.revision).toBe(4);
    expect(shown.contractName).toBe('Renamed by Bob');
    expect(shown.categories).toBe(edited.categories);
    expect(selectIsAgreementEdited(store.getState())).toBe(true);
    expect(store.getState().agreement.savedDocument).toEqual({ revision: 4, document: stored });
    expect(store.getState().agreement.history.past).toEqual([]);
    expect(selectSelectedCategoryIndex(store.getState())).toBe(2);
    // Nothing left to save once the merged version is the stored one; another agreement's version changes nothing.
    store.dispatch(partnerVersionArrived({ stored: { ...stored, revision: 5 }, merged: stored, isEdited: false }));
    expect(selectIsAgreementEdited(store.getState())).toBe(false);
    store.dispatch(partnerVersionArrived({ stored: { ...stored, _id: 'partner-2', revision: 9 }, merged: stored, isEdited: true }));
    expect(selectAgreement(store.getState())?.revision).toBe(5);
  });

  it('keeps the edits and takes the stored revision when the user keeps editing after a stale save', () => {
    const store = loadedSubscriberStore();
    tickFirstSubject(store);
    const edited = selectAgreement(store.getState());
    store.dispatch(agreementRebased({ id: 'partner-1', revision: 7 }));
    expect(selectAgreement(store.getState())?.revision).toBe(7);
    expect(selectAgreement(store.getState())?.categories).toBe(edited?.categories);
    expect(selectIsAgreementEdited(store.getState())).toBe(true);
    store.dispatch(agreementRebased({ id: 'partner-2', revision: 11 }));
    expect(selectAgreement(store.getState())?.revision).toBe(7);
  });

  it('keeps a rename made elsewhere when the user keeps editing, unless the user renamed it here too (docs/product.md §15)', () => {
    const store = loadedSubscriberStore();
    const id = selectAgreement(store.getState())!._id;
    tickFirstSubject(store);
    store.dispatch(agreementRebased({ id, revision: 3, contractName: 'Renamed in the other tab' }));
    expect(selectAgreement(store.getState())).toMatchObject({ revision: 3, contractName: 'Renamed in the other tab' });
    expect(selectIsAgreementEdited(store.getState())).toBe(true);

    store.dispatch(agreementRenamed({ id, contractName: 'My own name' }));
    store.dispatch(agreementRebased({ id, revision: 4, contractName: 'Renamed again elsewhere' }));
    expect(selectAgreement(store.getState())).toMatchObject({ revision: 4, contractName: 'My own name' });
  });

  it('sends a save as the document plus the revision it was loaded at, in the shape the server validates', () => {
    const store = loadedSubscriberStore();
    tickFirstSubject(store);
    const contract = selectAgreement(store.getState());
    if (!contract) throw new Error('no agreement loaded');
    const body = toSaveContractRequest(contract);
    expect(Object.keys(body).sort()).toEqual(['categories', 'contractName', 'revision']);
    const parsed = SaveContractRequestSchema.parse(body);
    expect(parsed.revision).toBe(3);
    expect(parsed.categories[0]?.subjects[0]?.isSelected).toBe(true);
  });

  it('tells a stale save (409) from other failures', () => {
    expect(isStaleRevisionError({ status: 409, data: { status: 'fail', code: 'save_conflict', message: 'changed elsewhere' } })).toBe(true);
    expect(isStaleRevisionError({ status: 404, data: { status: 'fail', code: 'not_found', message: 'gone' } })).toBe(false);
    expect(isStaleRevisionError({ status: 'FETCH_ERROR', error: 'offline' })).toBe(false);
    expect(isStaleRevisionError(new Error('409'))).toBe(false);
    // A busy agreement (others changed it under every attempt) is not stale: the same save may be sent again.
    expect(isStaleRevisionError({ status: 409, data: { status: 'fail', code: 'agreement_busy', message: 'busy', isBusy: true } })).toBe(false);
  });
});

describe('Undo, Redo and Clear all (docs/product.md §15)', () => {
  /** Ticks of the category's subjects and options that a user may change (a locked subject keeps its tick). */
  const ticks = (store: ReturnType<typeof makeStore>) =>
    overcalls(store)
      .subjects.filter((s) => !s.isLocked)
      .flatMap((s) => [s.isSelected, ...s.options.map((o) => o.isSelected)]);

  it('takes back and brings back every kind of edit: a tick, Select All, Clear all, a name, the agreement name', () => {
    const store = loadedGuestStore();
    const start = selectAgreement(store.getState())!;
    expect(selectCanUndo(store.getState())).toBe(false);
    const categoryId = overcalls(store)._id;
    const subject = overcalls(store).subjects[0]!;
    store.dispatch(subjectToggled({ categoryId, subjectId: subject._id }));
    store.dispatch(allSelectedInCategory({ categoryId }));
    const allTicked = ticks(store);
    store.dispatch(allClearedInCategory({ categoryId }));
    expect(ticks(store).some(Boolean)).toBe(false);
    store.dispatch(subjectRenamed({ categoryId, subjectId: subject._id, name: 'Our ##c2#own### overcalls' }));
    store.dispatch(agreementRenamed({ id: start._id, contractName: 'With Anna' }));
    const end = selectAgreement(store.getState())!;

    for (let i = 0; i < 5; i++) store.dispatch(editUndone());
    expect(selectAgreement(store.getState())!.categories).toBe(start.categories);
    expect(selectAgreement(store.getState())!.contractName).toBe(start.contractName);
    expect(selectCanUndo(store.getState())).toBe(false);
    store.dispatch(editUndone()); // nothing left: no change
    expect(selectAgreement(store.getState())!.categories).toBe(start.categories);

    store.dispatch(editRedone());
    store.dispatch(editRedone());
    expect(ticks(store)).toEqual(allTicked);
    for (let i = 0; i < 3; i++) store.dispatch(editRedone());
    expect(selectAgreement(store.getState())!.categories).toBe(end.categories);
    expect(selectAgreement(store.getState())!.contractName).toBe('With Anna');
    expect(selectCanRedo(store.getState())).toBe(false);
  });

  it('has nothing unsaved once every edit since the load is undone, and unsaved again after a redo', () => {
    const store = loadedSubscriberStore();
    tickFirstSubject(store);
    store.dispatch(playerNamesChanged({ id: 'partner-1', playerNames: ['Anna', 'Bob'] }));
    expect(selectIsAgreementEdited(store.getState())).toBe(true);
    store.dispatch(editUndone());
    expect(selectIsAgreementEdited(store.getState())).toBe(true);
    store.dispatch(editUndone());
    expect(selectIsAgreementEdited(store.getState())).toBe(false);
    store.dispatch(editRedone());
    expect(selectIsAgreementEdited(store.getState())).toBe(true);
  });

  it('keeps at least 50 steps, and a new edit ends what could be redone', () => {
    const store = loadedGuestStore();
    const categoryId = overcalls(store)._id;
    const subjectId = overcalls(store).subjects[0]!._id;
    for (let i = 0; i < 60; i++) store.dispatch(subjectToggled({ categoryId, subjectId }));
    let undone = 0;
    while (selectCanUndo(store.getState())) {
      store.dispatch(editUndone());
      undone += 1;
    }
    expect(undone).toBe(60);
    store.dispatch(editRedone());
    expect(selectCanRedo(store.getState())).toBe(true);
    store.dispatch(allSelectedInCategory({ categoryId }));
    expect(selectCanRedo(store.getState())).toBe(false);
  });

  it('starts afresh when another agreement is loaded', () => {
    const store = loadedGuestStore();
    store.dispatch(allSelectedInCategory({ categoryId: overcalls(store)._id }));
    store.dispatch(agreementLoaded({ contract: makeTestAgreement(), isSubscriber: false }));
    expect(selectCanUndo(store.getState())).toBe(false);
  });
});
