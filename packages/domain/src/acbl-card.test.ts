import { describe, expect, it } from 'vitest';
import { ACBL_ALERT_ITEMS, ACBL_CARD_FIELDS, ACBL_CARD_SECTIONS, fillAcblCard, isInSection } from './acbl-card';
import type { Category, ContractDocument, Option, Subject } from './contract';
import { SAMPLE_CATEGORY_NAMES } from './sample-template';

let id = 0;
const option = (optionName: string, isSelected: boolean, flags: Partial<Option> = {}): Option => ({
  _id: `o${++id}`,
  optionName,
  isSelected,
  bold: false,
  italics: false,
  editedName: '',
  isEdited: false,
  ...flags,
});
const subject = (subjectName: string, isSelected: boolean, options: Option[]): Subject => ({
  _id: `s${++id}`,
  subjectName,
  subcategoryName: '',
  subcategoryBold: false,
  subcategoryItalics: false,
  bold: true,
  italics: false,
  isSelected,
  isLocked: false,
  options,
  editedName: '',
  isEdited: false,
});

function agreement(subjects: Record<string, Subject[]>): ContractDocument {
  const categories = SAMPLE_CATEGORY_NAMES.map((categoryName, index): Category => ({
    _id: `c${index}`,
    order: index + 1,
    categoryName,
    bold: false,
    italics: false,
    subjects: subjects[categoryName] ?? [],
  }));
  return { contractName: 'Card', categories, playerNames: ['Anna Smith', 'Bob Jones'] };
}

describe('the ACBL convention card (docs/product.md §13)', () => {
  it('puts every field in exactly one section, and every section has fields', () => {
    for (const [category, subject] of ACBL_CARD_FIELDS) {
      const sections = ACBL_CARD_SECTIONS.filter((section) => isInSection(section, category, subject)).map((section) => section.title);
      expect(sections, `${category} / ${subject}`).toHaveLength(1);
    }
    for (const section of ACBL_CARD_SECTIONS) {
      expect(
        ACBL_CARD_FIELDS.some(([category, subject]) => isInSection(section, category, subject)),
        section.title,
      ).toBe(true);
      for (const subject of section.subjects ?? [])
        expect(
          ACBL_CARD_FIELDS.some(([, name]) => name === subject),
          `${section.title}: ${subject}`,
        ).toBe(true);
    }
    expect(ACBL_CARD_SECTIONS.filter((section) => section.page === 0).map((section) => section.title)[0]).toBe('General Approach');
    expect(ACBL_CARD_SECTIONS.filter((section) => section.page === 1).map((section) => section.title)).toContain('Leads');
  });

  it('ticks the check boxes the agreement selects and writes in its other selected options', () => {
    const card = fillAcblCard(
      agreement({
        'Notrump Openings': [
          subject('Stayman', true, [option('2!c Stayman', true), option('2!d forcing Stayman', false), option('Garbage Stayman', true)]),
          subject('1NT opening range (HCP)', true, [option('15-17', true, { editedName: '14+-17', isEdited: true })]),
          subject('Smolen', false, [option('Always', true)]),
        ],
      }),
    );
    expect(card.names).toBe('Anna Smith & Bob Jones');
    expect(card.sections.map((section) => section.title)).toEqual(ACBL_CARD_SECTIONS.map((section) => section.title));
    const notrump = card.sections.find((section) => section.title === 'Notrump Opening Bids')!;
    const field = (label: string) => notrump.fields.find((candidate) => candidate.label === label)!;
    expect(field('Stayman')).toEqual({
      label: 'Stayman',
      isPlayed: true,
      checks: [
        { label: '2!c Stayman', isChecked: true },
        { label: '2!d forcing Stayman', isChecked: false },
      ],
      writeIn: 'Garbage Stayman',
    });
    expect(field('1NT opening range (HCP)')).toMatchObject({ isPlayed: true, writeIn: '14+-17' });
    // Not played: nothing written in, even if an option is still ticked.
    expect(field('Smolen')).toMatchObject({ isPlayed: false, writeIn: '' });
    // A field the agreement does not hold is printed empty.
    expect(field('Puppet Stayman')).toMatchObject({ isPlayed: false, writeIn: '', checks: [{ isChecked: false }, { isChecked: false }] });
  });

  it('names only card items in the Alert list, and colours them', () => {
    for (const [category, subjectName, optionName] of ACBL_ALERT_ITEMS) {
      const field = ACBL_CARD_FIELDS.find(([c, s]) => c === category && s === subjectName);
      expect(field, `${category} / ${subjectName}`).toBeDefined();
      if (optionName) expect(field?.[2], optionName).toContain(optionName);
    }
    const card = fillAcblCard(agreement({}));
    const fields = card.sections.flatMap((section) => section.fields);
    expect(fields.find((field) => field.label === '1NT opening range (HCP)')?.alert).toBe('announce');
    expect(fields.find((field) => field.label === 'Special carding (please alert)')?.alert).toBe('alert');
    expect(fields.find((field) => field.label === '1NT response to 1!h or 1!s')?.checks.map((check) => check.alert)).toEqual(['announce', 'announce']);
    expect(fields.find((field) => field.label === 'Stayman')?.alert).toBeUndefined();
  });
});
