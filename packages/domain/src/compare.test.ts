import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AgreementComparison, type SubjectDifference, compareAgreements } from './compare';
import type { ContractDocument } from './contract';
import { createAgreementFromTemplate, renameOption, renameSubject, selectAllInCategory, toggleOption, toggleSubject } from './editing';
import { parseMasterCsv } from './master-csv';
import { sampleTemplateCsv } from './sample-template';

const sample = () => createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Sample');

/** The comparison read from the other side: columns swapped, `onlyLeft` <-> `onlyRight`. */
function mirror(comparison: AgreementComparison): AgreementComparison {
  const swapKind = (kind: SubjectDifference['kind']) => (kind === 'onlyLeft' ? 'onlyRight' : kind === 'onlyRight' ? 'onlyLeft' : kind);
  return {
    differenceCount: comparison.differenceCount,
    categories: comparison.categories.map((c) => ({
      ...c,
      name: { left: c.name.right, right: c.name.left },
      differences: c.differences.map((d) => ({
        ...d,
        key: d.key.split('|').reverse().join('|'),
        kind: swapKind(d.kind),
        left: d.right,
        right: d.left,
        renamedOptions: d.renamedOptions.map((o) => ({ left: o.right, right: o.left })),
      })),
    })),
  };
}

/** Differences as a sorted list of readable rows, for order-free comparison. */
function rows(comparison: AgreementComparison): string[] {
  return comparison.categories
    .flatMap((c) => c.differences.map((d) => JSON.stringify([c.name.left || c.name.right, d.kind, d.left, d.right, d.isRenamed, d.renamedOptions])))
    .sort();
}

describe('compareAgreements', () => {
  it('tells played on one side from not recorded, different options, renamed, and absent', () => {
    const base = sample();
    const overcalls = base.categories[8]!;
    const [first, second] = overcalls.subjects;
    let left = toggleOption(base, overcalls._id, first!._id, first!.options[0]!._id); // Subject 9.1: option 9.1.1
    let right = toggleOption(base, overcalls._id, first!._id, first!.options[1]!._id); // Subject 9.1: option 9.1.2
    left = toggleSubject(left, overcalls._id, second!._id); // 9.2 played left, not recorded right
    right = renameSubject(right, overcalls._id, overcalls.subjects.at(-1)!._id, 'Michaels !c'); // user-added, right only

    const doubles = base.categories[9]!;
    const d1 = doubles.subjects[0]!;
    left = toggleOption(left, doubles._id, d1._id, d1.options[0]!._id);
    right = toggleOption(right, doubles._id, d1._id, d1.options[0]!._id);
    right = renameSubject(right, doubles._id, d1._id, 'Negative doubles through 3!s');

    const comparison = compareAgreements(left, right);
    const byName = Object.fromEntries(comparison.categories.map((c) => [c.name.left, c]));
    expect(byName['General Approach']!.isSame).toBe(true);
    const overcallRows = byName['Overcalls']!.differences;
    expect(overcallRows.map((d) => [d.kind, d.left.presence, d.right.presence])).toEqual([
      ['options', 'played', 'played'],
      ['onlyLeft', 'played', 'notRecorded'],
      ['onlyRight', 'absent', 'played'],
    ]);
    expect(overcallRows[0]!.left.options).toEqual(['Option 9.1.1']);
    expect(overcallRows[0]!.right.options).toEqual(['Option 9.1.2']);
    expect(overcallRows[2]!.right.name).toBe('Michaels !c');
    const doubleRows = byName['Doubles and Redoubles']!.differences;
    expect(doubleRows).toHaveLength(1);
    expect(doubleRows[0]!).toMatchObject({ kind: 'renamed', isRenamed: true, right: { name: 'Negative doubles through 3!s' } });
    expect(comparison.differenceCount).toBe(4);
  });

  it('reports a renamed selected option as renamed, not as a different option', () => {
    const base = sample();
    const category = base.categories[0]!;
    const subject = category.subjects[0]!;
    const option = subject.options[0]!;
    const left = toggleOption(base, category._id, subject._id, option._id);
    const right = renameOption(left, category._id, subject._id, option._id, 'Strong !c');
    const [difference] = compareAgreements(left, right).categories[0]!.differences;
    expect(difference).toMatchObject({ kind: 'renamed', isRenamed: false, renamedOptions: [{ left: 'Option 1.1.1', right: 'Strong !c' }] });
  });
});

describe('compareAgreements properties', () => {
  type Edit = { kind: 'subject' | 'option' | 'rename' | 'all'; category: number; subject: number; option: number; name: string };
  const edit = fc.record({
    kind: fc.constantFrom<Edit['kind']>('subject', 'option', 'rename', 'all'),
    category: fc.nat(12),
    subject: fc.nat(3),
    option: fc.nat(2),
    name: fc.string({ minLength: 1, maxLength: 12 }),
  });
  const apply = (doc: ContractDocument, edits: Edit[]) =>
    edits.reduce((current, e) => {
      const category = current.categories[e.category]!;
      const subject = category.subjects[e.subject % category.subjects.length]!;
      const option = subject.options[e.option % Math.max(1, subject.options.length)];
      if (e.kind === 'subject') return toggleSubject(current, category._id, subject._id);
      if (e.kind === 'option') return option ? toggleOption(current, category._id, subject._id, option._id) : current;
      if (e.kind === 'all') return selectAllInCategory(current, category._id);
      return renameSubject(current, category._id, subject._id, e.name);
    }, doc);
  const base = sample();

  it('an agreement compared with itself has no difference', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 20 }), (edits) => {
        const doc = apply(base, edits);
        expect(compareAgreements(doc, doc).differenceCount).toBe(0);
      }),
    );
  });

  it('swapping the sides swaps the columns and nothing else', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 15 }), fc.array(edit, { maxLength: 15 }), (a, b) => {
        const left = apply(base, a);
        const right = apply(base, b);
        expect(rows(compareAgreements(right, left))).toEqual(rows(mirror(compareAgreements(left, right))));
      }),
    );
  });

  it('a single tick change gives exactly one difference', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 10 }), fc.nat(12), fc.nat(1), (edits, categoryIndex, subjectIndex) => {
        const doc = apply(base, edits);
        const category = doc.categories[categoryIndex]!;
        const subject = category.subjects[subjectIndex]!;
        const changed = toggleSubject(doc, category._id, subject._id);
        expect(compareAgreements(doc, changed).differenceCount).toBe(1);
      }),
    );
  });
});

describe('comparisonSheet (docs/sharing.md §9: the "What\'s different" PDF)', () => {
  it('prints one ticked subject per difference with what each side has, and the identical categories last', async () => {
    const { comparisonSheet } = await import('./compare');
    const { outlineAgreement } = await import('./outline');
    const base = sample();
    const overcalls = base.categories[8]!;
    const first = overcalls.subjects[0]!;
    const left = toggleOption(base, overcalls._id, first._id, first.options[0]!._id);
    const right = toggleOption(base, overcalls._id, first._id, first.options[1]!._id);
    const sheet = comparisonSheet(compareAgreements(left, right), { left: 'Anna', right: 'Bob' });
    expect(sheet.contractName).toBe("What's different: Anna | Bob");
    const outline = outlineAgreement(sheet);
    expect(outline[0]!.category.categoryName).toBe('Overcalls');
    const row = outline[0]!.subcategories.flatMap((group) => group.subjects)[0]!;
    expect(row.options.map((o) => o.name)).toEqual([`Anna: ${first.options[0]!.optionName}`, `Bob: ${first.options[1]!.optionName}`]);
    expect(outline.at(-1)!.category.categoryName).toBe('Same in both');
    expect(outline.at(-1)!.subcategories[0]!.subjects).toHaveLength(12);

    const none = comparisonSheet(compareAgreements(base, base), { left: 'A', right: 'B' });
    expect(outlineAgreement(none).map((c) => c.subcategories[0]!.subjects.map((s) => s.name))).toEqual([['The two agreements say the same.']]);
  });
});
