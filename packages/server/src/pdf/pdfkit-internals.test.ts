import { describe, expect, it } from 'vitest';
import { checkPdfkitInternals, findMissingPdfkitInternals, installedPdfkitVersion } from './pdfkit-internals';

describe('pdfkit internals self-check', () => {
  it('passes on the installed pdfkit', () => {
    expect(installedPdfkitVersion()).toMatch(/^0\.20\.\d+$/);
    expect(() => checkPdfkitInternals()).not.toThrow();
  });

  it('names every missing field', () => {
    expect(findMissingPdfkitInternals({})).toEqual(['_font']);
    const renamed = { _font: { subset: {}, widths: [], unicode: {}, ref: () => null, id: 'F1' }, page: { fonts: {} } };
    expect(findMissingPdfkitInternals(renamed)).toEqual([
      '_font.subset.includeGlyph',
      '_font.unicode',
      'getStructParentTree',
      'page.structParentTreeKey',
      'page.dictionary',
    ]);
    const complete = {
      _font: { subset: { includeGlyph: () => 1 }, widths: [], unicode: [], ref: () => null, id: 'F1' },
      page: { fonts: {}, structParentTreeKey: 0, dictionary: {} },
      getStructParentTree: () => null,
    };
    expect(findMissingPdfkitInternals(complete)).toEqual([]);
  });
});
