/**
 * Reads the agreement in an uploaded file (docs/agreement-format.md; docs/product.md §12): a PDF
 * made by the product (its `agreement.json` attachment, read with pdf-lib), a filled ACBL convention
 * card (its form's values, read with pdf-lib), an agreement JSON file or a master-template CSV, told
 * apart by their first bytes. Runs in the import worker
 * (import-worker.ts), never on the request thread, behind the bounds of
 * docs/decisions/190-untrusted-files-off-the-request-thread.md.
 */
import {
  AGREEMENT_ATTACHMENT_NAME,
  AgreementFileError,
  describeFieldPath,
  NOT_AN_AGREEMENT_FILE_MESSAGE,
  PDF_WITHOUT_AGREEMENT_MESSAGE,
  detectAgreementFileKind,
  readAgreementJson,
} from '@bpa/domain/agreement-file';
import { readAgreementCsv } from '@bpa/domain/agreement-csv';
import { MAX_IMPORT_BYTES } from '@bpa/domain/constants';
import type { BboElement } from '@bpa/domain/bbo-card';
import type { CardFieldValue } from '@bpa/domain/card-import';
import { type ContractDocument, ContractDocumentSchema } from '@bpa/domain/contract';
import type { OfficialCardId } from '@bpa/domain/official-card';
import {
  PDFArray,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFDropdown,
  type PDFField,
  PDFHexString,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFRawStream,
  PDFString,
  PDFTextField,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';
import { AppError } from '../errors';
import { PdfLimitError, checkPdfStreams } from './pdf-stream-limits';
import { looksLikeXml, readBboCard } from './read-bbo-card';
import type { BridgodexValues } from '@bpa/domain/bridgodex-card';
import { readBridgodexCard } from './read-bridgodex-card';
import { type UploadedSwanCard, readSwanCard } from './read-swan-card';

/** 400 text for a PDF that cannot be opened. */
export const UNREADABLE_PDF_MESSAGE = 'This PDF cannot be read. Choose a PDF made by Bridge Partnership Agreements, or a .json or .csv export.';
/** 413 text for a PDF whose streams decode past the bounds (pdf-stream-limits.ts). */
export const PDF_CONTENT_TOO_LARGE_MESSAGE =
  'This PDF cannot be imported: its content unpacks to far more than any agreement needs. Choose a PDF made by Bridge Partnership Agreements, or a .json or .csv export.';
/** 400 text for a PDF whose streams are packed inside one another more often than PDF writers do. */
export const PDF_NESTED_FILTERS_MESSAGE =
  'This PDF cannot be imported: its content is packed in more layers than PDF files use. Choose a PDF made by Bridge Partnership Agreements, or a .json or .csv export.';
/** 413 text for an `agreement.json` attachment larger than an agreement file may be. */
export const ATTACHMENT_TOO_LARGE_MESSAGE = `The agreement inside this PDF is too large: at most ${MAX_IMPORT_BYTES / 1_000_000} MB.`;

/** What an uploaded file holds: an agreement file of the product's, or the values of a filled ACBL card. */
export type UploadedFile =
  | { kind: 'agreement'; document: ContractDocument }
  | { kind: 'card'; card: OfficialCardId; values: Record<string, CardFieldValue> }
  | { kind: 'bbo'; elements: BboElement[] }
  | { kind: 'bridgodex'; card: BridgodexValues }
  | UploadedSwanCard;

/** Most form fields read from one PDF (the classic card has 537). */
const MAX_FORM_FIELDS = 2_000;
/** Longest form value kept, in characters. */
const MAX_FORM_VALUE_LENGTH = 1_000;

/**
 * Which ACBL form a PDF's fields are, by names only that form has (docs/official-cards.md §1), or
 * undefined for any other form.
 */
export function officialCardOfFields(names: ReadonlySet<string>): OfficialCardId | undefined {
  if (names.has('NAMES') && names.has('GENERAL APPROACH') && names.has('SPECIAL DOUBLES')) return 'classic';
  if (names.has('Name.t.1') && names.has('OV.t.1') && names.has('1NT.t.1')) return '2022';
  return undefined;
}

/**
 * A form field's value as the card mapping reads it (domain card-import.ts): a check box or a radio
 * button is ticked or not (a radio group: one of its buttons is chosen), a text field or a choice
 * gives its text (cut at MAX_FORM_VALUE_LENGTH); other fields (push buttons, signatures) none.
 */
function formFieldValue(field: PDFField): CardFieldValue | undefined {
  if (field instanceof PDFCheckBox) return field.isChecked();
  if (field instanceof PDFRadioGroup) return field.getSelected() !== undefined;
  if (field instanceof PDFTextField) return (field.getText() ?? '').slice(0, MAX_FORM_VALUE_LENGTH);
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) return field.getSelected().join(', ').slice(0, MAX_FORM_VALUE_LENGTH);
  return undefined;
}

/** Most name-tree nodes visited looking for an attachment (a tree is a few nodes deep). */
const MAX_NAME_TREE_NODES = 1_000;

/** A PDF string's text, or undefined for anything else. */
function textOf(value: unknown): string | undefined {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
}

/**
 * The decoded bytes of the PDF's embedded file named `fileName` (by its name-tree key or its file
 * specification's `/UF` or `/F`, ISO 32000-1 §7.11.4), or undefined. Walks the `EmbeddedFiles`
 * name tree (its `/Kids` too) with pdf-lib's object model; an embedded file's `/Params` is optional.
 */
function embeddedFile(document: PDFDocument, fileName: string): Uint8Array | undefined {
  const names = document.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const root = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const pending = root ? [root] : [];
  for (let visited = 0; pending.length > 0 && visited < MAX_NAME_TREE_NODES; visited++) {
    const node = pending.pop()!;
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let index = 0; kids && index < kids.size(); index++) {
      const kid = kids.lookup(index);
      if (kid instanceof PDFDict) pending.push(kid);
    }
    const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let index = 0; pairs && index + 1 < pairs.size(); index += 2) {
      const spec = pairs.lookup(index + 1);
      if (!(spec instanceof PDFDict)) continue;
      const named = [textOf(pairs.lookup(index)), textOf(spec.lookup(PDFName.of('UF'))), textOf(spec.lookup(PDFName.of('F')))];
      if (!named.includes(fileName)) continue;
      const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
      if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
    }
  }
  return undefined;
}

/**
 * The `agreement.json` attachment of a PDF (null when it has none) and, for a filled ACBL card, its
 * fields; read with pdf-lib (the library the server writes forms with), after the stream bounds.
 */
async function readPdf(bytes: Uint8Array): Promise<{ json: string | null; card?: { card: OfficialCardId; values: Record<string, CardFieldValue> } }> {
  try {
    checkPdfStreams(bytes);
  } catch (error) {
    if (!(error instanceof PdfLimitError)) throw error;
    if (error.problem === 'nested_filters') throw new AppError('bad_request', PDF_NESTED_FILTERS_MESSAGE, { logDetail: error.message });
    throw new AppError('too_large', PDF_CONTENT_TOO_LARGE_MESSAGE, { logDetail: error.message });
  }
  const unreadable = (error: unknown) =>
    new AppError('bad_request', UNREADABLE_PDF_MESSAGE, { logDetail: String((error as { message?: unknown } | null)?.message ?? error) });
  let document: PDFDocument;
  try {
    // A form protected by an owner password (its user password empty) opens as readers open it.
    document = await PDFDocument.load(bytes, { password: '', throwOnInvalidObject: false, updateMetadata: false });
  } catch (error) {
    throw unreadable(error);
  }
  let fields: PDFField[];
  try {
    const found = embeddedFile(document, AGREEMENT_ATTACHMENT_NAME);
    if (found) {
      if (found.byteLength > MAX_IMPORT_BYTES) throw new AppError('too_large', ATTACHMENT_TOO_LARGE_MESSAGE);
      return { json: new TextDecoder().decode(found) };
    }
    fields = document.getForm().getFields();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // pdf-lib reads some objects only when asked: a damaged file may open and then fail here.
    throw unreadable(error);
  }
  if (fields.length > MAX_FORM_FIELDS) throw new AppError('bad_request', NOT_A_CARD_MESSAGE, { logDetail: `${fields.length} form fields` });
  const names = new Set(fields.map((field) => field.getName()));
  const card = officialCardOfFields(names);
  if (!card) return { json: null };
  const values: Record<string, CardFieldValue> = {};
  for (const field of fields) {
    try {
      const value = formFieldValue(field);
      if (value !== undefined) values[field.getName()] = value;
    } catch {
      // A field whose value cannot be read (a damaged appearance or value) is left out, as a blank.
    }
  }
  return { json: null, card: { card, values } };
}

/** 400 text for a PDF that is neither the product's nor a filled ACBL convention card. */
export const NOT_A_CARD_MESSAGE =
  'This PDF holds no agreement to import: choose a PDF made by Bridge Partnership Agreements, or a filled ACBL convention card (the classic card or the 2022 card).';

/**
 * Reads and checks the agreement in an uploaded file.
 *
 * @param bytes the file, at most MAX_IMPORT_BYTES (the route's bound)
 * @returns the agreement document, checked against the rules of a save (ContractDocumentSchema:
 *   names, counts, text)
 * @throws AppError bad_request with the problems (line or field named) when nothing can be
 *   imported; too_large for a PDF whose content unpacks past the bounds of pdf-stream-limits.ts
 */
export async function readUploadedAgreement(bytes: Uint8Array): Promise<ContractDocument> {
  const upload = await readUploadedFile(bytes);
  if (upload.kind !== 'agreement') throw new AppError('bad_request', PDF_WITHOUT_AGREEMENT_MESSAGE);
  return upload.document;
}

/**
 * Reads an uploaded file: an agreement file of the product's (as `readUploadedAgreement`), or the
 * field values of a filled ACBL convention card, classic or 2022 (docs/agreement-format.md, "Other
 * tools' cards"), which the route turns into an agreement with the catalogue (domain card-import.ts).
 *
 * @throws AppError as readUploadedAgreement; bad_request NOT_A_CARD_MESSAGE for a PDF that is
 *   neither the product's nor an ACBL card
 */
export async function readUploadedFile(bytes: Uint8Array): Promise<UploadedFile> {
  let read: ContractDocument;
  try {
    const kind = detectAgreementFileKind(bytes);
    if (kind === 'pdf') {
      const pdf = await readPdf(bytes);
      if (pdf.card) return { kind: 'card', ...pdf.card };
      if (pdf.json === null) throw new AgreementFileError(NOT_A_CARD_MESSAGE);
      read = readAgreementJson(pdf.json);
    } else {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      // A BBO convention card is XML (docs/agreement-format.md, "BBO cards").
      if (looksLikeXml(text)) return { kind: 'bbo', elements: readBboCard(text) };
      // A Bridgodex convention card is JSON with a `settings` object (docs/agreement-format.md, "Bridgodex cards").
      const bridgodex = kind === 'json' ? readBridgodexCard(text) : undefined;
      if (bridgodex) return { kind: 'bridgodex', card: bridgodex };
      // A Bridge Winners card is JSON whose top-level key is Convention_Card (docs/agreement-format.md, "Bridge Winners cards").
      const swan = kind === 'json' ? readSwanCard(text) : undefined;
      if (swan) return swan;
      read = kind === 'json' ? readAgreementJson(text) : readAgreementCsv(text);
    }
  } catch (error) {
    if (error instanceof AgreementFileError) {
      throw new AppError('bad_request', error.message, {
        issues: error.issues.map((issue) => ({
          ...(issue.line === undefined ? {} : { line: issue.line }),
          // The domain's message names the place as a player reads it (describeFieldPath).
          message: issue.message,
        })),
      });
    }
    if (error instanceof TypeError && /decode|encoded/i.test(error.message)) throw new AppError('bad_request', NOT_AN_AGREEMENT_FILE_MESSAGE);
    throw error;
  }
  // The same rules as a save (names, counts), whatever the file's kind.
  const checked = ContractDocumentSchema.safeParse(read);
  if (!checked.success) {
    const issues = checked.error.issues.slice(0, 20).map((issue) => ({ message: `${describeFieldPath(read, issue.path)}: ${issue.message}` }));
    throw new AppError('bad_request', `The agreement in the file is not valid: ${issues[0]?.message ?? ''}`, { issues });
  }
  return { kind: 'agreement', document: checked.data };
}
