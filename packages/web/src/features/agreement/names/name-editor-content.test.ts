import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLOUR_INDICES, type ColourIndex, type MarkupSegment, PALETTE, parseMarkup } from '@bpa/domain/markup';
import { type EditorNode, editorContentToMarkup, markupToEditorContent, toPaletteIndex } from './name-editor-content';

function text(value: string, color?: string): EditorNode {
  return color === undefined ? { type: 'text', text: value } : { type: 'text', text: value, marks: [{ type: 'textStyle', attrs: { color } }] };
}
function doc(...paragraphs: EditorNode[][]): EditorNode {
  return { type: 'doc', content: paragraphs.map((content) => ({ type: 'paragraph', content })) };
}

describe('markup -> editor content', () => {
  it('makes one paragraph whose coloured runs carry the palette colour', () => {
    expect(markupToEditorContent('Stayman ##c2#forcing### always')).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Stayman ' },
            { type: 'text', text: 'forcing', marks: [{ type: 'textStyle', attrs: { color: '#c83349' } }] },
            { type: 'text', text: ' always' },
          ],
        },
      ],
    });
  });

  it('gives an empty paragraph for an empty name (a placeholder row starts empty)', () => {
    expect(markupToEditorContent('')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('keeps the suit shorthand as typed text', () => {
    expect(markupToEditorContent('3!h')).toEqual({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '3!h' }] }] });
  });
});

describe('editor content -> markup', () => {
  it.each(COLOUR_INDICES.map((index) => [index, PALETTE[index]] as const))('round-trips colour %i (%s)', (index, hex) => {
    const markup = `Jacoby ##c${index}#2NT### raise`;
    expect(editorContentToMarkup(markupToEditorContent(markup))).toBe(markup);
    expect(editorContentToMarkup(doc([text('x', hex.toUpperCase())]))).toBe(`##c${index}#x`);
  });

  it('round-trips a name with every colour in turn', () => {
    const markup = COLOUR_INDICES.map((index) => `##c${index}#${String(index)} `).join('') + '###end';
    expect(editorContentToMarkup(markupToEditorContent(markup))).toBe(markup);
  });

  it('reads colours in the rgb() form browsers report', () => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(PALETTE[3].slice(i, i + 2), 16));
    expect(editorContentToMarkup(doc([text('blue', `rgb(${r}, ${g}, ${b})`)]))).toBe('##c3#blue');
    expect(toPaletteIndex(PALETTE[5].toUpperCase())).toBe(5);
    expect(toPaletteIndex('#000')).toBe(1);
  });

  it('drops colours outside the palette (the text stays, in the default colour)', () => {
    expect(editorContentToMarkup(doc([text('a '), text('purple', '#800080'), text(' b', 'hsl(0 0% 0%)')]))).toBe('a purple b');
    expect(toPaletteIndex('#c83348')).toBeNull();
    expect(toPaletteIndex('red')).toBeNull();
  });

  it('removes paragraph breaks and hard breaks (docs/product.md §5)', () => {
    expect(editorContentToMarkup(doc([text('Weak')], [text('two', '#248507')], []))).toBe('Weak ##c4#two');
    expect(editorContentToMarkup(doc([text('a'), { type: 'hardBreak' }, text('b')]))).toBe('a b');
    expect(editorContentToMarkup(doc([text('  padded  ')]))).toBe('padded');
  });

  it('ignores marks other than colour', () => {
    expect(editorContentToMarkup(doc([{ type: 'text', text: 'bold', marks: [{ type: 'bold' }] }]))).toBe('bold');
  });

  it('never turns typed text into markup, and keeps it exactly as typed (docs/product.md §15)', () => {
    expect(parseMarkup(editorContentToMarkup(doc([text('##c2#red?###')])))).toEqual([{ text: '##c2#red?###', colour: null }]);
    expect(parseMarkup(editorContentToMarkup(doc([text('C##')])))).toEqual([{ text: 'C##', colour: null }]);
    // A '#' typed just before a coloured run stays where it was, in its colour.
    const markup = editorContentToMarkup(doc([text('x#'), text('##c3#y', PALETTE[2])]));
    expect(parseMarkup(markup)).toEqual([
      { text: 'x#', colour: null },
      { text: '##c3#y', colour: 2 },
    ]);
  });

  it('keeps every typed character and only the colours the user chose (property)', () => {
    const colour = fc.constantFrom<ColourIndex | null>(null, ...COLOUR_INDICES);
    const typed = fc.stringMatching(/^[#\\c1-5x !]{1,12}$/);
    fc.assert(
      fc.property(fc.array(fc.record({ text: typed, colour }), { maxLength: 6 }), (segments: MarkupSegment[]) => {
        const content = doc(segments.map((s) => text(s.text, s.colour === null ? undefined : PALETTE[s.colour])));
        const parsed = parseMarkup(editorContentToMarkup(content));
        const expected = segments
          .map((s) => s.text)
          .join('')
          .trim();
        expect(parsed.map((s) => s.text).join('')).toBe(expected);
        const chosen = new Set(segments.map((s) => s.colour));
        for (const segment of parsed) expect(chosen.has(segment.colour)).toBe(true);
      }),
    );
  });
});
