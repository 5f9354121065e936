/**
 * The field of the name dialog (name-edit-dialog.tsx): a Tiptap rich-text field limited to the five
 * palette colours (docs/product.md §D5), the colour buttons, the length counter, Save and Cancel. Its
 * own chunk, loaded when a name is first edited: Tiptap and ProseMirror are imported only here and
 * in name-editor-schema.ts.
 */
import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { MAX_NAME_LENGTH } from '@bpa/domain/constants';
import { COLOUR_INDICES, COLOUR_NAMES, PALETTE } from '@bpa/domain/markup';
import { COLOUR_MARK, editorContentToMarkup, markupToEditorContent, toPaletteIndex } from './name-editor-content';
import { NAME_EDITOR_EXTENSIONS } from './name-editor-schema';
import { readCspNonce } from '../../../lib/csp-nonce';
import { NameLengthCounter } from './name-length-counter';
import { EMPTY_NAME_MESSAGE, LONG_NAME_MESSAGE, type NameEditTarget } from './name-edit-target';

/** The form for one name: opens on `target.initialMarkup`, calls `onSave` with valid markup only. */
export default function NameEditorForm({ target, onSave, onCancel }: { target: NameEditTarget; onSave: (markup: string) => void; onCancel: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const editor = useEditor({
    extensions: NAME_EDITOR_EXTENSIONS,
    content: markupToEditorContent(target.initialMarkup),
    autofocus: 'end',
    // Tiptap adds a style element; it needs the page's CSP nonce (no 'unsafe-inline', ADR 133).
    injectNonce: readCspNonce(),
    editorProps: {
      // Pasted lines become one line, as Save would make them anyway (docs/product.md §5).
      transformPastedText: (text) => text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' '),
      attributes: {
        role: 'textbox',
        'aria-multiline': 'false',
        'aria-labelledby': 'name-edit-field-label',
        'aria-describedby': 'name-edit-field-help name-edit-field-problem',
        class: 'name-edit-field',
        spellcheck: 'true',
      },
    },
  });
  // The length as stored (colour marks included), for the counter below the field (docs/product.md §15).
  const length = useEditorState({ editor, selector: ({ editor: current }) => (current ? editorContentToMarkup(current.getJSON()).length : 0) }) ?? 0;
  const activeColour = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const colour: unknown = current?.getAttributes(COLOUR_MARK).color;
      return typeof colour === 'string' ? toPaletteIndex(colour) : null;
    },
  });

  const save = () => {
    if (!editor) return;
    const markup = editorContentToMarkup(editor.getJSON());
    if (markup.trim() === '') {
      setProblem(EMPTY_NAME_MESSAGE);
      return;
    }
    if (markup.length > MAX_NAME_LENGTH) {
      setProblem(LONG_NAME_MESSAGE);
      return;
    }
    onSave(markup);
  };
  // Enter saves and Shift+Enter does nothing (docs/product.md §5: a name has no paragraph breaks). Caught on the
  // way down, before the editor's own keymap would split the paragraph.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.stopPropagation();
    if (!event.shiftKey) save();
  };

  return (
    <div className="name-edit-form">
      <p id="name-edit-field-label" className="name-edit-label">
        Name
      </p>
      <div role="group" aria-label="Text colour" className="colour-toolbar">
        {COLOUR_INDICES.map((index) => (
          <button
            key={index}
            type="button"
            className="colour-button"
            aria-pressed={activeColour === index}
            // Keep the selection in the field: the click colours what is selected there.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editor?.chain().focus().setMark(COLOUR_MARK, { color: PALETTE[index] }).run()}
          >
            <span className="colour-swatch-dot" style={{ backgroundColor: PALETTE[index] }} aria-hidden="true" />
            {COLOUR_NAMES[index]}
          </button>
        ))}
      </div>
      <div onKeyDownCapture={onKeyDownCapture}>
        <EditorContent editor={editor} className="name-edit-editor" />
      </div>
      <p id="name-edit-field-help" className="name-edit-help">
        Select text and choose a colour. Type !s !h !d !c for ♠ <span className="suit-red">♥ ♦</span> ♣. Enter saves.
      </p>
      <NameLengthCounter length={length} />
      <p id="name-edit-field-problem" className="name-edit-problem" role="alert">
        {problem}
      </p>
      <div className="name-edit-actions">
        <Button type="button" label="Cancel" icon="pi pi-times" outlined onClick={onCancel} />
        <Button type="button" label="Save" icon="pi pi-check" onClick={save} />
      </div>
    </div>
  );
}
