/**
 * The agreement (convention card) model: contract, category, subject and option.
 *
 * Source: product docs/product.md §3 (entities and fields) and docs/product.md §D4 (domain model).
 * The zod schemas here are the one contract for the server (request validation, storage) and the
 * web app (parsing answers). Temporary UI fields (`isEditing`, `editedTempName`) are accepted on
 * input but stripped: they are never stored or sent back by the server.
 */
import { z } from 'zod';
import {
  CATEGORY_COUNT,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_OPTIONS_PER_SUBJECT,
  MAX_SUBJECTS_PER_CATEGORY,
  PLACEHOLDER_PREFIX,
  USER_ADDED_LABEL,
} from './constants';
import { CatalogueKeySchema } from './catalogue-keys';
import { storableText } from './text';

/** Longest `_id`, in characters. */
export const MAX_ID_LENGTH = 64;

/**
 * An id: a UUID made by the server or by `crypto.randomUUID()` in the browser (docs/product.md §D4); stored in
 * the document, so only text the database can keep (`storableText`: no NUL, no lone surrogate).
 */
export const IdSchema = storableText(z.string().min(1).max(MAX_ID_LENGTH));

/**
 * A name as stored: colour markup allowed (docs/product.md §D5), at most 500 characters (docs/product.md §D6), and only
 * text the database can keep as typed (no NUL, no broken character: `storableText`).
 */
export const NameSchema = storableText(z.string().max(MAX_NAME_LENGTH, `A name may be at most ${MAX_NAME_LENGTH} characters long (colour marks included)`));

/**
 * A note on a subject or a category (docs/agreement-format.md, "Notes"): free text of several lines
 * with the colour markup and suit shorthand names have, at most MAX_NOTE_LENGTH characters, and only
 * text the database can keep. Absent and '' both mean "no note".
 */
export const NoteSchema = storableText(z.string().max(MAX_NOTE_LENGTH, `A note may be at most ${MAX_NOTE_LENGTH} characters long (colour marks included)`));

/** One choice under a subject, e.g. "15-17" under "1NT opening range" (docs/product.md §3). */
export const OptionSchema = z.object({
  _id: IdSchema,
  /** The option's catalogue key (docs/catalogue-keys.md), e.g. `nt.stayman.regular`; absent for a user-added option. */
  key: CatalogueKeySchema.optional(),
  optionName: NameSchema,
  isSelected: z.boolean(),
  bold: z.boolean(),
  italics: z.boolean(),
  editedName: NameSchema,
  isEdited: z.boolean(),
});
export type Option = z.infer<typeof OptionSchema>;

/**
 * One agreement line, e.g. "Stayman" (docs/product.md §3). `bold` marks items of the ACBL convention card,
 * `italics` the conventions of "25 Bridge Conventions You Should Know" (docs/product.md §1).
 * `subcategoryName` is the heading the subject sits under inside its category ('' for none).
 */
export const SubjectSchema = z.object({
  _id: IdSchema,
  /** The subject's catalogue key (docs/catalogue-keys.md), e.g. `nt.stayman`; absent for a user-added subject. */
  key: CatalogueKeySchema.optional(),
  subjectName: NameSchema,
  subcategoryName: NameSchema,
  subcategoryBold: z.boolean(),
  subcategoryItalics: z.boolean(),
  bold: z.boolean(),
  italics: z.boolean(),
  isSelected: z.boolean(),
  isLocked: z.boolean(),
  options: z.array(OptionSchema).max(MAX_OPTIONS_PER_SUBJECT, `A subject may have at most ${MAX_OPTIONS_PER_SUBJECT} options`),
  editedName: NameSchema,
  isEdited: z.boolean(),
  /** What the partnership wrote about this subject (NoteSchema); optional. */
  note: NoteSchema.optional(),
});
export type Subject = z.infer<typeof SubjectSchema>;

/** One of the 13 categories, e.g. "Overcalls"; `order` is 1-based (docs/product.md §3, 9). */
export const CategorySchema = z.object({
  _id: IdSchema,
  /** The category's catalogue key (docs/catalogue-keys.md), e.g. `nt`; absent in an uploaded template that did not match. */
  key: CatalogueKeySchema.optional(),
  order: z.number().int().min(1).max(1000),
  categoryName: NameSchema.min(1),
  bold: z.boolean(),
  italics: z.boolean(),
  subjects: z.array(SubjectSchema).max(MAX_SUBJECTS_PER_CATEGORY, `A category may have at most ${MAX_SUBJECTS_PER_CATEGORY} subjects`),
  /** What the partnership wrote about the category as a whole (NoteSchema); optional. */
  note: NoteSchema.optional(),
});
export type Category = z.infer<typeof CategorySchema>;

/** Longest player name, in characters (docs/product.md §11, §13: the names line of a convention card). */
export const MAX_PLAYER_NAME_LENGTH = 60;

/** A player's name as printed on the card and the PDF: plain text (no colour markup), trimmed. */
export const PlayerNameSchema = storableText(
  z.string().trim().max(MAX_PLAYER_NAME_LENGTH, `A player's name may be at most ${MAX_PLAYER_NAME_LENGTH} characters long`),
);

/** The agreement document as stored (JSONB) and saved: name and exactly 13 categories (docs/product.md §D4). */
export const ContractDocumentSchema = z.object({
  contractName: NameSchema,
  categories: z.array(CategorySchema).length(CATEGORY_COUNT),
  /**
   * The two partners' names (docs/product.md §11), optional: printed under the title of the PDF and on the
   * names line of the convention card. Empty strings when only one is known.
   */
  playerNames: z.tuple([PlayerNameSchema, PlayerNameSchema]).optional(),
});

/** The note of a subject or category as stored ('' when it has none). */
export function noteOf(item: { note?: string | undefined }): string {
  return item.note ?? '';
}

/** "Anna Smith & Bob Jones", "Anna Smith", or '' when no name is set. */
export function formatPlayerNames(playerNames: readonly [string, string] | undefined): string {
  return (playerNames ?? ['', ''])
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .join(' & ');
}
export type ContractDocument = z.infer<typeof ContractDocumentSchema>;

/** How the caller may use an agreement (docs/sharing.md §2): its owner, or a partner who can edit or only view. */
export const ContractAccessLevelSchema = z.enum(['owner', 'edit', 'view']);
export type ContractAccessLevel = z.infer<typeof ContractAccessLevelSchema>;

/**
 * An agreement as the API answers it: the document plus its id, the revision it was loaded at
 * (docs/product.md §D7: a save sends it back; a stale one is refused) and the template it came from; for a
 * signed-in load also the caller's `access` and the owner's name (docs/sharing.md §2: shared agreements).
 */
export const ContractSchema = z.lazy(() =>
  ContractDocumentSchema.extend({
    _id: IdSchema,
    revision: z.number().int().min(0),
    templateName: z.string().max(MAX_NAME_LENGTH).optional(),
    access: ContractAccessLevelSchema.optional(),
    /** The owner's name (or email), for partners: "Anna's agreement". */
    ownerName: z.string().optional(),
    /** True when a partner's edit access is paused because the owner's subscription lapsed. */
    isPausedByOwner: z.boolean().optional(),
  }),
);
export type Contract = z.infer<typeof ContractSchema>;

/** One row of an agreement list (docs/product.md §7: "list names"). */
export const ContractNameSchema = z.lazy(() =>
  z.object({
    _id: IdSchema,
    contractName: NameSchema,
  }),
);
export type ContractName = z.infer<typeof ContractNameSchema>;

/** A template as listed (docs/product.md §3: _id, templateName, createdAt as ISO 8601). */
export const TemplateSummarySchema = z.object({
  _id: IdSchema,
  templateName: NameSchema,
  createdAt: z.string(),
});
export type TemplateSummary = z.infer<typeof TemplateSummarySchema>;

/** A template's content: its name and 13 categories, without placeholders (docs/product.md §D6). */
export interface MasterTemplate {
  templateName: string;
  categories: Category[];
}

/** True when a name marks a placeholder row ("Add New Subject" / "Add New Option"; docs/product.md §3, 9). */
export function isPlaceholderName(name: string): boolean {
  return name.startsWith(PLACEHOLDER_PREFIX);
}

/**
 * The heading a subject is shown under, in the editor and the PDF (docs/product.md §16): its
 * subcategory, or "User added" for a subject the user added (original name "User added") that sits
 * under no subcategory. Placeholder rows keep theirs ('').
 */
export function subjectHeading(subject: Pick<Subject, 'subjectName' | 'subcategoryName'>): string {
  return subject.subcategoryName === '' && subject.subjectName === USER_ADDED_LABEL ? USER_ADDED_LABEL : subject.subcategoryName;
}

/** The name to show for a subject or option: `editedName` when `isEdited`, else the original (docs/product.md §D4). */
export function displayName(item: { isEdited: boolean; editedName: string } & ({ subjectName: string } | { optionName: string })): string {
  if (item.isEdited) return item.editedName;
  return 'subjectName' in item ? item.subjectName : item.optionName;
}
