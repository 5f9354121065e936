/**
 * An agreement that leaves the product and comes back compares as the same agreement
 * (docs/catalogue-keys.md; docs/agreement-format.md): for every shipped template, with ticks,
 * renames, notes and user-added subjects and options applied at random, export as JSON, CSV and the
 * product's PDF, import each into another agreement slot as the import route does (read the file,
 * key by name, take the slot's ids by key), and Compare says "no difference". A property test
 * (fast-check): each template is tried with several random sets of edits.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { toAgreementFile } from '@bpa/domain/agreement-file';
import { toAgreementCsv } from '@bpa/domain/agreement-csv';
import { alignIdsByKey } from '@bpa/domain/catalogue-keys';
import { compareAgreements } from '@bpa/domain/compare';
import { type ContractDocument, isPlaceholderName } from '@bpa/domain/contract';
import { createAgreementFromTemplate, renameOption, renameSubject, setCategoryNote, setSubjectNote, toggleOption, toggleSubject } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyCategories } from '../../catalogue/catalogue';
import { REPO_ROOT } from '../../config';
import { readUploadedAgreement } from '../../file-import/read-uploaded-agreement';
import { renderAgreementPdf } from '../../pdf/render-agreement-pdf';
import { testCatalogue } from '../../test/test-app';

const TEMPLATES_DIR = join(REPO_ROOT, 'templates');
const templateFiles = readdirSync(TEMPLATES_DIR).filter((name) => name.endsWith('.csv'));
const templateOf = (file: string) => parseMasterCsv(readFileSync(join(TEMPLATES_DIR, file), 'utf8'));

/** One edit a player makes in the editor, addressed by indexes taken modulo the sizes found. */
type Edit =
  | { kind: 'tickSubject' | 'tickOption' | 'renameSubject' | 'renameOption' | 'note'; category: number; subject: number; option: number; text: string }
  | { kind: 'addSubject' | 'addOption' | 'categoryNote'; category: number; subject: number; option: number; text: string };

const text = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 !,()-]{0,30}$/).filter((value) => value.trim() !== '' && !value.startsWith('button'));
const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('tickSubject', 'tickOption', 'renameSubject', 'renameOption', 'note', 'addSubject', 'addOption', 'categoryNote'),
  category: fc.nat(12),
  subject: fc.nat(400),
  option: fc.nat(40),
  text,
});

/** Applies one edit with the editor's own functions (domain editing.ts). */
function apply(doc: ContractDocument, change: Edit): ContractDocument {
  const category = doc.categories[change.category % doc.categories.length]!;
  const real = category.subjects.filter((subject) => !isPlaceholderName(subject.subjectName));
  const subject = real[change.subject % Math.max(real.length, 1)];
  const placeholderSubject = category.subjects.find((row) => isPlaceholderName(row.subjectName));
  switch (change.kind) {
    case 'categoryNote':
      return setCategoryNote(doc, category._id, change.text);
    case 'addSubject':
      return placeholderSubject ? renameSubject(doc, category._id, placeholderSubject._id, change.text) : doc;
    default:
      break;
  }
  if (!subject || subject.isLocked) return doc;
  const options = subject.options.filter((row) => !isPlaceholderName(row.optionName));
  const option = options[change.option % Math.max(options.length, 1)];
  const placeholderOption = subject.options.find((row) => isPlaceholderName(row.optionName));
  switch (change.kind) {
    case 'tickSubject':
      return toggleSubject(doc, category._id, subject._id);
    case 'tickOption':
      return option ? toggleOption(doc, category._id, subject._id, option._id) : doc;
    case 'renameSubject':
      return renameSubject(doc, category._id, subject._id, change.text);
    case 'renameOption':
      return option ? renameOption(doc, category._id, subject._id, option._id, change.text) : doc;
    case 'note':
      return setSubjectNote(doc, category._id, subject._id, change.text);
    case 'addOption':
      return placeholderOption ? renameOption(doc, category._id, subject._id, placeholderOption._id, change.text) : doc;
    default:
      return doc;
  }
}

/** The ids of the user-added subjects and options (docs/product.md §9), sorted. */
const userAddedIds = (doc: ContractDocument) =>
  doc.categories
    .flatMap((category) => category.subjects.flatMap((subject) => [subject, ...subject.options]))
    .filter((item) => ('subjectName' in item ? item.subjectName : item.optionName) === 'User added')
    .map((item) => item._id)
    .sort();

/** What the import route stores in `slot`: the file read, keyed by name, with the slot's ids by key. */
async function importInto(bytes: Uint8Array, slot: ContractDocument): Promise<ContractDocument> {
  const read = await readUploadedAgreement(bytes);
  return alignIdsByKey({ ...read, categories: keyCategories(read.categories, testCatalogue()).categories }, slot);
}

describe('an exported agreement imported into another slot compares as the same agreement', () => {
  it.each(templateFiles)('%s, with random edits, through JSON, CSV and PDF', async (file) => {
    const template = templateOf(file);
    // The other slot: made from another template, as a subscriber's "Partner 2" might be.
    const slot = createAgreementFromTemplate(templateOf(templateFiles[(templateFiles.indexOf(file) + 1) % templateFiles.length]!), 'Partner 2');
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 25 }), async (edits) => {
        const original = edits.reduce(apply, createAgreementFromTemplate(template, 'With Anna'));
        const exports: [string, Uint8Array][] = [
          ['json', Buffer.from(JSON.stringify(toAgreementFile(original, new Date(0))))],
          ['csv', Buffer.from(toAgreementCsv(original))],
          ['pdf', new Uint8Array(await renderAgreementPdf(original, { attachment: original }))],
        ];
        for (const [format, bytes] of exports) {
          const imported = await importInto(bytes, slot);
          const comparison = compareAgreements(original, imported);
          const listed = comparison.categories.flatMap((category) =>
            category.differences.map((difference) => `${category.name.left}: ${difference.kind} ${difference.left.name || difference.right.name}`),
          );
          expect({ format, differenceCount: comparison.differenceCount, listed }).toEqual({ format, differenceCount: 0, listed: [] });
          // A user-added item has no key: it is the same item because it keeps its id (the CSV's id column).
          expect({ format, ids: userAddedIds(imported) }).toEqual({ format, ids: userAddedIds(original) });
        }
      }),
      { numRuns: 3, seed: 25 },
    );
  });
});
