/**
 * Every template, made into an agreement with items ticked, comes back the same from the PDF the
 * product makes of it (issue 14 §3: the PDF carries the agreement as `agreement.json`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAgreementFromTemplate, selectAllInCategory } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { renderAgreementPdf } from '../../pdf/render-agreement-pdf';
import { exportAgreement, readUploadedAgreement } from './agreement-files';

const TEMPLATES_DIR = join(REPO_ROOT, 'templates');
const files = readdirSync(TEMPLATES_DIR).filter((file) => file.endsWith('.csv'));

function agreementOf(file: string) {
  let agreement = createAgreementFromTemplate(parseMasterCsv(readFileSync(join(TEMPLATES_DIR, file), 'utf8')), `${file} !s`);
  for (const category of agreement.categories.filter((_, index) => index % 2 === 0)) agreement = selectAllInCategory(agreement, category._id);
  return agreement;
}

describe('agreement files through the PDF (issue 14 §3)', () => {
  it('finds the templates', () => expect(files.length).toBeGreaterThanOrEqual(7));

  it.each(files)('gives back the agreement of %s from its PDF, and from its JSON and CSV exports', async (file) => {
    const agreement = agreementOf(file);
    const pdf = await renderAgreementPdf(agreement, { attachment: agreement });
    expect(await readUploadedAgreement(new Uint8Array(pdf))).toEqual(agreement);
    const json = exportAgreement(agreement, 'json', new Date());
    expect(await readUploadedAgreement(new TextEncoder().encode(json.body))).toEqual(agreement);
    const csv = exportAgreement(agreement, 'csv', new Date());
    // A CSV import gives fresh ids; everything else is the same.
    const withoutIds = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === '_id' ? undefined : inner)));
    expect(withoutIds(await readUploadedAgreement(new TextEncoder().encode(csv.body)))).toEqual(withoutIds(agreement));
  });
});
