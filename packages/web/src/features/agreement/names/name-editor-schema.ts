/**
 * The schema of the rich-text name field: a document of paragraphs of text, one mark (`textStyle`
 * with a `color` attribute, the JSON shape of Tiptap's TextStyle + Color) and undo/redo. Nothing
 * else: a name's markup holds only text and the five colours (docs/product.md §D5), so the field offers no
 * bold, italics, headings, lists or links, and pasted colours outside the palette are dropped.
 *
 * Written here on `@tiptap/react`'s own core rather than with `@tiptap/starter-kit` and
 * `@tiptap/extension-text-style`: those resolve to other copies (and, for text-style, another
 * version) of `@tiptap/core`, which do not type-check together and would ship core two or three
 * times in the editor chunk.
 */
import { Extension, Mark, Node } from '@tiptap/react';
import { history, redo, undo } from '@tiptap/pm/history';
import { keymap } from '@tiptap/pm/keymap';
import { PALETTE } from '@bpa/domain/markup';
import { COLOUR_MARK, toPaletteIndex } from './name-editor-content';

/** The top node; Enter never makes a second paragraph, but pasted text may (the converter joins them). */
const NameDocument = Node.create({ name: 'doc', topNode: true, content: 'block+' });

const NameParagraph = Node.create({
  name: 'paragraph',
  group: 'block',
  content: 'inline*',
  parseHTML: () => [{ tag: 'p' }],
  renderHTML: ({ HTMLAttributes }) => ['p', HTMLAttributes, 0],
});

const NameText = Node.create({ name: 'text', group: 'inline' });

/** The palette hex of an element's inline colour, or null when it is none of the five. */
function paletteColourOf(element: HTMLElement): string | null {
  const index = toPaletteIndex(element.style.color);
  return index === null ? null : PALETTE[index];
}

/** Colour of a run of text: `<span style="color: #c83349">`; only the five palette colours parse. */
const NameColour = Mark.create({
  name: COLOUR_MARK,
  addAttributes() {
    return {
      color: {
        default: null,
        parseHTML: (element: HTMLElement) => paletteColourOf(element),
        renderHTML: (attributes: { color?: unknown }) =>
          typeof attributes.color === 'string' && toPaletteIndex(attributes.color) !== null ? { style: `color: ${attributes.color}` } : {},
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span', getAttrs: (element: HTMLElement) => (paletteColourOf(element) === null ? false : null) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes, 0];
  },
});

/** Undo and redo (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y). */
const NameHistory = Extension.create({
  name: 'nameHistory',
  addProseMirrorPlugins() {
    return [history(), keymap({ 'Mod-z': undo, 'Shift-Mod-z': redo, 'Mod-y': redo })];
  },
});

/** The field's extensions (Enter is handled by the dialog: it saves). */
export const NAME_EDITOR_EXTENSIONS = [NameDocument, NameParagraph, NameText, NameColour, NameHistory];
