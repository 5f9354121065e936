import { describe, expect, it } from 'vitest';
import { createAgreementFromTemplate, renameSubject, toggleOption, toggleSubject } from './editing';
import { parseMasterCsv } from './master-csv';
import { outlineAgreement, selectedCategories } from './outline';
import { sampleTemplateCsv } from './sample-template';

describe('outlineAgreement', () => {
  it('puts user-added subjects under an "Other agreements" heading, not the editor\'s "User added" (docs/product.md §16)', () => {
    const doc = createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Sample');
    const overcalls = doc.categories[8]!;
    const withOwn = renameSubject(
      toggleSubject(doc, overcalls._id, overcalls.subjects[0]!._id),
      overcalls._id,
      overcalls.subjects.at(-1)!._id,
      'Our defence to 1NT',
    );
    const section = outlineAgreement(withOwn).find((c) => c.category._id === overcalls._id)!;
    expect(section.subcategories.at(-1)).toMatchObject({ heading: 'Other agreements', subjects: [{ name: 'Our defence to 1NT' }] });
    expect(section.subcategories[0]!.heading).not.toBe('Other agreements');
    expect(JSON.stringify(section.subcategories.map((subcategory) => subcategory.heading))).not.toContain('User added');
  });

  it('lists nothing for an agreement with nothing selected', () => {
    const doc = createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Blank');
    expect(outlineAgreement(doc)).toEqual([]);
  });

  it('keeps selected subjects and options in order, under their headings, with Roman labels', () => {
    let doc = createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'P');
    const overcalls = doc.categories[8]!;
    const [s1, s2] = overcalls.subjects;
    doc = toggleOption(doc, overcalls._id, s1!._id, s1!.options[1]!._id);
    doc = toggleSubject(doc, overcalls._id, s2!._id);
    doc = renameSubject(doc, overcalls._id, overcalls.subjects.at(-1)!._id, 'Our own');
    const outline = outlineAgreement(doc);
    expect(outline.map((c) => [c.label, c.category.categoryName])).toEqual([['IX', 'Overcalls']]);
    const [basics, userAdded] = outline[0]!.subcategories;
    expect(basics!.heading).toBe('Basics 9');
    expect(basics!.subjects.map((s) => [s.name, s.options.map((o) => o.name)])).toEqual([
      ['Subject 9.1 with 1!c', ['Option 9.1.2']],
      ['Subject 9.2, ##c2#red### part', []],
    ]);
    expect(userAdded!.heading).toBe('Other agreements');
    expect(userAdded!.subjects.map((s) => s.name)).toEqual(['Our own']);
  });
});

describe('selectedCategories (the read-only link, docs/sharing.md §3)', () => {
  /** What a reader sees of an outline: labels, headings, names and notes, without object identity. */
  const seen = (outline: ReturnType<typeof outlineAgreement>) =>
    outline.map((c) => [
      c.label,
      c.subcategories.map((g) => [g.heading, g.bold, g.subjects.map((s) => [s.name, s.subject.note, s.options.map((o) => o.name)])]),
    ]);

  it('keeps what the outline reads, and drops the rest', () => {
    let doc = createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv('Sample', { selected: true })), 'P');
    // A user-added subject, and a ticked subject after an unticked one of the same heading.
    const overcalls = doc.categories[8]!;
    doc = renameSubject(doc, overcalls._id, overcalls.subjects.at(-1)!._id, 'Our own');
    doc = toggleSubject(doc, doc.categories[9]!._id, doc.categories[9]!.subjects[1]!._id);
    doc = toggleSubject(doc, doc.categories[9]!._id, doc.categories[9]!.subjects[0]!._id);
    const trimmed = selectedCategories(doc.categories);
    expect(seen(outlineAgreement({ ...doc, categories: trimmed }))).toEqual(seen(outlineAgreement(doc)));
    expect(trimmed.map((c) => [c._id, c.categoryName, c.order])).toEqual(doc.categories.map((c) => [c._id, c.categoryName, c.order]));
    const items = trimmed.flatMap((c) => c.subjects.flatMap((s) => [s, ...s.options]));
    expect(items.length).toBeGreaterThan(10);
    expect(items.every((item) => item.isSelected)).toBe(true);
    expect(items.length).toBeLessThan(doc.categories.flatMap((c) => c.subjects.flatMap((s) => [s, ...s.options])).length / 2);
  });

  it('leaves every category in place, empty when nothing in it is selected', () => {
    const doc = createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Blank');
    const trimmed = selectedCategories(doc.categories);
    expect(trimmed).toHaveLength(doc.categories.length);
    expect(trimmed.every((c) => c.subjects.length === 0)).toBe(true);
  });
});
