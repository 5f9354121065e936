/** What the name dialog edits, and its messages; shared by the dialog and its lazily loaded field. */
import { MAX_NAME_LENGTH } from '@bpa/domain/constants';

/** What is being renamed. */
export interface NameEditTarget {
  /** Changes whenever another name is edited, so the field starts afresh. */
  key: string;
  /** Dialog title, e.g. "Edit Subject Name" or "Add New Option". */
  title: string;
  /** The markup the field starts from (`initialEditName(item)`). */
  initialMarkup: string;
}

export const EMPTY_NAME_MESSAGE = 'Please type a name.';
export const LONG_NAME_MESSAGE = `The name is too long: at most ${String(MAX_NAME_LENGTH)} characters, colour marks included.`;
