import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLOUR_INDICES,
  type MarkupSegment,
  PALETTE,
  escapeHtml,
  expandSuits,
  parseMarkup,
  renderMarkupHtml,
  serialiseMarkup,
  stripMarkup,
  toTextRuns,
} from './markup';

const colour = fc.constantFrom(null, ...COLOUR_INDICES);
/** Text as users type it, rich in the characters the markup gives meaning to, the escape included. */
const markupishWithEscapes = fc.stringMatching(/^[#\\c1-6a-z !x]{0,40}$/);

/** What a sequence of segments means: one colour per visible character. */
function normalise(segments: MarkupSegment[]): MarkupSegment[] {
  const out: MarkupSegment[] = [];
  for (const s of segments) {
    if (s.text === '') continue;
    const last = out.at(-1);
    if (last && last.colour === s.colour) last.text += s.text;
    else out.push({ ...s });
  }
  return out;
}

describe('parseMarkup (docs/product.md §D5)', () => {
  it('reads plain text as one default run', () => {
    expect(parseMarkup('Stayman')).toEqual([{ text: 'Stayman', colour: null }]);
    expect(parseMarkup('')).toEqual([]);
  });
  it('opens spans in the five colours and closes them with ###', () => {
    expect(parseMarkup('a##c2#red###b')).toEqual([
      { text: 'a', colour: null },
      { text: 'red', colour: 2 },
      { text: 'b', colour: null },
    ]);
  });
  it('does not nest: an opener closes the open span first', () => {
    expect(parseMarkup('##c3#blue##c4#green###x')).toEqual([
      { text: 'blue', colour: 3 },
      { text: 'green', colour: 4 },
      { text: 'x', colour: null },
    ]);
  });
  it('ends an unclosed span with the text and drops a stray ###', () => {
    expect(parseMarkup('##c5#orange')).toEqual([{ text: 'orange', colour: 5 }]);
    expect(parseMarkup('a###b')).toEqual([{ text: 'ab', colour: null }]);
  });
  it('keeps ##c6# and ##cx# as plain text', () => {
    expect(parseMarkup('##c6#x ##cx#y')).toEqual([{ text: '##c6#x ##cx#y', colour: null }]);
  });
});

describe('serialiseMarkup', () => {
  it('writes closers only where default text follows a span', () => {
    expect(
      serialiseMarkup([
        { text: 'a', colour: 2 },
        { text: 'b', colour: 3 },
        { text: 'c', colour: null },
      ]),
    ).toBe('##c2#a##c3#b###c');
  });
  it('round-trips any segments of any text, # and backslashes included: parse(serialise(x)) == x (docs/product.md §15)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ text: fc.oneof(fc.string(), markupishWithEscapes), colour })), (segments) => {
        expect(parseMarkup(serialiseMarkup(segments))).toEqual(normalise(segments));
      }),
    );
  });
  it('is a fixed point on anything the parser reads', () => {
    fc.assert(
      fc.property(markupishWithEscapes, (text) => {
        const once = serialiseMarkup(parseMarkup(text));
        expect(serialiseMarkup(parseMarkup(once))).toBe(once);
      }),
    );
  });
  it('keeps what is shown for any text', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ text: markupishWithEscapes, colour })), (segments) => {
        expect(stripMarkup(serialiseMarkup(segments))).toBe(segments.map((s) => s.text).join(''));
      }),
    );
  });
  it('gives back exactly what was typed, however much it looks like markup (docs/product.md §15)', () => {
    for (const typed of ['##c3#blue###', 'C##', '###', '\\#', 'a\\b', '#1 priority', '##c9#']) {
      const stored = serialiseMarkup([{ text: typed, colour: null }]);
      expect(stripMarkup(stored)).toBe(typed);
      expect(parseMarkup(stored)).toEqual([{ text: typed, colour: null }]);
      const coloured = serialiseMarkup([{ text: typed, colour: 3 }]);
      expect(parseMarkup(coloured)).toEqual([{ text: typed, colour: 3 }]);
    }
  });
  it('reads names stored before escapes as before: a lone # or backslash is text', () => {
    expect(stripMarkup('C# and \\d')).toBe('C# and \\d');
    expect(parseMarkup('##c2#red### \\#')).toEqual([
      { text: 'red', colour: 2 },
      { text: ' #', colour: null },
    ]);
  });
});

describe('PALETTE (ADR 101)', () => {
  /** WCAG 2 contrast ratio of a colour against white. */
  function contrastOnWhite(hex: string): number {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
  }
  it('gives every colour at least 4.5:1 on white (WCAG AA for text)', () => {
    for (const index of COLOUR_INDICES) expect(contrastOnWhite(PALETTE[index]), PALETTE[index]).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite('#15b2d3')).toBeLessThan(4.5); // the specification's blue, replaced
  });
});

describe('suits', () => {
  it('expands !s !h !d !c in any case', () => {
    expect(expandSuits('1!c 1!D 2!h 4!S')).toBe('1♣ 1♦ 2♥ 4♠');
  });
  it('leaves words that merely start with the shorthand alone', () => {
    expect(expandSuits('Hello!soon')).toBe('Hello!soon');
    expect(expandSuits('2!c!d')).toBe('2♣♦');
  });
  it('draws hearts and diamonds in red and lets spades and clubs take the span colour', () => {
    expect(toTextRuns('##c3#1!s-2!h###')).toEqual([
      { text: '1♠-2', colour: PALETTE[3] },
      { text: '♥', colour: PALETTE[2] },
    ]);
    expect(toTextRuns('1!c')).toEqual([{ text: '1♣', colour: null }]);
  });
});

describe('renderMarkupHtml (docs/product.md §D5)', () => {
  it('wraps text in one paragraph and colours spans', () => {
    expect(renderMarkupHtml('a##c2#b')).toBe('<p>a<span style="color:#c83349">b</span></p>');
  });
  it('never lets user text become a tag or attribute', () => {
    fc.assert(
      fc.property(fc.string(), colour, (text, c) => {
        const markup = serialiseMarkup([{ text, colour: c }]);
        const html = renderMarkupHtml(markup);
        const inner = html.slice(3, -4).replace(/<span style="color:#[0-9a-f]{6}">|<\/span>/g, '');
        expect(inner).not.toMatch(/[<>"]/);
      }),
    );
  });
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
