/**
 * The layout's cache of set names (agreement-layout.ts `markupSetter`): a name set again in the
 * same look, measure and face is the same lines; another face or measure is set anew; the cache is
 * emptied at its bound.
 */
import { describe, expect, it } from 'vitest';
import { loadAgreementFonts } from './agreement-fonts';
import { MAX_CACHED_SETTINGS, TEXT, markupSetter } from './agreement-layout';

const fonts = loadAgreementFonts();
const suits = { scale: 1, isFourColour: false };
const NAME = 'Jacoby transfers after 1NT and 2NT openings, ##c2#alert### 2!h and 2!s';

describe('markupSetter', () => {
  it('returns the same lines for the same name, face, look and measure, even from a new setter', () => {
    const first = markupSetter(fonts, TEXT.subject, 200, suits)(NAME, 'regular');
    expect(markupSetter(fonts, TEXT.subject, 200, suits)(NAME, 'regular')).toBe(first);
    expect(first.flatMap((line) => line.pieces.map((piece) => piece.text)).join('')).toContain('♥');
  });

  it('sets a name anew in another face, measure, look or suit look', () => {
    const regular = markupSetter(fonts, TEXT.subject, 200, suits)(NAME, 'regular');
    const bold = markupSetter(fonts, TEXT.subject, 200, suits)(NAME, 'bold');
    expect(bold[0]?.pieces[0]?.style).toBe('bold');
    expect(regular[0]?.pieces[0]?.style).toBe('regular');
    const narrow = markupSetter(fonts, TEXT.subject, 100, suits)(NAME, 'regular');
    expect(narrow.length).toBeGreaterThan(regular.length);
    expect(markupSetter(fonts, TEXT.option, 200, suits)(NAME, 'regular')[0]?.pieces[0]?.size).toBe(TEXT.option.size);
    const fourColour = markupSetter(fonts, TEXT.subject, 200, { scale: 1, isFourColour: true })(NAME, 'regular');
    expect(fourColour.flatMap((line) => line.pieces).find((piece) => piece.text.includes('♥'))?.colour).toBe('#e0002a');
  });

  it('empties the cache when it holds MAX_CACHED_SETTINGS names', () => {
    const set = markupSetter(fonts, TEXT.option, 150, suits);
    const first = set('Stayman', 'italic');
    expect(set('Stayman', 'italic')).toBe(first);
    for (let n = 0; n < MAX_CACHED_SETTINGS; n += 1) set(`Name ${n}`, 'regular');
    const again = set('Stayman', 'italic');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
