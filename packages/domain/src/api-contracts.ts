/**
 * Request and answer shapes of the subscriber agreement routes (docs/product.md §7 "Calls", design
 * section 7: base `/api/v1/contracts/my`). The server validates with them and the web app parses
 * answers with them. Every route needs a signed-in account (docs/product.md §6: subscriber; administrators
 * too, each with their own agreements); another account's agreement answers 404 whatever the id.
 *
 * Answers (all `{ status, ... }` envelopes of docs/product.md §D7; errors are ErrorEnvelope):
 * - GET   /api/v1/contracts/my                                   200 ContractNamesAnswer | 401
 * - POST  /api/v1/contracts/my             CreateContractRequest 201 ContractAnswer | 404 template | 409 five already | 401
 * - GET   /api/v1/contracts/my/{id}                              200 ContractAnswer | 404 | 401
 * - PATCH /api/v1/contracts/my/{id}        SaveContractRequest   200 SaveContractAnswer | 400 | 404 | 409 stale revision | 401
 * - PATCH /api/v1/contracts/my/{id}/name   RenameContractRequest 200 ContractNamesAnswer | 400 | 404 | 401
 * - PATCH /api/v1/contracts/my/{id}/template ResetContractRequest 200 ContractNamesAnswer | 404 (agreement or template) | 401
 * - GET   /api/v1/contracts/{id}/latest                          200 ContractAnswer (as stored now) | 404 | 401
 * - GET   /api/v1/contracts/templates/                           200 TemplateNamesAnswer | 401
 * - POST  /api/v1/contracts/pdfCreator     MakePdfRequest (api.ts) 200 PdfFileInfoAnswer (api.ts) | 400 | 401 | 429
 * - GET   /api/v1/contracts/pdfviewer/{fileName}                 200 application/pdf: the caller's newest PDF of that name | 404 | 401
 *
 * Rename and reset answer the names, as GET base does: docs/product.md §4 "Saving a name or resetting empties
 * the current contract and sets names". Every change of a stored agreement (save, rename, reset)
 * raises its revision by one and keeps the previous document (docs/product.md §D7), so a save from an editor
 * opened before a rename or reset elsewhere is refused as stale instead of undoing it.
 */
import { z } from 'zod';
import { MakePdfRequestSchema, PageSizeSchema, PdfFileInfoSchema, SubscriberPdfRequestSchema, successEnvelope } from './api';
import { MAX_IMPORT_BYTES, SUBSCRIBER_AGREEMENT_COUNT } from './constants';
import { ContractDocumentSchema, ContractNameSchema, IdSchema, NameSchema, TemplateSummarySchema } from './contract';
import { stripMarkup } from './markup';
import { storableText } from './text';

/** 404 text for an agreement that does not exist or belongs to someone else (never says which). */
export const CONTRACT_NOT_FOUND_MESSAGE = 'This agreement does not exist.';
/** 404 text for a template id that is unknown or hidden (the Free Trial Agreement; docs/product.md §3). */
export const TEMPLATE_NOT_FOUND_MESSAGE = 'This template does not exist. Please choose one from the list.';
/** 409 text of POST base when the account already has its agreements (docs/product.md §1, 9: five). */
export const AGREEMENT_LIMIT_MESSAGE = `You already have ${SUBSCRIBER_AGREEMENT_COUNT} agreements, the most a subscription holds. Rename one or reset it to a template instead.`;
/** 400 text for an agreement name without visible characters. */
export const CONTRACT_NAME_EMPTY_MESSAGE = 'Please give the agreement a name.';

/**
 * 409 text of a stale save (docs/product.md §D7): the agreement was saved, renamed or reset elsewhere since
 * it was loaded. `revision` is the stored one, which GET /api/v1/contracts/{id}/latest answers.
 */
export function staleRevisionMessage(revision: number): string {
  return `This agreement was changed elsewhere (revision ${revision}). Load the latest version or keep editing.`;
}

/**
 * Path parameter of the agreement routes. Any text is accepted here on purpose: an id that is not
 * an agreement of the caller, malformed or not, answers the same 404.
 */
export const ContractIdParamsSchema = z.object({ id: storableText(z.string().max(100)) });

/** A revision number as answered by a load and sent back by a save (docs/product.md §D7). */
export const RevisionSchema = z.number().int().min(0);

/** An agreement name as a subscriber types it: colour markup allowed, some visible text required. */
export const ContractNameInputSchema = NameSchema.trim().refine((name) => stripMarkup(name).trim() !== '', CONTRACT_NAME_EMPTY_MESSAGE);

/**
 * GET base, and the answer of rename and reset: the caller's agreement names (oldest first) and
 * their count (docs/product.md §4: "Loading names sets contractNames and revision from the payload count").
 */
export const ContractNamesAnswerSchema = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    count: z.number().int().min(0),
    data: z.array(ContractNameSchema),
  }),
);
export type ContractNamesAnswer = z.infer<typeof ContractNamesAnswerSchema>;

/**
 * Body of POST base (create; the spec does not show it). `contractName` defaults to the first free
 * "Partner N"; `templateId` (GET templates) defaults to the Blank template. The body may be left
 * out (Fastify reads a missing body as null).
 */
export const CreateContractRequestSchema = z.lazy(() =>
  z
    .object({
      contractName: ContractNameInputSchema.optional(),
      templateId: IdSchema.optional(),
    })
    .nullish(),
);
export type CreateContractRequest = z.input<typeof CreateContractRequestSchema>;

/**
 * Body of PATCH base/{id} (save; docs/product.md §7 "contract without _id"): the document (name and exactly 13
 * categories, sizes bounded by ContractDocumentSchema) plus the revision it was loaded at.
 * Unknown fields (`_id`, `templateName`, the temporary `isEditing` and `editedTempName`) are
 * dropped, never stored.
 */
export const SaveContractRequestSchema = z.lazy(() =>
  ContractDocumentSchema.extend({
    revision: RevisionSchema,
    /**
     * Choices for the conflicts of an earlier answer (docs/sharing.md §5): conflict key -> mine | theirs.
     * With them, a save from the same loaded revision is merged with what is stored now.
     */
    resolutions: z.record(storableText(z.string().max(400)), z.enum(['mine', 'theirs'])).optional(),
  }),
);
export type SaveContractRequest = z.input<typeof SaveContractRequestSchema>;

/** The most operations one changes-only save may carry; more is sent as a whole document. */
export const MAX_SAVE_CHANGES = 5000;

/** A JSON Pointer into the agreement document (RFC 6901), e.g. `/categories/3/subjects/5/isSelected`. */
const DocumentPointerSchema = z
  .string()
  .max(200)
  .regex(/^(\/[A-Za-z0-9_-]*)+$/);

/**
 * One change of a changes-only save: an RFC 6902 operation on the document. `test` operations
 * check what the change expects to find (an item's `_id` at its place, the old value), so a change
 * computed against another version is refused, never applied to the wrong item.
 */
export const DocumentChangeSchema = z.lazy(() =>
  z.discriminatedUnion('op', [
    z.object({ op: z.literal('add'), path: DocumentPointerSchema, value: z.unknown() }),
    z.object({ op: z.literal('replace'), path: DocumentPointerSchema, value: z.unknown() }),
    z.object({ op: z.literal('test'), path: DocumentPointerSchema, value: z.unknown() }),
    z.object({ op: z.literal('remove'), path: DocumentPointerSchema }),
  ]),
);
export type DocumentChange = z.infer<typeof DocumentChangeSchema>;

/**
 * Body of PATCH base/{id}/changes (ADR 181: small saves): only what changed since `revision`, as
 * operations on the document of that revision. The server applies them, checks the result as a
 * whole save's document (ContractDocumentSchema) and goes on as a whole save from `revision` (merged
 * with what was saved since, or 409 with the conflicts).
 */
export const SaveContractChangesRequestSchema = z.lazy(() =>
  z.object({
    revision: RevisionSchema,
    changes: z.array(DocumentChangeSchema).min(1).max(MAX_SAVE_CHANGES),
    resolutions: z.record(storableText(z.string().max(400)), z.enum(['mine', 'theirs'])).optional(),
  }),
);
export type SaveContractChangesRequest = z.input<typeof SaveContractChangesRequestSchema>;

/**
 * 409 of a changes-only save whose changes do not fit the stored version of `revision` (a `test`
 * failed, a path is missing, or that revision is no longer kept). The editor then sends the whole
 * document instead; nothing was changed.
 */
export const CHANGES_DO_NOT_APPLY_MESSAGE = 'These changes do not fit the saved version they were made on. Send the whole agreement instead.';

/**
 * What a save merged (docs/sharing.md §5): others' changes saved since the editor loaded, combined with
 * its own. The editor reloads the agreement and says "Merged with Anna's changes from 14:02: 3 items".
 */
export const MergeReportSchema = z.lazy(() =>
  z.object({
    /** How many items came from the others' changes. */
    itemCount: z.number().int().min(0),
    /** Who made those changes (names), oldest first, each once. */
    authors: z.array(z.string()),
    /** When the newest of them was saved, ISO 8601. */
    savedAt: z.string(),
  }),
);
export type MergeReport = z.infer<typeof MergeReportSchema>;

/** Answer of a save: the agreement's new revision, to send with the next save, and what was merged. */
export const SaveContractAnswerSchema = z.lazy(() =>
  successEnvelope(
    z.object({
      _id: IdSchema,
      contractName: NameSchema,
      revision: RevisionSchema,
      merge: MergeReportSchema.optional(),
    }),
  ),
);

/** One conflict of a save, with the author of the other change (docs/sharing.md §5). */
export const SaveConflictSchema = z.lazy(() =>
  z.object({
    key: z.string(),
    field: z.enum(['contractName', 'selected', 'note', 'name', 'presence']),
    place: z.array(z.string()),
    mine: z.string(),
    theirs: z.string(),
    /** The value both sides started from (docs/sharing.md §5): what the item was before either change. */
    base: z.string(),
    /** Who made the other change, and when (ISO 8601). */
    theirAuthor: z.string(),
    theirSavedAt: z.string(),
  }),
);
export type SaveConflict = z.infer<typeof SaveConflictSchema>;

/**
 * 409 of a save that could not be merged: `conflicts` lists the items changed on both sides (send
 * the save again with `resolutions`); `isIncompatible` says the agreement was reset to a template
 * since, so only a whole-document choice is possible (load theirs, or save again from the current
 * revision to keep yours). `currentRevision` is the stored revision.
 */
export const SaveConflictAnswerSchema = z.lazy(() =>
  z.object({
    status: z.literal('fail'),
    code: z.literal('save_conflict'),
    message: z.string(),
    currentRevision: RevisionSchema,
    conflicts: z.array(SaveConflictSchema),
    isIncompatible: z.boolean(),
  }),
);
export type SaveConflictAnswer = z.infer<typeof SaveConflictAnswerSchema>;
export type SaveContractAnswer = z.infer<typeof SaveContractAnswerSchema>;

/** Body of PATCH base/{id}/name (rename; docs/product.md §7 "contractName"). */
export const RenameContractRequestSchema = z.lazy(() => z.object({ contractName: ContractNameInputSchema }));
export type RenameContractRequest = z.input<typeof RenameContractRequestSchema>;

/** Body of PATCH base/{id}/template (reset to template; docs/product.md §7 "templateId"). */
export const ResetContractRequestSchema = z.lazy(() => z.object({ templateId: IdSchema }));
export type ResetContractRequest = z.input<typeof ResetContractRequestSchema>;

/**
 * GET /api/v1/contracts/templates/: the templates a subscriber can start from (docs/product.md §3: `_id`,
 * `templateName`, `createdAt` as ISO 8601). The six shipped ones come first in the spec's order,
 * then uploaded ones by creation date; the Free Trial Agreement is never listed.
 */
export const TemplateNamesAnswerSchema = z.lazy(() => successEnvelope(z.array(TemplateSummarySchema)));
export type TemplateNamesAnswer = z.infer<typeof TemplateNamesAnswerSchema>;

/** Path parameter of the file-name-only PDF viewer route (docs/product.md §7 "variant with file name only"). */
export const PdfFileNameParamsSchema = PdfFileInfoSchema.pick({ fileName: true });

/** One side of a comparison sent for its PDF: a name for its column and the document. */
export const ComparedSideSchema = z.lazy(() => z.object({ label: NameSchema.min(1), contract: ContractDocumentSchema }));

/**
 * Body of POST /api/v1/contracts/compare/pdf (docs/sharing.md §9): the two documents the Compare screen
 * shows (agreements, templates or revisions the caller could open) and the page size; the answer
 * is the "What's different" PDF (domain compare.ts `comparisonSheet`), as a download.
 */
export const ComparePdfRequestSchema = z.lazy(() =>
  z.object({
    left: ComparedSideSchema,
    right: ComparedSideSchema,
    pageSize: PageSizeSchema.optional(),
  }),
);
export type ComparePdfRequest = z.input<typeof ComparePdfRequestSchema>;

/** Path of a template opened as an agreement (GET /api/v1/contracts/templates/{id}). */
export const TemplateIdParamsSchema = z.object({ id: storableText(z.string().max(100)) });

/**
 * POST /api/v1/contracts/{id}/import (docs/product.md §12): the chosen file's name and its bytes in base64.
 * Kept here, apart from agreement-file.ts, so the web app does not load the CSV reader.
 */
export const ImportAgreementRequestSchema = z.lazy(() =>
  z.object({
    /** The file's name, written into the History summary ("imported "mine.json""): storable text, so no NUL byte reaches the database. */
    fileName: storableText(z.string().max(255)),
    data: z.base64().max(Math.ceil(MAX_IMPORT_BYTES / 3) * 4, `The file is too large: at most ${MAX_IMPORT_BYTES / 1_000_000} MB.`),
  }),
);
export type ImportAgreementRequest = z.infer<typeof ImportAgreementRequestSchema>;

/**
 * What an import will do, shown before the erase confirmation (docs/agreement-format.md, "Other
 * tools' cards"): the format read, how many fields were read, placed on catalogue items, kept as
 * text (notes, user-added options), and what has no place (listed; kept in the subject "Imported,
 * not placed"). An agreement file of the product's places everything.
 */
export const ImportReportSchema = z.lazy(() =>
  z.object({
    format: z.string(),
    read: z.number().int().min(0),
    placed: z.number().int().min(0),
    placedAsText: z.number().int().min(0),
    notPlaced: z.array(z.string()),
  }),
);
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** POST /api/v1/contracts/{id}/import-preview: the report of what importing the file would do; nothing changes. */
export const ImportPreviewAnswerSchema = z.lazy(() => successEnvelope(ImportReportSchema));

/**
 * GET /api/v1/contracts/{id}/export?format=json|csv|bbo|swan (docs/product.md §12; bbo: a BBO
 * convention card, swan: a Bridge Winners card, docs/agreement-format.md).
 */
export const ExportQuerySchema = z.object({ format: z.enum(['json', 'csv', 'bbo', 'swan']).default('json') });

/** The official ACBL card to print (docs/official-cards.md §1): the classic card (2023 revision) or the 2022 card. */
export const OfficialCardIdSchema = z.enum(['classic', '2022']);

/**
 * POST /api/v1/contracts/acbl-card and /acbl-card-guest (docs/official-cards.md §4): what Make PDF
 * sends, and which of the two official cards to fill (the classic card when left out).
 */
export const MakeCardRequestSchema = z.lazy(() => MakePdfRequestSchema.extend({ card: OfficialCardIdSchema.default('classic') }));
export type MakeCardRequest = z.input<typeof MakeCardRequestSchema>;

/** POST /api/v1/contracts/acbl-card: as MakeCardRequestSchema, or a stored agreement named by `stored` (SubscriberPdfRequestSchema). */
export const SubscriberCardRequestSchema = z.lazy(() => SubscriberPdfRequestSchema.extend({ card: OfficialCardIdSchema.default('classic') }));
export type SubscriberCardRequest = z.input<typeof SubscriberCardRequestSchema>;

/**
 * POST /api/v1/contracts/acbl-card (docs/official-cards.md §4): where to fetch the convention card,
 * and what went to its supplementary sheet ("Label: text → S3"), to show before the download.
 */
export const AcblCardAnswerSchema = z.lazy(() => successEnvelope(PdfFileInfoSchema.extend({ fitReport: z.array(z.string()) })));
export type AcblCardAnswer = z.infer<typeof AcblCardAnswerSchema>;
