/**
 * Export of agreements as files (docs/agreement-format.md): the formats are the domain's
 * (agreement-file.ts); here are the bytes. Reading an uploaded file is the import worker's
 * (file-import/read-uploaded-agreement.ts), off the request thread.
 */
import { toAgreementFile } from '@bpa/domain/agreement-file';
import { toAgreementCsv } from '@bpa/domain/agreement-csv';
import { ACBL_2022_CARD } from '@bpa/domain/acbl-2022-card';
import { ACBL_CLASSIC_CARD } from '@bpa/domain/acbl-classic-card';
import type { ImportReport } from '@bpa/domain/api-contracts';
import { agreementFromCard } from '@bpa/domain/card-import';
import { type BboElement, bboElementsOf, classicValuesOfBbo } from '@bpa/domain/bbo-card';
import type { BridgodexValues } from '@bpa/domain/bridgodex-card';
import { swanCardOf } from '@bpa/domain/swan-card';
import { XMLBuilder } from 'fast-xml-parser';
import { type ContractDocument, ContractDocumentSchema, isPlaceholderName } from '@bpa/domain/contract';
import { describeFieldPath } from '@bpa/domain/agreement-file';
import { type Catalogue, keyCategories } from '../../catalogue/catalogue';
import { AppError } from '../../errors';
import type { UploadedFile } from '../../file-import/read-uploaded-agreement';
import { downloadName, safeFileName } from '../../safe-file-name';

/** How the import report names each format read. */
const CARD_FORMATS = {
  classic: { map: ACBL_CLASSIC_CARD, name: 'ACBL convention card, classic (2023)' },
  '2022': { map: ACBL_2022_CARD, name: 'ACBL convention card (2022)' },
} as const;

/** A BBO card's agreement: its elements as the classic card's fields, read back through the classic map (domain bbo-card.ts). */
function bboAgreement(elements: readonly BboElement[], catalogue: Catalogue) {
  const { values, leads, unknown } = classicValuesOfBbo(elements);
  return agreementFromCard(values, ACBL_CLASSIC_CARD, catalogue.template, 'Imported card', 'BBO convention card (XML)', { ticks: leads, notPlaced: unknown });
}

/** A Bridgodex card's agreement: its values as the classic card's fields, read back through the classic map (domain bridgodex-card.ts). */
function bridgodexAgreement({ values, leads, unknown }: BridgodexValues, catalogue: Catalogue) {
  return agreementFromCard(values, ACBL_CLASSIC_CARD, catalogue.template, 'Imported card', 'Bridgodex convention card (JSON)', {
    ticks: leads,
    notPlaced: unknown,
  });
}

/** The report's name for a Bridge Winners card (docs/agreement-format.md, "Bridge Winners cards"). */
export const SWAN_FORMAT_NAME = 'Bridge Winners convention card (SWAN JSON)';

/** A Bridge Winners card's agreement: its leaves as the 2022 card's fields, read back through the 2022 map (domain swan-card.ts). */
function swanAgreement(upload: Extract<UploadedFile, { kind: 'swan' }>, catalogue: Catalogue) {
  return agreementFromCard(upload.values, ACBL_2022_CARD, catalogue.template, 'Imported card', SWAN_FORMAT_NAME, {
    ticks: upload.leads,
    notPlaced: upload.unknown,
  });
}

/**
 * The agreement an uploaded file holds, keyed, and the import report (docs/agreement-format.md):
 * an agreement file of the product's is taken whole (items without keys get the catalogue's by
 * name); a filled ACBL card is read through its form's field map (domain card-import.ts).
 *
 * @param upload what the import worker read (read-uploaded-agreement.ts)
 * @param catalogue the keyed catalogue (templates/blank.csv)
 * @throws AppError bad_request when the agreement made from a card breaks a rule of a save (a bug of the map: logged)
 */
export function documentOfUpload(upload: UploadedFile, catalogue: Catalogue): { document: ContractDocument; report: ImportReport } {
  if (upload.kind === 'agreement') {
    const document = { ...upload.document, categories: keyCategories(upload.document.categories, catalogue).categories };
    const subjects = document.categories.flatMap((category) => category.subjects).filter((subject) => !isPlaceholderName(subject.subjectName)).length;
    return { document, report: { format: 'Bridge Partnership Agreements file', read: subjects, placed: subjects, placedAsText: 0, notPlaced: [] } };
  }
  const made =
    upload.kind === 'bridgodex'
      ? bridgodexAgreement(upload.card, catalogue)
      : upload.kind === 'swan'
        ? swanAgreement(upload, catalogue)
        : upload.kind === 'bbo'
          ? bboAgreement(upload.elements, catalogue)
          : agreementFromCard(upload.values, CARD_FORMATS[upload.card].map, catalogue.template, 'Imported card', CARD_FORMATS[upload.card].name);
  const checked = ContractDocumentSchema.safeParse(made.document);
  if (!checked.success) {
    const first = checked.error.issues[0];
    throw new AppError('bad_request', `The card could not be turned into an agreement: ${first ? describeFieldPath(made.document, first.path) : ''}`, {
      logDetail: JSON.stringify(checked.error.issues.slice(0, 5)),
    });
  }
  return { document: checked.data, report: made.report };
}

/** An exported file: its bytes, type and the names it downloads under. */
export interface ExportedAgreement {
  body: string;
  contentType: string;
  /** ASCII fallback and the agreement's own name, for Content-Disposition. */
  fileName: string;
  downloadName: string;
}

/** Writes a BBO card's `<cc>` element (docs/agreement-format.md, "BBO cards"); attribute values are escaped by the builder. */
const bboBuilder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: true, suppressEmptyNode: true, format: false });

/**
 * The agreement as a BBO convention card (XML): the `<cc>` element with every element
 * `bboElementsOf` fills (domain bbo-card.ts), boxes as `c="y"` or `c="n"`, leads as `l="y"`.
 */
export function toBboCardXml(document: ContractDocument): string {
  const children = bboElementsOf(document).map(({ name, value }) => ({
    [name]: [],
    ':@': name.startsWith('E_') ? { t: String(value) } : name.startsWith('L_') ? { l: value ? 'y' : 'n' } : { c: value ? 'y' : 'n' },
  }));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${bboBuilder.build([{ cc: children }]) as string}\n`;
}

/** The agreement as a Bridge Winners card (docs/agreement-format.md, "Bridge Winners cards"): every leaf `swanCardOf` writes (domain swan-card.ts). */
export function toSwanCardJson(document: ContractDocument): string {
  return `${JSON.stringify(swanCardOf(document), null, 2)}\n`;
}

/** The export formats (docs/agreement-format.md): the file's extension and content type. */
const EXPORT_FORMATS = {
  json: { extension: 'json', contentType: 'application/json; charset=utf-8' },
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  bbo: { extension: 'xml', contentType: 'application/xml; charset=utf-8' },
  swan: { extension: 'json', contentType: 'application/json; charset=utf-8' },
} as const;

/**
 * The agreement as a file to download.
 *
 * @param format `json` (the versioned agreement file), `csv` (the master-template format), `bbo`
 *   (a BBO convention card, XML) or `swan` (a Bridge Winners card, JSON)
 * @param now written in the JSON as `exportedAt`
 */
export function exportAgreement(document: ContractDocument, format: keyof typeof EXPORT_FORMATS, now: Date): ExportedAgreement {
  const body =
    format === 'swan'
      ? toSwanCardJson(document)
      : format === 'json'
        ? `${JSON.stringify(toAgreementFile(document, now), null, 2)}\n`
        : format === 'csv'
          ? toAgreementCsv(document)
          : toBboCardXml(document);
  const { extension, contentType } = EXPORT_FORMATS[format];
  const name =
    format === 'bbo' ? `${document.contractName} BBO card` : format === 'swan' ? `${document.contractName} Bridge Winners card` : document.contractName;
  return {
    body,
    contentType,
    fileName: safeFileName(name, extension, 'agreement'),
    downloadName: downloadName(name, extension, 'agreement'),
  };
}
