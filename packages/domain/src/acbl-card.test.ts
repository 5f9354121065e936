import { describe, expect, it } from 'vitest';
import { ACBL_ALERT_ITEMS, ACBL_CARD_FIELDS, ACBL_CARD_SECTIONS, fillAcblCard, isInSection } from './acbl-card';
import { keyLevel, subjectKeyOfOption } from './catalogue-keys';
import type { Category, ContractDocument, Option, Subject } from './contract';
import { SAMPLE_CATEGORY_NAMES } from './sample-template';

let id = 0;
/** An option; `key` undefined for a user-added option (docs/catalogue-keys.md). */
const option = (key: string | undefined, optionName: string, isSelected: boolean, flags: Partial<Option> = {}): Option => ({
  _id: `o${++id}`,
  ...(key === undefined ? {} : { key }),
  optionName,
  isSelected,
  bold: false,
  italics: false,
  editedName: '',
  isEdited: false,
  ...flags,
});
/** A subject; `key` undefined for a subject without a catalogue key. */
const subject = (key: string | undefined, subjectName: string, isSelected: boolean, options: Option[], flags: Partial<Subject> = {}): Subject => ({
  _id: `s${++id}`,
  ...(key === undefined ? {} : { key }),
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
  ...flags,
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
    for (const [subjectKey] of ACBL_CARD_FIELDS) {
      const sections = ACBL_CARD_SECTIONS.filter((section) => isInSection(section, subjectKey)).map((section) => section.title);
      expect(sections, subjectKey).toHaveLength(1);
    }
    for (const section of ACBL_CARD_SECTIONS) {
      expect(
        ACBL_CARD_FIELDS.some(([subjectKey]) => isInSection(section, subjectKey)),
        section.title,
      ).toBe(true);
      for (const subjectKey of section.subjects ?? [])
        expect(
          ACBL_CARD_FIELDS.some(([key]) => key === subjectKey),
          `${section.title}: ${subjectKey}`,
        ).toBe(true);
    }
    expect(ACBL_CARD_SECTIONS.filter((section) => section.page === 0).map((section) => section.title)[0]).toBe('General Approach');
    expect(ACBL_CARD_SECTIONS.filter((section) => section.page === 1).map((section) => section.title)).toContain('Leads');
  });

  it('names each field by a subject key and its check boxes by option keys of that subject (docs/catalogue-keys.md)', () => {
    for (const [subjectKey, checkKeys = []] of ACBL_CARD_FIELDS) {
      expect(keyLevel(subjectKey), subjectKey).toBe('subject');
      for (const checkKey of checkKeys) {
        expect(keyLevel(checkKey), checkKey).toBe('option');
        expect(subjectKeyOfOption(checkKey), checkKey).toBe(subjectKey);
      }
    }
  });

  it('ticks the check boxes the agreement selects and writes in its other selected options', () => {
    const card = fillAcblCard(
      agreement({
        'Notrump Openings': [
          subject('nt.stayman', 'Stayman', true, [
            option('nt.stayman.regular', '2!c Stayman', true),
            option('nt.stayman.forcing', '2!d forcing Stayman', false),
            option('nt.stayman.garbage', 'Garbage Stayman', true),
            // A user-added option has no key; ticked, it is written in.
            option(undefined, 'User added', true, { editedName: 'Crawling Stayman', isEdited: true }),
          ]),
          subject('nt.range', '1NT opening range (HCP)', true, [option('nt.range.15-17', '15-17', true, { editedName: '14+-17', isEdited: true })]),
          subject('nt.smolen', 'Smolen', false, [option('nt.smolen.1nt', 'Over 1NT', true)]),
        ],
      }),
    );
    expect(card.names).toBe('Anna Smith & Bob Jones');
    expect(card.sections.map((section) => section.title)).toEqual(ACBL_CARD_SECTIONS.map((section) => section.title));
    const notrump = card.sections.find((section) => section.title === 'Notrump Opening Bids')!;
    const field = (label: string) => notrump.fields.find((candidate) => candidate.label === label);
    expect(field('Stayman')).toEqual({
      label: 'Stayman',
      isPlayed: true,
      checks: [
        { label: '2!c Stayman', isChecked: true },
        { label: '2!d forcing Stayman', isChecked: false },
      ],
      writeIn: 'Garbage Stayman; Crawling Stayman',
    });
    expect(field('1NT opening range (HCP)')).toMatchObject({ isPlayed: true, writeIn: '14+-17' });
    // Not played: nothing written in, even if an option is still ticked.
    expect(field('Smolen')).toMatchObject({ isPlayed: false, writeIn: '' });
    // Only the fields the agreement holds are printed.
    expect(notrump.fields.map((candidate) => candidate.label)).toEqual(['1NT opening range (HCP)', 'Stayman', 'Smolen']);
  });

  it('finds the items by key only: edited names show, items without a key or the key of a field are left off', () => {
    const card = fillAcblCard(
      agreement({
        'Notrump Openings': [
          // Edited names are printed; the key finds the items whatever they are called.
          subject('nt.stayman', 'Stayman', true, [option('nt.stayman.forcing', 'Renamed in the catalogue', true, { editedName: 'Two-way', isEdited: true })], {
            editedName: 'Our Stayman',
            isEdited: true,
          }),
          // The card's names, but no keys: not on the card.
          subject(undefined, 'Puppet Stayman', true, [option(undefined, '2!c over 1NT', true)]),
          // A card subject's name under another key: not the card's field.
          subject('nt.staymanReplies', 'Smolen', true, []),
        ],
      }),
    );
    const fields = card.sections.flatMap((section) => section.fields);
    expect(fields).toEqual([{ label: 'Our Stayman', isPlayed: true, checks: [{ label: 'Two-way', isChecked: true }], writeIn: '' }]);
  });

  it('colours the card items the Alert procedures flag (flags beyond the card are for the editor: alert-procedures.ts)', () => {
    expect(ACBL_ALERT_ITEMS.some(([key]) => ACBL_CARD_FIELDS.some(([subjectKey, checkKeys = []]) => subjectKey === key || checkKeys.includes(key)))).toBe(true);
    const card = fillAcblCard(
      agreement({
        'Notrump Openings': [
          subject('nt.range', '1NT opening range (HCP)', false, []),
          subject('nt.stayman', 'Stayman', false, [option('nt.stayman.regular', '2!c Stayman', false)]),
        ],
        'Major Openings': [
          subject('mj.1nt', '1NT response to 1!h or 1!s', false, [option('mj.1nt.forcing', 'Forcing', false), option('mj.1nt.semi', 'Semi-forcing', false)]),
        ],
        'Signals and Discards': [subject('sg.special', 'Special carding (please alert)', false, [])],
      }),
    );
    const fields = card.sections.flatMap((section) => section.fields);
    expect(fields.find((field) => field.label === '1NT opening range (HCP)')?.alert).toBe('announce');
    expect(fields.find((field) => field.label === 'Special carding (please alert)')?.alert).toBe('alert');
    expect(fields.find((field) => field.label === '1NT response to 1!h or 1!s')?.checks.map((check) => check.alert)).toEqual(['announce', 'announce']);
    expect(fields.find((field) => field.label === 'Stayman')?.alert).toBeUndefined();
    expect(fields.find((field) => field.label === 'Stayman')?.checks[0]?.alert).toBeUndefined();
  });
});
