/**
 * Catalogue keys in the domain's code, on the shipped templates (docs/catalogue-keys.md): keys by name, the retired options' ticks
 * moved, ids aligned by key for the merge and History, Compare by key first, and the CSV's key and
 * id columns.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toAgreementCsv } from '@bpa/domain/agreement-csv';
import { ASKED_FIRST, askedFirst } from '@bpa/domain/at-the-table';
import { assignCatalogueKeys, buildCatalogueIndex, moveRetiredOptions } from '@bpa/domain/catalogue-index';
import { alignIdsByKey } from '@bpa/domain/catalogue-keys';
import { compareAgreements } from '@bpa/domain/compare';
import type { Category, ContractDocument, Subject } from '@bpa/domain/contract';
import { createAgreementFromTemplate, renameSubject, toggleOption, toggleSubject } from '@bpa/domain/editing';
import { countChanges } from '@bpa/domain/history';
import { mergeAgreements } from '@bpa/domain/merge';
import { MasterCsvError, parseMasterCsv } from '@bpa/domain/master-csv';

const read = (file: string) => parseMasterCsv(readFileSync(new URL(`../templates/${file}`, import.meta.url), 'utf8'));
const catalogue = read('blank.csv');
const index = buildCatalogueIndex(catalogue);
const withoutKeys = <T>(value: T): T => JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === 'key' ? undefined : inner))) as T;
const subjectKeyed = (categories: readonly Category[], key: string): { category: Category; subject: Subject } => {
  for (const category of categories) {
    const subject = category.subjects.find((row) => row.key === key);
    if (subject) return { category, subject };
  }
  throw new Error(`No subject ${key}`);
};

describe('assignCatalogueKeys (docs/catalogue-keys.md, "Keys by name")', () => {
  it('gives an unkeyed template back every key of the keyed one, by names alone', () => {
    const keyed = read('lc-standard.csv');
    const { categories, report } = assignCatalogueKeys(withoutKeys(keyed.categories), index);
    expect(categories).toEqual(keyed.categories.map((category, i) => ({ ...category, _id: categories[i]!._id })));
    expect(report).toMatchObject({ alreadyKeyed: 0, unmatched: 0 });
    expect(report.matched).toBeGreaterThan(1200);
  });

  it('matches a subject by its original name, not an edited one, and reports what matches nothing', () => {
    const doc = withoutKeys(createAgreementFromTemplate(read('lc-standard.csv'), 'With Anna'));
    const overcalls = doc.categories.find((category) => category.categoryName === 'Overcalls')!;
    const renamed = renameSubject(doc, overcalls._id, overcalls.subjects[0]!._id, 'Our overcalls');
    const nt = renamed.categories.find((category) => category.categoryName === 'Notrump Openings')!;
    nt.subjects[1] = { ...nt.subjects[1]!, subjectName: 'Not a catalogue subject' };
    const { categories, report } = assignCatalogueKeys(renamed.categories, index);
    const keyedOvercalls = categories.find((category) => category.categoryName === 'Overcalls')!;
    expect(keyedOvercalls.key).toBe('ov');
    expect(keyedOvercalls.subjects[0]).toMatchObject({ editedName: 'Our overcalls', key: expect.stringMatching(/^ov\./) });
    expect(categories.find((category) => category.categoryName === 'Notrump Openings')!.subjects[1]!.key).toBeUndefined();
    expect(report.unmatched).toBe(1 + nt.subjects[1]!.options.filter((option) => !option.optionName.startsWith('button')).length);
    expect(report.unmatchedExamples[0]).toBe('Notrump Openings › Not a catalogue subject');
  });

  it('keeps the keys already there, gives no key twice, and never keys placeholders or user-added items', () => {
    const doc = createAgreementFromTemplate(read('lc-standard.csv'), 'With Anna');
    const category = doc.categories[0]!;
    const placeholder = category.subjects.at(-1)!;
    const added = renameSubject(doc, category._id, placeholder._id, 'Our relay');
    const again = assignCatalogueKeys(added.categories, index);
    expect(again.categories).toEqual(added.categories);
    expect(again.report.matched).toBe(0);
    // Two copies of one subject, unkeyed: the first gets the key, the second is reported.
    const twice = withoutKeys(added.categories);
    twice[0]!.subjects.splice(1, 0, { ...twice[0]!.subjects[0]!, _id: 'copy' });
    const keyed = assignCatalogueKeys(twice, index);
    expect(keyed.categories[0]!.subjects[0]!.key).toBe('ga.system');
    expect(keyed.categories[0]!.subjects[1]!.key).toBeUndefined();
    expect(keyed.categories[0]!.subjects.find((subject) => subject.editedName === 'Our relay')!.key).toBeUndefined();
  });
});

describe('moveRetiredOptions (docs/catalogue-keys.md, "Merged duplicates")', () => {
  it("moves a retired option's tick and edited name onto the option that records it now, and removes it", () => {
    const doc = createAgreementFromTemplate(read('lc-standard.csv'), 'With Anna');
    // As stored before: the lead-directing double under "Versus their Stayman or transfer", ticked and renamed.
    const { category, subject } = subjectKeyed(doc.categories, 'df.vsStaymanTransfer');
    subject.isSelected = true;
    subject.options.unshift({
      ...subject.options[0]!,
      _id: 'old',
      key: 'df.vsStaymanTransfer.doubleLead',
      optionName: 'Double: lead-directing',
      isSelected: true,
      isEdited: true,
      editedName: 'X: lead me',
    });
    const leadDirecting = subjectKeyed(doc.categories, 'db.leadDirecting');
    leadDirecting.subject.isSelected = false;
    for (const option of leadDirecting.subject.options) option.isSelected = false;
    const { categories, moves } = moveRetiredOptions(doc.categories, catalogue);
    expect(moves).toEqual([{ key: 'df.vsStaymanTransfer.doubleLead', wasSelected: true, into: ['db.leadDirecting.artificial'] }]);
    expect(subjectKeyed(categories, 'df.vsStaymanTransfer').subject.options.map((option) => option.key)).not.toContain('df.vsStaymanTransfer.doubleLead');
    const now = subjectKeyed(categories, 'db.leadDirecting').subject;
    expect(now.isSelected).toBe(true);
    expect(now.options.find((option) => option.key === 'db.leadDirecting.artificial')).toMatchObject({
      isSelected: true,
      isEdited: true,
      editedName: 'X: lead me',
    });
    expect(category.key).toBe('df');
    expect(moveRetiredOptions(categories, catalogue).moves).toEqual([]);
  });
});

describe('alignIdsByKey', () => {
  it('lets the merge and History pair a document made again from the template with the one it replaced', () => {
    const template = read('modern-standard-american.csv');
    const base = createAgreementFromTemplate(template, 'With Anna');
    // Reset to the same template elsewhere (fresh ids), then one more tick there.
    const reset = createAgreementFromTemplate(template, 'With Anna');
    const { category, subject } = subjectKeyed(reset.categories, 'ov.michaels');
    const theirs = toggleSubject(reset, category._id, subject._id);
    // Ours: an edit on the old ids.
    const stayman = subjectKeyed(base.categories, 'nt.stayman');
    const ours = toggleOption(base, stayman.category._id, stayman.subject._id, stayman.subject.options.at(-2)!._id);
    expect(mergeAgreements(withoutKeys(base), withoutKeys(theirs), withoutKeys(ours))).toEqual({ kind: 'incompatible' });
    const merged = mergeAgreements(base, theirs, ours);
    expect(merged.kind).toBe('merged');
    if (merged.kind !== 'merged') return;
    expect(subjectKeyed(merged.document.categories, 'ov.michaels').subject.isSelected).toBe(!subject.isSelected);
    const mergedStayman = subjectKeyed(merged.document.categories, 'nt.stayman').subject;
    expect(mergedStayman.options.at(-2)!.isSelected).toBe(!stayman.subject.options.at(-2)!.isSelected);
    // History: from the old document to the reset one, one tick changed, not everything removed and added.
    const counts = countChanges(base, theirs).counts;
    expect(counts.added + counts.removed).toBe(0);
    expect(counts.ticked + counts.unticked).toBe(1);
    expect(alignIdsByKey(theirs, theirs)).toBe(theirs);
  });

  it('aligns a row made again below rows whose ids are in place, and shares every other part', () => {
    const base = createAgreementFromTemplate(read('lc-standard.csv'), 'With Bob');
    const copy = structuredClone(base);
    const subject = copy.categories[1]!.subjects[2]!;
    const option = copy.categories[3]!.subjects[0]!.options[1]!;
    subject._id = 'made-again-subject';
    option._id = 'made-again-option';
    const aligned = alignIdsByKey(copy, base);
    expect(aligned.categories[1]!.subjects[2]!._id).toBe(base.categories[1]!.subjects[2]!._id);
    expect(aligned.categories[3]!.subjects[0]!.options[1]!._id).toBe(base.categories[3]!.subjects[0]!.options[1]!._id);
    expect(aligned.categories[0]).toBe(copy.categories[0]);
    expect(aligned.categories[1]!.subjects[1]).toBe(copy.categories[1]!.subjects[1]);
    expect(withoutKeys(aligned)).toEqual(withoutKeys(base));
  });
});

describe('Compare by key (docs/sharing.md §9)', () => {
  it('pairs items by key whatever their names and ids: a catalogue wording corrected since is the same item, named differently', () => {
    const template = read('bridge-world-standard.csv');
    const left = createAgreementFromTemplate(template, 'Old');
    const right: ContractDocument = structuredClone(createAgreementFromTemplate(template, 'New'));
    // The right one was made after the catalogue reworded a subject and an option.
    const { subject } = subjectKeyed(right.categories, 'nt.stayman');
    subject.subjectName = 'Stayman (reworded)';
    subject.options[0]!.optionName = 'Reworded option';
    const kinds = (comparison: ReturnType<typeof compareAgreements>) => comparison.categories.flatMap((c) => c.differences.map((d) => d.kind));
    expect(subject.isSelected).toBe(true);
    expect(kinds(compareAgreements(left, right))).toEqual(['renamed']);
    // By names alone they were two different subjects, each played on one side only.
    expect(kinds(compareAgreements(withoutKeys(left), withoutKeys(right)))).toEqual(['onlyLeft', 'onlyRight']);
  });
});

describe('the CSV key and id columns (docs/agreement-format.md, "CSV")', () => {
  it('carries keys and ids through a round trip, user-added items included', () => {
    const doc = createAgreementFromTemplate(read('lc-standard.csv'), 'With Anna');
    const category = doc.categories[8]!;
    const added = renameSubject(doc, category._id, category.subjects.at(-1)!._id, 'Our relay');
    const back = parseMasterCsv(toAgreementCsv(added), { kind: 'agreement' });
    const real = (categories: Category[]) =>
      categories.map((c) => ({
        ...c,
        subjects: c.subjects
          .filter((s) => !s.subjectName.startsWith('button'))
          .map((s) => ({ ...s, options: s.options.filter((o) => !o.optionName.startsWith('button')) })),
      }));
    expect(real(back.categories)).toEqual(real(added.categories).map(({ note: _note, ...c }) => c));
  });

  it('refuses a key of the wrong form or level, one under another subject, and one used twice, naming line and column', () => {
    const lines = [
      'level,name,bold,italic,selected,locked,key',
      'template,T,,,,,',
      ...readFileSync(new URL('../templates/blank.csv', import.meta.url), 'utf8')
        .split('\n')
        .slice(2),
    ];
    const broken = (edit: (rows: string[]) => void) => {
      const rows = [...lines];
      edit(rows);
      try {
        parseMasterCsv(rows.join('\n'));
      } catch (error) {
        return (error as MasterCsvError).issues.map((issue) => `${issue.line}:${issue.column}: ${issue.message}`);
      }
      return [];
    };
    expect(broken(() => undefined)).toEqual([]);
    const subjectLine = lines.findIndex((line) => line.endsWith(',ga.system'));
    const optionLine = lines.findIndex((line) => line.endsWith(',ga.system.sa'));
    expect(broken((rows) => (rows[subjectLine] = rows[subjectLine]!.replace(/ga\.system$/, 'Ga System'))).slice(0, 1)).toEqual([
      `${subjectLine + 1}:7: "Ga System" is not a well-formed subject key (e.g. nt.stayman)`,
    ]);
    expect(broken((rows) => (rows[optionLine] = rows[optionLine]!.replace(/ga\.system\.sa$/, 'nt.stayman.sa')))).toEqual([
      `${optionLine + 1}:7: The option key "nt.stayman.sa" does not start with its subject's key "ga.system."`,
    ]);
    expect(broken((rows) => (rows[optionLine + 1] = rows[optionLine + 1]!.replace(/ga\.system\.sayc$/, 'ga.system.sa')))).toEqual([
      `${optionLine + 2}:7: The key "ga.system.sa" is already used on line ${optionLine + 1}`,
    ]);
    expect(() => parseMasterCsv(lines.join('\n').replace('category,General Approach,,,,,ga', 'category,General Approach,,,,,ga.x'))).toThrow(MasterCsvError);
  });
});

describe('what opponents ask first (docs/sharing.md §3)', () => {
  it('names only catalogue subjects, and answers for every shipped system from its keys', () => {
    const subjectKeys = new Set(catalogue.categories.flatMap((category) => category.subjects.map((subject) => subject.key)));
    expect(ASKED_FIRST.flatMap((group) => group.subjects).filter((key) => !subjectKeys.has(key))).toEqual([]);
    const lc = askedFirst(createAgreementFromTemplate(read('lc-standard.csv'), 'LC').categories);
    expect(lc.map((group) => group.heading)).toEqual(['General approach', '1NT opening', 'Opening leads', 'Carding']);
    expect(lc.find((group) => group.heading === '1NT opening')!.items[0]!.options).toEqual(['15-17']);
    // Renamed by the partnership, still found by its key.
    const doc = createAgreementFromTemplate(read('lc-standard.csv'), 'LC');
    const { category, subject } = subjectKeyed(doc.categories, 'nt.range');
    const renamed = renameSubject(doc, category._id, subject._id, 'Our notrump');
    expect(askedFirst(renamed.categories).find((group) => group.heading === '1NT opening')!.items[0]!.name).toBe('Our notrump');
  });
});
