/**
 * Every template, made into an agreement with items ticked, comes back the same from the PDF the
 * product makes of it and from its convention card (docs/product.md §12: every PDF of an agreement carries
 * it as `agreement.json`), and from its JSON and CSV exports.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ContractDocument } from '@bpa/domain/contract';
import { createAgreementFromTemplate, selectAllInCategory } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { renderOfficialCard } from '../../pdf/render-official-card';
import { renderAgreementPdf } from '../../pdf/render-agreement-pdf';
import { readUploadedAgreement } from '../../file-import/read-uploaded-agreement';
import { exportAgreement } from './agreement-files';

const TEMPLATES_DIR = join(REPO_ROOT, 'templates');
const files = readdirSync(TEMPLATES_DIR).filter((file) => file.endsWith('.csv'));

function agreementOf(file: string): ContractDocument {
  let agreement: ContractDocument = {
    ...createAgreementFromTemplate(parseMasterCsv(readFileSync(join(TEMPLATES_DIR, file), 'utf8')), `${file} !s`),
    playerNames: ['Anna Smith', `Bob ${file}`],
  };
  for (const category of agreement.categories.filter((_, index) => index % 2 === 0)) agreement = selectAllInCategory(agreement, category._id);
  return agreement;
}

describe('agreement files through the PDF (docs/product.md §12)', () => {
  it('finds the templates', () => expect(files.length).toBeGreaterThanOrEqual(7));

  it.each(files)('gives back the agreement of %s from its PDF and its convention card, and from its JSON and CSV exports', async (file) => {
    const agreement = agreementOf(file);
    const pdf = await renderAgreementPdf(agreement, { attachment: agreement });
    expect(await readUploadedAgreement(new Uint8Array(pdf))).toEqual(agreement);
    const card = await renderOfficialCard(agreement, 'classic');
    expect(await readUploadedAgreement(new Uint8Array(card.pdf))).toEqual(agreement);
    const json = exportAgreement(agreement, 'json', new Date());
    expect(await readUploadedAgreement(new TextEncoder().encode(json.body))).toEqual(agreement);
    const csv = exportAgreement(agreement, 'csv', new Date());
    // A CSV import gives fresh ids; everything else is the same, but a CSV
    const withoutIds = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === '_id' ? undefined : inner)));
    // and has no place for the player names.
    expect(withoutIds(await readUploadedAgreement(new TextEncoder().encode(csv.body)))).toEqual(withoutIds({ ...agreement, playerNames: undefined }));
  });
});
