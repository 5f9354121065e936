/**
 * Pure helpers of the Admin Panel (docs/product.md §2 "Admin Panel", docs/product.md §5, docs/product.md §9): how dates, message
 * times and prices are shown, when a table paginates, and the browser's check of a master upload
 * before it is sent (the server checks again, docs/product.md §D6).
 */
import { ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_OPTIONS, MAX_UPLOAD_BYTES } from '@bpa/domain/constants';
import { MAX_UPLOAD_SIZE_LABEL, formatPriceCents } from '@bpa/domain/api-admin';
import { invalidFileSizeMessage } from '@bpa/domain/messages';
import { ErrorEnvelopeSchema } from '@bpa/domain/api';
import { toErrorMessage } from '../../lib/error-message';

/** Options of the date and time formatters; tests fix the time zone, the app uses the browser's. */
export interface FormatOptions {
  /** IANA time zone, e.g. 'UTC' or 'America/New_York'; default the browser's own. */
  timeZone?: string;
}

function parseDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Intl puts a narrow no-break space (U+202F) before AM/PM in recent ICU versions and a plain one
 * in older ones; one ordinary space gives the same text in every browser and in Node.
 */
function normaliseSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * A date as month/day/year (docs/product.md §9: "Dates month/day/year"; locale date format mm/dd/yy), two
 * digits for month and day and four for the year.
 *
 * @param iso an ISO 8601 date-time, e.g. "2025-03-01T14:05:00.000Z"
 * @returns e.g. "03/01/2025" (in the given or the browser's time zone); the input unchanged when it is not a date
 */
export function formatAdminDate(iso: string, options: FormatOptions = {}): string {
  const date = parseDate(iso);
  if (!date) return iso;
  return new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: options.timeZone }).format(date);
}

/**
 * A time in 12-hour form with AM/PM (docs/product.md §9: "message times 12-hour with AM/PM").
 *
 * @param iso an ISO 8601 date-time
 * @returns e.g. "2:05 PM"; the input unchanged when it is not a date
 */
export function formatMessageTime(iso: string, options: FormatOptions = {}): string {
  const date = parseDate(iso);
  if (!date) return iso;
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: options.timeZone }).format(date);
  return normaliseSpaces(time);
}

/**
 * When a message was sent: its date (month/day/year) and its time (12-hour), docs/product.md §9.
 *
 * @returns e.g. "03/01/2025 2:05 PM"; the input unchanged when it is not a date
 */
export function formatMessageSentAt(iso: string, options: FormatOptions = {}): string {
  if (!parseDate(iso)) return iso;
  return `${formatAdminDate(iso, options)} ${formatMessageTime(iso, options)}`;
}

/**
 * A price in cents as a dollar amount with cents (docs/product.md §9: "$15 (shown as a dollar amount with .00)").
 *
 * @param cents a whole number of cents, e.g. 1500
 * @returns e.g. "$15.00"
 */
export function formatPrice(cents: number): string {
  return formatPriceCents(cents);
}

/** The paginator settings of a PrimeReact DataTable (docs/product.md §9). */
export interface TablePagination {
  paginator: boolean;
  rows: number;
  rowsPerPageOptions: number[];
}

/**
 * docs/product.md §9: "Admin tables paginate only with more than 10 rows; 10 per page, options 10, 20, 50".
 *
 * @param rowCount how many rows the table holds
 * @returns the DataTable props: `paginator` only above ADMIN_PAGE_SIZE rows
 */
export function tablePagination(rowCount: number): TablePagination {
  return { paginator: rowCount > ADMIN_PAGE_SIZE, rows: ADMIN_PAGE_SIZE, rowsPerPageOptions: [...ADMIN_PAGE_SIZE_OPTIONS] };
}

/** Shown when no file, or more than one, is chosen for a master upload (docs/product.md §5: "a single CSV file"). */
export const ONE_FILE_MESSAGE = 'Please choose one CSV file.';

/** Shown when the chosen file is not a CSV file (docs/product.md §5). */
export function notCsvMessage(fileName: string): string {
  return `${fileName}: Please choose a CSV file (a name ending in .csv).`;
}

/** What the browser knows of a chosen file; a `File` fits. */
export interface ChosenFile {
  name: string;
  /** Size in bytes. */
  size: number;
}

/**
 * The browser's check of a master upload before it is sent (docs/product.md §5: "a single CSV file, at most
 * 1,000,000 bytes"; size error text of docs/product.md §5 and 8: `invalidFileSizeMessage(fileName, limit)`).
 * The server checks the same rules again and parses the file (docs/product.md §D6).
 *
 * @param files the chosen files (a FileList or an array)
 * @returns the problem to show, or null when the file may be sent
 */
export function checkMasterUpload(files: ArrayLike<ChosenFile>): string | null {
  if (files.length !== 1) return ONE_FILE_MESSAGE;
  const file = files[0];
  if (!file) return ONE_FILE_MESSAGE;
  if (!/\.csv$/i.test(file.name)) return notCsvMessage(file.name);
  if (file.size > MAX_UPLOAD_BYTES) return invalidFileSizeMessage(file.name, MAX_UPLOAD_SIZE_LABEL);
  return null;
}

/**
 * The file name a downloaded template is saved under: the template's name with characters that
 * file systems refuse replaced, and ".csv".
 *
 * @param templateName e.g. "Basic Precision"
 * @returns e.g. "Basic Precision.csv"; "template.csv" for a name with nothing usable
 */
export function toCsvFileName(templateName: string): string {
  const safe = Array.from(templateName, (character) => (character < ' ' ? ' ' : character))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${safe === '' ? 'template' : safe}.csv`;
}

/**
 * The count above an admin table, e.g. "1 subscription", "3 messages", "No users".
 *
 * @param count how many rows
 * @param noun the singular noun; the plural adds "s"
 */
export function countText(count: number, noun: string): string {
  if (count === 0) return `No ${noun}s`;
  return `${String(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * What an admin table says when it has no rows: `empty` when the list loaded and is empty, else why
 * it could not be loaded. The spec ignores admin list load errors (docs/product.md §8); an empty table then read
 * as "No messages." while messages were there, e.g. in a second tab after an impersonation began
 * in another (ADR 111).
 *
 * @param error the query's error, if any (RTK Query's `error`)
 * @param empty the text for an empty list, e.g. "No messages."
 * @param what the list's name for the failure sentence, e.g. "messages"
 */
export function tableEmptyText(error: unknown, empty: string, what: string): string {
  return error === undefined ? empty : `The ${what} could not be loaded: ${toErrorMessage(error)}`;
}

/** A rejected master upload as the Templates tab shows it: one sentence and the file's problems. */
export interface UploadProblem {
  message: string;
  /** One line per problem, e.g. "Line 4, column 1: Unknown level "subjet"" (docs/product.md §D6); empty when none were listed. */
  issues: string[];
}

/**
 * What to show for a failed master upload (docs/product.md §D6: "Errors name the line and column and reject
 * the whole file"). The server's 400 answer lists `issues` with line and column: the sentence then
 * names the file and counts them, and the list gives each. A 413 carries the size error of docs/product.md §8;
 * anything else becomes one sentence (`toErrorMessage`).
 *
 * @param error an RTK Query error (`{ status, data }`) or anything thrown
 * @param fileName the name of the file that was sent
 */
export function toUploadProblem(error: unknown, fileName: string): UploadProblem {
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data: unknown }).data : undefined;
  const envelope = ErrorEnvelopeSchema.safeParse(data);
  const issues = envelope.success ? (envelope.data.issues ?? []) : [];
  if (issues.length === 0) return { message: toErrorMessage(error), issues: [] };
  return {
    // The server's own sentence repeats the first problem; the list below shows them all.
    message: `${fileName} was not uploaded: ${countText(issues.length, 'problem')} found. Nothing was changed; fix the file and upload it again.`,
    issues: issues.map((issue) => {
      const place = [issue.line !== undefined ? `Line ${String(issue.line)}` : '', issue.column !== undefined ? `column ${String(issue.column)}` : '']
        .filter(Boolean)
        .join(', ');
      return place === '' ? issue.message : `${place}: ${issue.message}`;
    }),
  };
}
