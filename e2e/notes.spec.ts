/**
 * Notes on subjects and categories (docs/agreement-format.md, "Notes"), end to end in real Chromium:
 * a subscriber writes a subject's note and a category's note in the editor and saves; a partner's
 * save from the same revision with another note merges item by item; the PDF prints the notes; the
 * JSON export carries them and an import into another agreement gives back an agreement that
 * Compare finds identical, notes included.
 */
import { AGREEMENT_FILE_VERSION } from '@bpa/domain/agreement-file';
import { compareAgreements } from '@bpa/domain/compare';
import type { Contract, ContractName, TemplateSummary } from '@bpa/domain/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expectNoSeriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { useClientAddress } from './support/client-address';

useClientAddress(17);

const SUBJECT_NOTE = 'Only with a 5-card !s suit\nnot in third seat';
const CATEGORY_NOTE = 'The same over 2NT';

test('notes are written in the editor, merged, printed, exported and imported', async ({ subscriberPage: page }) => {
  test.setTimeout(180_000);

  const names = ((await (await page.request.get('/api/v1/contracts/my')).json()) as { data: ContractName[] }).data;
  const partner1 = names.find((row) => row.contractName === 'Partner 1')!;
  const partner2 = names.find((row) => row.contractName === 'Partner 2')!;
  const templates = ((await (await page.request.get('/api/v1/contracts/templates/')).json()) as { data: TemplateSummary[] }).data;
  const lc = templates.find((template) => template.templateName === 'LC Standard')!;
  expect((await page.request.patch(`/api/v1/contracts/my/${partner1._id}/template`, { data: { templateId: lc._id } })).status()).toBe(200);
  const load = async (id: string) => ((await (await page.request.get(`/api/v1/contracts/my/${id}`)).json()) as { data: Contract }).data;
  const base = await load(partner1._id);
  const notrump = base.categories.find((c) => c.categoryName === 'Notrump Openings')!;
  const [first, second] = notrump.subjects.filter((s) => s.isSelected);
  const shown = (subject: typeof first) => (subject!.isEdited ? subject!.editedName : subject!.subjectName);

  // In the editor: a subject's note and the category's note, then Save.
  await page.reload();
  await page.getByRole('button', { name: 'Edit Agreement: Partner 1' }).click();
  await page.getByRole('button', { name: /Notrump Openings/ }).click();
  await expect(page.getByRole('heading', { name: /^II\. Notrump Openings/ })).toBeVisible();
  await page.getByRole('button', { name: `Write a note: ${shown(first)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Note on ${shown(first)}` });
  await dialog.getByLabel(/^Note/).fill(SUBJECT_NOTE);
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save note' }).click();
  await expect(page.locator('.subject-row .item-note').first()).toContainText('Only with a 5-card');
  await page.getByRole('button', { name: 'Write a category note' }).click();
  await page.getByRole('dialog', { name: 'Note on Notrump Openings' }).getByLabel(/^Note/).fill(CATEGORY_NOTE);
  await page.getByRole('button', { name: 'Save note' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.save-state')).toHaveText('All changes are saved.');
  const saved = await load(partner1._id);
  const savedNotrump = saved.categories.find((c) => c._id === notrump._id)!;
  expect(savedNotrump.note).toBe(CATEGORY_NOTE);
  expect(savedNotrump.subjects.find((s) => s._id === first!._id)!.note).toBe(SUBJECT_NOTE);

  // A partner who loaded the agreement before writes a note on another subject: both notes are kept.
  const partnerSave = {
    contractName: base.contractName,
    categories: base.categories.map((c) =>
      c._id === notrump._id ? { ...c, subjects: c.subjects.map((s) => (s._id === second!._id ? { ...s, note: 'Partner: systems on' } : s)) } : c,
    ),
    revision: base.revision,
  };
  const merged = await page.request.patch(`/api/v1/contracts/my/${partner1._id}`, { data: partnerSave });
  expect(merged.status(), await merged.text()).toBe(200);
  const after = (await load(partner1._id)).categories.find((c) => c._id === notrump._id)!;
  expect(after.subjects.find((s) => s._id === first!._id)!.note).toBe(SUBJECT_NOTE);
  expect(after.subjects.find((s) => s._id === second!._id)!.note).toBe('Partner: systems on');
  expect(after.note).toBe(CATEGORY_NOTE);

  // The PDF prints them.
  const made = await page.request.post('/api/v1/contracts/pdfCreator', { data: { contract: await load(partner1._id), isSubscriber: true } });
  expect(made.status(), await made.text()).toBe(200);
  const { fileName } = ((await made.json()) as { data: { fileName: string } }).data;
  const pdf = await (await page.request.get(`/api/v1/contracts/pdfviewer/${fileName}`)).body();
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  let text = '';
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  }
  expect(text).toContain(CATEGORY_NOTE);
  expect(text).toContain('not in third seat');
  expect(text).toContain('Partner: systems on');

  // Exported as JSON and imported into Partner 2: Compare finds no difference, notes included.
  const exported = await (await page.request.get(`/api/v1/contracts/${partner1._id}/export?format=json`)).text();
  expect(JSON.parse(exported)).toMatchObject({ version: AGREEMENT_FILE_VERSION });
  const imported = await page.request.post(`/api/v1/contracts/${partner2._id}/import`, {
    data: { fileName: 'partner-1.json', data: Buffer.from(exported).toString('base64') },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const copy = await load(partner2._id);
  expect(copy.categories.find((c) => c.categoryName === 'Notrump Openings')!.note).toBe(CATEGORY_NOTE);
  expect(compareAgreements(await load(partner1._id), copy).differenceCount).toBe(0);
});
