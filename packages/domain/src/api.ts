/**
 * Request and answer shapes of the HTTP API, written once and used by the server (validation,
 * OpenAPI) and the web app (parsing answers). Paths and payloads: docs/product.md §7; envelopes and
 * status codes: docs/product.md §D7.
 */
import { z } from 'zod';
import { ContractDocumentSchema, ContractNameSchema, ContractSchema, IdSchema } from './contract';

/** Wraps an answer's payload in the success envelope `{ status: 'success', data }` (docs/product.md §D7). */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), data });
}

/** The error envelope: `status` 'fail' (4xx) or 'error' (5xx) and a message from docs/product.md §8 (docs/product.md §D7). */
/**
 * The stable codes of the error envelope (docs/product.md §D7): the kind of every refusal, and the
 * specific ones a client acts on (`save_conflict`: the 409 of a save with its conflicts;
 * `changes_do_not_apply`: send the whole agreement instead of its changes; `agreement_busy`: send
 * the same save again after Retry-After). Clients branch on the code, never on the message, which
 * is for people and may be reworded or translated.
 */
export const ERROR_CODES = [
  'bad_request',
  'unauthorised',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'unavailable',
  'save_conflict',
  'changes_do_not_apply',
  'agreement_busy',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCodeName = z.infer<typeof ErrorCodeSchema>;

export const ErrorEnvelopeSchema = z.lazy(() =>
  z.object({
    status: z.enum(['fail', 'error']),
    /** What went wrong, for programs (ERROR_CODES). */
    code: ErrorCodeSchema,
    /** What went wrong, for people. */
    message: z.string(),
    /** Line- and column-numbered problems, for CSV uploads and schema failures. */
    issues: z.array(z.object({ line: z.number().int().optional(), column: z.number().int().optional(), message: z.string() })).optional(),
    /**
     * True on a 409 that is not about the client's revision: the agreement was being changed by
     * others under every attempt; the same request may simply be sent again (after `Retry-After`).
     */
    isBusy: z.literal(true).optional(),
  }),
);
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Page size of a produced PDF: US Letter by default, A4 on request (docs/pdf.md §2). */
export const PageSizeSchema = z.enum(['letter', 'a4']);
export type PageSize = z.infer<typeof PageSizeSchema>;

/**
 * How the agreement PDF is laid out (docs/product.md §11): `detailed` is two columns
 * at reading size; `compact` is denser, for a card holder; `large` is one column with body text of
 * at least 13 pt and larger suit symbols, for older eyes.
 */
export const PrintLayoutSchema = z.enum(['detailed', 'compact', 'large']);
export type PrintLayout = z.infer<typeof PrintLayoutSchema>;

/**
 * The print options of the agreement PDF (docs/product.md §11): the layout, four-colour suits (spades
 * black, hearts red, diamonds orange, clubs green) instead of two, and whether the legend (what
 * bold and italic mean) is printed under the title.
 */
export const PrintOptionsSchema = z.object({
  layout: PrintLayoutSchema.default('detailed'),
  fourColourSuits: z.boolean().default(false),
  legend: z.boolean().default(true),
});
export type PrintOptions = z.infer<typeof PrintOptionsSchema>;

/** The options of a PDF when none are given: today's two columns, two-colour suits, with the legend. */
export const DEFAULT_PRINT_OPTIONS: PrintOptions = { layout: 'detailed', fourColourSuits: false, legend: true };

/** Where a produced PDF can be fetched: GET /api/v1/contracts/pdfviewer/{pathName}/{fileName}. */
export const PdfFileInfoSchema = z.object({
  fileName: z.string().regex(/^[A-Za-z0-9._-]{1,200}\.pdf$/),
  pathName: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});
export type PdfFileInfo = z.infer<typeof PdfFileInfoSchema>;

/**
 * Body of POST /api/v1/contracts/pdf-guest and POST /api/v1/contracts/pdfCreator (docs/product.md §7:
 * "contract and subscriber flag"). The server ignores `isSubscriber` for authorisation: it
 * decides from the session, and a guest PDF holds only the two trial categories (docs/product.md §D4).
 */
export const MakePdfRequestSchema = z.object({
  contract: ContractDocumentSchema.extend({ _id: IdSchema.optional() }),
  isSubscriber: z.boolean().default(false),
  pageSize: PageSizeSchema.default('letter'),
  /**
   * Subscribers only (docs/sharing.md §8): add the discussion sheet of this agreement (its items marked
   * "to discuss", with both partners' notes) as a last part. Off by default; guests' PDFs ignore it.
   */
  discussionOf: IdSchema.optional(),
  /** Layout, suit colours and legend (docs/product.md §11); today's look when left out. */
  print: PrintOptionsSchema.optional(),
  /**
   * The version of the agreement being printed (its revision), printed in the footer with the date;
   * left out for the trial, whose agreement has no versions.
   */
  revision: z.number().int().min(0).max(1_000_000_000).optional(),
});
export type MakePdfRequest = z.input<typeof MakePdfRequestSchema>;

/** A stored agreement at one of its kept revisions (the current one, or one History lists). */
export const StoredAgreementRefSchema = z.lazy(() => z.object({ id: IdSchema, revision: z.number().int().min(0).max(1_000_000_000) }));
export type StoredAgreementRef = z.infer<typeof StoredAgreementRefSchema>;

/**
 * POST /api/v1/contracts/pdfCreator (docs/pdf.md §8): a subscriber's PDF of the agreement in the
 * body, or of a stored agreement named by `stored` (id and revision, any access), so that a saved
 * agreement's PDF sends a few hundred bytes instead of the whole agreement. Exactly one of
 * `contract` and `stored` (400 otherwise, STORED_OR_SENT_MESSAGE); `stored` prints that revision and
 * its number in the footer.
 */
export const SubscriberPdfRequestSchema = MakePdfRequestSchema.extend({
  contract: MakePdfRequestSchema.shape.contract.optional(),
  stored: StoredAgreementRefSchema.optional(),
});
export type SubscriberPdfRequest = z.input<typeof SubscriberPdfRequestSchema>;

/** 400 text for a subscriber's PDF request with both or neither of `contract` and `stored`. */
export const STORED_OR_SENT_MESSAGE = 'Send the agreement to print, or name a stored one, not both.';

export const GuestContractNamesAnswerSchema = z.lazy(() => successEnvelope(z.array(ContractNameSchema)));
export const ContractAnswerSchema = z.lazy(() => successEnvelope(ContractSchema));
export const PdfFileInfoAnswerSchema = z.lazy(() => successEnvelope(PdfFileInfoSchema));
/** GET /api/v1/support: where visitors can write to an administrator (docs/product.md §2 registration pages; SUPPORT_EMAIL). */
export const SupportAnswerSchema = z.lazy(() => successEnvelope(z.object({ email: z.string() })));

export const HealthAnswerSchema = z.lazy(() => successEnvelope(z.object({ alive: z.literal(true) })));
/** GET /api/v1/ready: the database answers and every committed migration is applied (ADR 160). */
export const ReadyAnswerSchema = z.lazy(() => successEnvelope(z.object({ database: z.literal('ok'), migrations: z.number().int().min(0) })));
