import { describe, expect, it } from 'vitest';
import { checkPdfkitInternals, findMissingPdfkitInternals, installedPdfkitVersion } from './pdfkit-internals';

describe('pdfkit internals self-check', () => {
  it('passes on the installed pdfkit', () => {
    expect(installedPdfkitVersion()).toMatch(/^0\.20\.\d+$/);
    expect(() => checkPdfkitInternals()).not.toThrow();
  });

  it('names every missing field', () => {
    expect(findMissingPdfkitInternals({})).toEqual(['_font']);
    const renamed = { _font: { ref: () => null, id: 'F1', embed: () => undefined, encoder: () => [] }, page: { fonts: {}, content: { buffer: [], data: {} } } };
    expect(findMissingPdfkitInternals(renamed)).toEqual([
      '_font.encode',
      'ref',
      'page.content.buffer/compress/data',
      'getStructParentTree',
      'getStructTreeRoot',
      'page.structParentTreeKey',
      'page.dictionary',
      '_root.finalize',
      '_refEnd/_finalize/_write',
      '_offsets/_offset',
      '_id',
    ]);
    const complete = {
      _font: { ref: () => null, id: 'F1', embed: () => undefined, encode: () => [] },
      page: { fonts: {}, content: { buffer: [], compress: true, data: {} }, structParentTreeKey: 0, dictionary: {} },
      ref: () => null,
      getStructParentTree: () => null,
      getStructTreeRoot: () => null,
      _root: { finalize: () => undefined },
      _refEnd: () => undefined,
      _finalize: () => undefined,
      _write: () => undefined,
      _offsets: [],
      _offset: 0,
      _id: new Uint8Array(16),
    };
    expect(findMissingPdfkitInternals(complete)).toEqual([]);
  });
});
