import { describe, expect, it } from 'vitest';
import { DEFAULT_STORED_PRINT_OPTIONS, PRINT_OPTIONS_KEY, describePrintOptions, readPrintOptions, writePrintOptions } from './print-options';

/** A Map-backed storage, or one that refuses to write. */
function memoryStorage(refuseWrites = false) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (refuseWrites) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('print options in the browser (docs/product.md §11)', () => {
  it('starts from Letter, Detailed, two-colour suits, with the legend', () => {
    expect(readPrintOptions(memoryStorage())).toEqual({ pageSize: 'letter', layout: 'detailed', fourColourSuits: false, legend: true });
    expect(readPrintOptions(null)).toEqual(DEFAULT_STORED_PRINT_OPTIONS);
  });

  it('remembers what was chosen', () => {
    const storage = memoryStorage();
    const chosen = { pageSize: 'a4', layout: 'large', fourColourSuits: true, legend: false } as const;
    writePrintOptions(storage, chosen);
    expect(readPrintOptions(storage)).toEqual(chosen);
  });

  it('falls back to the defaults on a damaged entry, and survives a storage that refuses writes', () => {
    const storage = memoryStorage();
    storage.items.set(PRINT_OPTIONS_KEY, '{"layout":"poster"');
    expect(readPrintOptions(storage)).toEqual(DEFAULT_STORED_PRINT_OPTIONS);
    storage.items.set(PRINT_OPTIONS_KEY, JSON.stringify({ layout: 'poster' }));
    expect(readPrintOptions(storage)).toEqual(DEFAULT_STORED_PRINT_OPTIONS);
    expect(() => writePrintOptions(memoryStorage(true), DEFAULT_STORED_PRINT_OPTIONS)).not.toThrow();
  });

  it('says the options in one line', () => {
    expect(describePrintOptions(DEFAULT_STORED_PRINT_OPTIONS)).toBe('Letter · Detailed · legend');
    expect(describePrintOptions({ pageSize: 'a4', layout: 'large', fourColourSuits: true, legend: false })).toBe(
      'A4 · Large print · four-colour suits · no legend',
    );
  });
});
