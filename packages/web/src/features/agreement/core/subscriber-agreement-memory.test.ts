import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from './guest-persistence';
import { OPEN_AGREEMENT_STORAGE_KEY, forgetOpenAgreement, recallOpenAgreement, rememberOpenAgreement } from './subscriber-agreement-memory';

/** The browser's sessionStorage, in memory. */
class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** A storage that refuses everything, like a browser with storage blocked. */
const blockedStorage: KeyValueStorage = {
  getItem: () => {
    throw new Error('blocked');
  },
  setItem: () => {
    throw new Error('blocked');
  },
  removeItem: () => {
    throw new Error('blocked');
  },
};

describe('the agreement open in this tab', () => {
  it('is remembered, recalled after a reload and forgotten', () => {
    const storage = new MemoryStorage();
    expect(recallOpenAgreement(storage)).toBeNull();
    rememberOpenAgreement('0f8c1c2e-8f0a-4c52-9a55-5f0b7e1c2d3a', storage);
    expect(recallOpenAgreement(storage)).toBe('0f8c1c2e-8f0a-4c52-9a55-5f0b7e1c2d3a');
    forgetOpenAgreement(storage);
    expect(recallOpenAgreement(storage)).toBeNull();
  });

  it('keeps only the id, never the agreement', () => {
    const storage = new MemoryStorage();
    rememberOpenAgreement('partner-1', storage);
    expect([...storage.items.entries()]).toEqual([[OPEN_AGREEMENT_STORAGE_KEY, 'partner-1']]);
  });

  it.each([
    ['a path', '../users'],
    ['markup', '<img src=x>'],
    ['too long', 'a'.repeat(65)],
    ['empty', ''],
  ])('ignores a stored value that is %s', (_, value) => {
    const storage = new MemoryStorage();
    storage.items.set(OPEN_AGREEMENT_STORAGE_KEY, value);
    expect(recallOpenAgreement(storage)).toBeNull();
  });

  it('never throws when storage is blocked or missing', () => {
    expect(() => rememberOpenAgreement('partner-1', blockedStorage)).not.toThrow();
    expect(recallOpenAgreement(blockedStorage)).toBeNull();
    expect(() => forgetOpenAgreement(blockedStorage)).not.toThrow();
    expect(recallOpenAgreement(null)).toBeNull();
  });
});
