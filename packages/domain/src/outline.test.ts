import { describe, expect, it } from 'vitest';
import { createAgreementFromTemplate, renameSubject, toggleOption, toggleSubject } from './editing';
import { parseMasterCsv } from './master-csv';
import { outlineAgreement } from './outline';
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
