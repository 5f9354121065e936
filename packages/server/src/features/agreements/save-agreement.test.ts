import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ContractDocument, ContractDocumentSchema } from '@bpa/domain/contract';
import { createAgreementFromTemplate, renameSubject, toggleSubject } from '@bpa/domain/editing';
import { listItemChanges, summariseChange } from '@bpa/domain/history';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import type { Operation } from 'fast-json-patch';
// The package is CommonJS: Node's ESM loader gives its exports on the default import only.
import jsonPatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { FIXTURE_TEMPLATES_DIR } from '../../test/test-app';
import { applyChanges } from './apply-changes';
import { checkChangedDocument } from './save-agreement';

const template = parseMasterCsv(readFileSync(join(FIXTURE_TEMPLATES_DIR, 'basic-precision.csv'), 'utf8'));
const stored: ContractDocument = ContractDocumentSchema.parse(
  createAgreementFromTemplate({ templateName: template.templateName, categories: template.categories }, 'Partner 1'),
);
const category = stored.categories[2]!;
const subject = category.subjects[0]!;

/** What checking the whole document gives, in checkChangedDocument's form. */
function wholeCheck(changed: unknown) {
  const result = ContractDocumentSchema.safeParse(changed);
  return result.success ? { data: result.data } : { issues: result.error.issues.map(({ path, message }) => ({ path, message })) };
}

describe('checkChangedDocument (a save of changes checks only the categories they reach, ADR 185)', () => {
  const cases: [string, Operation[]][] = [
    ['a tick', [{ op: 'replace', path: '/categories/2/subjects/0/isSelected', value: !subject.isSelected }]],
    [
      'a new agreement name and player names',
      [
        { op: 'replace', path: '/contractName', value: 'Anna & Bob' },
        { op: 'add', path: '/playerNames', value: ['Anna', 'Bob'] },
      ],
    ],
    ['an unknown key in a subject (dropped, as a whole check drops it)', [{ op: 'add', path: '/categories/2/subjects/0/colour', value: 'red' }]],
    ['an unknown key at the top (dropped)', [{ op: 'add', path: '/extra', value: 1 }]],
    ['a subject name too long', [{ op: 'replace', path: '/categories/2/subjects/0/editedName', value: 'x'.repeat(5000) }]],
    ['a tick that is not a boolean', [{ op: 'replace', path: '/categories/5/subjects/0/isSelected', value: 'yes' }]],
    ['an empty agreement name', [{ op: 'replace', path: '/contractName', value: '' }]],
    ['a category removed (12 left)', [{ op: 'remove', path: '/categories/12' }]],
    ['categories replaced by an object', [{ op: 'replace', path: '/categories', value: {} }]],
    ['a category moved to another place', [{ op: 'move', from: '/categories/0', path: '/categories/12' }]],
  ];
  for (const [what, changes] of cases) {
    it(`gives what checking the whole document gives: ${what}`, () => {
      const changed = applyChanges(stored, changes);
      const whole = wholeCheck(changed);
      const checked = checkChangedDocument(stored, changed);
      if ('data' in whole) expect(checked).toEqual(whole);
      else expect('issues' in checked && checked.issues.map(({ path, message }) => ({ path, message }))).toEqual(whole.issues);
    });
  }

  it('does not check again a category of the stored document, and checks one the changes reached', () => {
    // A stored category is trusted as it is (it was checked when stored): a damaged one shows that it is not read.
    const damaged = {
      ...stored,
      categories: stored.categories.map((c, index) => (index === 7 ? { ...c, subjects: 'damaged' } : c)),
    } as unknown as ContractDocument;
    const untouched = applyChanges(damaged, [{ op: 'replace', path: '/contractName', value: 'Renamed' }]);
    expect(checkChangedDocument(damaged, untouched)).toEqual({ data: { ...damaged, contractName: 'Renamed' } });
    const reached = applyChanges(damaged, [{ op: 'replace', path: '/categories/7/categoryName', value: 'Reached' }]);
    expect(checkChangedDocument(damaged, reached)).toMatchObject({ issues: [{ path: ['categories', 7, 'subjects'] }] });
  });
});

describe('the history of a save of changes (unchanged parts shared, ADR 185)', () => {
  it('summarises and lists the changed items as for a whole copy', () => {
    const edited = renameSubject(
      toggleSubject(stored, category._id, subject._id),
      stored.categories[9]!._id,
      stored.categories[9]!.subjects[1]!._id,
      'Lebensohl',
    );
    const shared = applyChanges(stored, jsonPatch.compare(stored, edited));
    const copied = structuredClone(shared);
    expect(shared.categories[0]).toBe(stored.categories[0]);
    expect(summariseChange(stored, shared)).toBe(summariseChange(stored, copied));
    expect(summariseChange(stored, shared)).toMatch(/ticked 1, (renamed|added) 1/);
    expect(listItemChanges(stored, shared)).toEqual(listItemChanges(stored, copied));
    expect(listItemChanges(stored, shared)).toHaveLength(2);
  });
});
