import { describe, expect, it } from 'vitest';
import { readLastPdf, rememberLastPdf } from './last-pdf';

/** A Storage stand-in: a Map behind the two methods used. */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

const pdf = { pdfFileInfo: { fileName: 'Anna-Bob.pdf', pathName: 'A'.repeat(32) }, contractName: '##c2#Anna### & Bob' };

describe('the last PDF of a tab (docs/pdf.md §5)', () => {
  it('reads back what was kept, per kind of visitor', () => {
    const storage = memoryStorage();
    rememberLastPdf('subscriber', pdf, storage);
    expect(readLastPdf('subscriber', storage)).toEqual(pdf);
    expect(readLastPdf('guest', storage)).toBeNull();
  });

  it('reads nothing from damaged or foreign entries, and never throws', () => {
    const storage = memoryStorage();
    storage.setItem('bpa.last-pdf.guest.v1', '{not json');
    expect(readLastPdf('guest', storage)).toBeNull();
    storage.setItem('bpa.last-pdf.guest.v1', JSON.stringify({ pdfFileInfo: { fileName: '../x', pathName: 'p' }, contractName: 'x' }));
    expect(readLastPdf('guest', storage)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => rememberLastPdf('guest', pdf, broken)).not.toThrow();
    expect(readLastPdf('guest', broken)).toBeNull();
  });
});
