/**
 * The name dialog of the agreement editor (docs/product.md §4 "Editing a name"; docs/product.md §D5 colour markup): a
 * rich-text field limited to the five palette colours, Save and Cancel.
 *
 * - It opens on the current name (`initialEditName`: '' for an "Add New ..." row), converted from
 *   markup to editor content; Save converts back (name-editor-content.ts), so the stored name only
 *   ever holds the five colour markers. Bold, italics, headings, lists etc. are not offered.
 * - Enter saves (a name has no paragraph breaks, docs/product.md §5); Escape or Cancel discards.
 * - The dialog is at least 25vw wide and grows with a longer name (docs/product.md §5: "Names longer than
 *   25vw widen the edit dialog"), up to the window's width, where the name wraps.
 * Tiptap is imported only here and in name-editor-schema.ts, so it loads with the editor page's
 * chunk and nowhere else.
 */
import { useState, type KeyboardEvent } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { MAX_NAME_LENGTH } from '@bpa/domain/constants';
import { COLOUR_INDICES, COLOUR_NAMES, PALETTE } from '@bpa/domain/markup';
import { COLOUR_MARK, editorContentToMarkup, markupToEditorContent, toPaletteIndex } from './name-editor-content';
import { NAME_EDITOR_EXTENSIONS } from './name-editor-schema';
import { readCspNonce } from '../../lib/csp-nonce';
import { NameLengthCounter } from './name-length-counter';

/** What is being renamed. */
export interface NameEditTarget {
  /** Changes whenever another name is edited, so the field starts afresh. */
  key: string;
  /** Dialog title, e.g. "Edit Subject Name" or "Add New Option". */
  title: string;
  /** The markup the field starts from (`initialEditName(item)`). */
  initialMarkup: string;
}

export interface NameEditDialogProps {
  /** The name being edited, or null when the dialog is closed. */
  target: NameEditTarget | null;
  /** Called with the new name as markup (paragraph breaks removed, at most 500 characters). */
  onSave: (markup: string) => void;
  /** Called on Cancel, Escape or the close button: nothing changes. */
  onCancel: () => void;
  /**
   * Called once the dialog has closed, after its closing animation and after PrimeReact has tried
   * to return focus to the element that was focused when it opened (which may be gone by then: an
   * "Add New ..." row becomes the new item). The place to make sure focus is somewhere sensible.
   */
  onClosed?: () => void;
}

export const EMPTY_NAME_MESSAGE = 'Please type a name.';
export const LONG_NAME_MESSAGE = `The name is too long: at most ${String(MAX_NAME_LENGTH)} characters, colour marks included.`;

/** PrimeReact Dialog's animation time for position 'center' (primereact 10 dialog: 150 ms each way). */
const CENTRED_DIALOG_TIMEOUT_MS = { enter: 150, exit: 150 };

/** The dialog; keeps showing the last name while it closes so the closing animation has content. */
export function NameEditDialog({ target, onSave, onCancel, onClosed }: NameEditDialogProps) {
  const [shown, setShown] = useState<NameEditTarget | null>(target);
  if (target !== null && target !== shown) setShown(target);
  const titleId = 'name-edit-dialog-title';
  return (
    <Dialog
      visible={target !== null}
      onHide={onCancel}
      header={<span id={titleId}>{shown?.title ?? 'Edit Name'}</span>}
      aria-labelledby={titleId}
      modal
      dismissableMask={false}
      draggable={false}
      resizable={false}
      focusOnShow={false}
      // The option's onExited runs after the Dialog's own (primereact csstransition: component's
      // first, then the options'). The typings demand a timeout here: the Dialog's own for a centred
      // dialog, which these options would otherwise override.
      transitionOptions={onClosed ? { timeout: CENTRED_DIALOG_TIMEOUT_MS, onExited: onClosed } : undefined}
      className="name-edit-dialog"
      style={{ width: 'fit-content', minWidth: 'min(94vw, max(25vw, 22rem))', maxWidth: '94vw' }}
    >
      {target !== null && <NameEditorForm key={target.key} target={target} onSave={onSave} onCancel={onCancel} />}
    </Dialog>
  );
}

function NameEditorForm({ target, onSave, onCancel }: { target: NameEditTarget; onSave: (markup: string) => void; onCancel: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const editor = useEditor({
    extensions: NAME_EDITOR_EXTENSIONS,
    content: markupToEditorContent(target.initialMarkup),
    autofocus: 'end',
    // Tiptap adds a style element; it needs the page's CSP nonce (no 'unsafe-inline', issue 13 §2).
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
  // The length as stored (colour marks included), for the counter below the field (issue 9, item 6).
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
