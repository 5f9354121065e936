/**
 * The agreement a PDF carries (docs/product.md §12, docs/agreement-format.md, ADR 180): every
 * PDF the product makes of one agreement embeds it as the file attachment `agreement.json`, so a
 * downloaded PDF can be imported back. Sheets that are not one agreement (a comparison) carry none.
 */
import { AGREEMENT_ATTACHMENT_NAME, toAgreementFile } from '@bpa/domain/agreement-file';
import type { ContractDocument } from '@bpa/domain/contract';
import type { PdfDocument } from './pdf-document';

/**
 * Embeds the agreement file (JSON, the versioned format of docs/agreement-format.md) in a
 * document, as an attachment listed in the PDF's embedded files (`PdfDocument.attachFile`).
 *
 * @param doc the document, before `end()`
 * @param document the whole agreement document (every field travels: toAgreementFile)
 * @param writtenOn the file's `exportedAt` and the attachment's dates
 * @throws Error when the document already carries an `agreement.json` or has ended
 */
export function attachAgreement(doc: PdfDocument, document: ContractDocument, writtenOn: Date): void {
  doc.attachFile(Buffer.from(JSON.stringify(toAgreementFile(document, writtenOn))), {
    name: AGREEMENT_ATTACHMENT_NAME,
    type: 'application/json',
    description: 'The agreement, to import into Bridge Partnership Agreements',
    creationDate: writtenOn,
    modifiedDate: writtenOn,
  });
}
