import { describe, expect, it } from 'vitest';
import { createAgreementFromTemplate, renameOption, renameSubject, toggleOption, toggleSubject } from './editing';
import { summariseChange } from './history';
import { parseMasterCsv } from './master-csv';
import { sampleTemplateCsv } from './sample-template';

const sample = () => createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Sample');

describe('summariseChange', () => {
  it('says when the player names change (docs/product.md §11)', () => {
    const before = createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Sample');
    expect(summariseChange(before, { ...before, playerNames: ['Anna', 'Bob'] })).toBe('players: Anna & Bob');
    expect(summariseChange({ ...before, playerNames: ['Anna', 'Bob'] }, before)).toBe('removed the player names');
    expect(summariseChange(before, { ...before, playerNames: ['', ''] })).toBe('no changes');
  });

  const base = sample();
  const overcalls = base.categories[8]!;
  const doubles = base.categories[9]!;

  it('counts ticks, unticks, renames and additions, and names the categories', () => {
    let after = toggleSubject(base, overcalls._id, overcalls.subjects[0]!._id);
    after = toggleOption(after, overcalls._id, overcalls.subjects[1]!._id, overcalls.subjects[1]!.options[0]!._id); // ticks option and subject
    // renaming ticks the subject (4th tick); a named "Add New Option" row is an addition
    after = renameSubject(after, doubles._id, doubles.subjects[0]!._id, 'Negative doubles');
    after = renameOption(after, doubles._id, doubles.subjects[0]!._id, doubles.subjects[0]!.options.at(-1)!._id, 'through 3!s');
    expect(summariseChange(base, after)).toBe('ticked 4, renamed 1, added 1 in Overcalls; Doubles and Redoubles');
    expect(summariseChange(after, base)).toBe('unticked 4, renamed 1, removed 1 in Overcalls; Doubles and Redoubles');
  });

  it('says when the agreement is renamed, and when nothing changed', () => {
    expect(summariseChange(base, { ...base, contractName: '##c1#Anna##c1#' })).toBe('renamed the agreement to "Anna"');
    expect(summariseChange(base, base)).toBe('no changes');
  });

  it('names at most three categories', () => {
    let after = base;
    for (const category of base.categories.slice(0, 5)) after = toggleSubject(after, category._id, category.subjects[0]!._id);
    expect(summariseChange(base, after)).toMatch(/^ticked 5 in [^;]+; [^;]+; [^;]+ and 2 more$/);
  });
});

describe('listItemChanges (docs/sharing.md §6)', () => {
  it('lists each changed item once, in document order, with its kind and name', async () => {
    const { listItemChanges } = await import('./history');
    const base = sample();
    const overcalls = base.categories[8]!;
    const [s1, s2] = overcalls.subjects;
    let after = toggleSubject(base, overcalls._id, s1!._id);
    after = renameSubject(after, overcalls._id, s2!._id, 'Weak jump overcalls');
    after = renameSubject(after, overcalls._id, overcalls.subjects.at(-1)!._id, 'Our own');
    const changes = listItemChanges(base, after);
    expect(changes.map((c) => [c.kind, c.name, c.categoryName])).toEqual([
      ['ticked', s1!.subjectName, 'Overcalls'],
      ['renamed', 'Weak jump overcalls', 'Overcalls'],
      ['added', 'Our own', 'Overcalls'],
    ]);
    expect(listItemChanges(after, base).map((c) => c.kind)).toEqual(['unticked', 'renamed', 'removed']);
    expect(listItemChanges(base, base)).toEqual([]);
  });
});
