/**
 * The official ACBL cards filled from the shipped templates (docs/official-cards.md §2, §3): the
 * items opponents ask first are at their fields (the 1NT range, the weak-two range, the 2♣
 * strength, the leads, the carding), and nothing the card has a place for is left to the
 * supplement. The maps against the forms' own fields: packages/server/src/pdf/official-card-maps.test.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ACBL_2022_CARD } from '@bpa/domain/acbl-2022-card';
import { ACBL_CLASSIC_CARD } from '@bpa/domain/acbl-classic-card';
import type { ContractDocument, Subject } from '@bpa/domain/contract';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { type FilledOfficialCard, type OfficialCardMap, fillOfficialCard, fitOfficialCard, hcpRange, reaches } from '@bpa/domain/official-card';
import { describe, expect, it } from 'vitest';
import { TEMPLATES_DIR } from './generate-templates';

const TEMPLATE_FILES = readdirSync(TEMPLATES_DIR).filter((file) => file.endsWith('.csv'));

function agreementOf(file: string): ContractDocument {
  const template = parseMasterCsv(readFileSync(join(TEMPLATES_DIR, file), 'utf8'));
  return { contractName: template.templateName, categories: template.categories, playerNames: ['Anna', 'Bob'] };
}

function subjectOf(agreement: ContractDocument, key: string): Subject | undefined {
  return agreement.categories.flatMap((category) => category.subjects).find((subject) => subject.key === key);
}

/** The range the agreement's played subject states in its first selected option with one. */
function rangeOf(agreement: ContractDocument, key: string): [number, number | undefined] | undefined {
  const subject = subjectOf(agreement, key);
  if (!subject?.isSelected) return undefined;
  for (const option of subject.options) if (option.isSelected && hcpRange(option.optionName)) return hcpRange(option.optionName);
  return undefined;
}

const selected = (agreement: ContractDocument, optionKey: string) =>
  agreement.categories.some((category) =>
    category.subjects.some((subject) => subject.isSelected && subject.options.some((option) => option.key === optionKey && option.isSelected)),
  );

const text = (filled: FilledOfficialCard, field: string) => {
  const value = filled.fields.get(field);
  return value?.kind === 'text' ? value.text : undefined;
};
const ticked = (filled: FilledOfficialCard, field: string) => filled.fields.get(field)?.kind === 'tick';

/** Supplement entries for a subject the card has a place for (docs/official-cards.md §3: there must be none). */
function placedOnSupplement(filled: FilledOfficialCard, map: OfficialCardMap): string[] {
  return [...filled.supplement.values()].flatMap((section) =>
    section.entries.filter((entry) => entry.key !== undefined && reaches(map, entry.key)).map((entry) => `${entry.key}: ${entry.text}`),
  );
}

describe('hcpRange', () => {
  it.each([
    ['15-17', [15, 17]],
    ['22+ HCP or 9+ playing tricks', [22, undefined]],
    ['20 to a bad 22', [20, 22]],
    ['Natural, 13-15 balanced', [13, 15]],
    ['11-15 HCP, 6+ !c, or 5 !c and a 4-card major (Precision)', [11, 15]],
    ['5-11 HCP', [5, 11]],
  ])('reads %s', (name, range) => {
    expect(hcpRange(name)).toEqual(range);
  });

  it.each(['Mini-Roman (4-4-4-1)', 'Good 6-card suit', '6+ !c', 'Through 3!s', 'Rule of 2 and 3'])('finds no range in %s', (name) => {
    expect(hcpRange(name)).toBeUndefined();
  });
});

describe.each(TEMPLATE_FILES)('the classic card of %s', (file) => {
  const agreement = agreementOf(file);
  const filled = fillOfficialCard(agreement, ACBL_CLASSIC_CARD);

  it('names both partners', () => {
    expect(text(filled, 'NAMES')).toBe('Anna & Bob');
  });

  it('writes the 1NT range in its "___ to ___" boxes, blue (announced)', () => {
    const range = rangeOf(agreement, 'nt.range');
    if (!range) return expect(filled.fields.has('to_4')).toBe(false);
    expect([text(filled, 'to_4'), text(filled, '1_2')]).toEqual([String(range[0]), String(range[1])]);
    expect(filled.fields.get('to_4')).toMatchObject({ alert: 'announce' });
  });

  it('writes the weak-two range at each weak two-bid, and the 2♣ strength', () => {
    const weakRange = rangeOf(agreement, 'tw.weakTwos');
    for (const [suit, low, high] of [
      ['h', '2h_2', 'to_15'],
      ['s', '2s_2', 'to_16'],
    ] as const) {
      if (selected(agreement, `tw.2${suit}.weak`) && weakRange) {
        expect([text(filled, low), text(filled, high)], suit).toEqual([String(weakRange[0]), String(weakRange[1])]);
        expect(ticked(filled, suit === 'h' ? 'NaturalWeak_2' : 'NaturalWeak_3')).toBe(true);
      }
    }
    const strong = ['tw.2c.strong', 'tw.2c.22', 'tw.2c.21', 'tw.2c.20', 'tw.2c.noRange', 'tw.2c.veryStrong'].some((key) => selected(agreement, key));
    expect(ticked(filled, 'Very Strong')).toBe(strong);
    const twoClubs = rangeOf(agreement, 'tw.2c');
    if (twoClubs) expect(text(filled, 'Other_7')).toBe(String(twoClubs[0]));
  });

  it('circles the card led for every lead the agreement selects, and ticks its carding', () => {
    const leadOptions = agreement.categories
      .flatMap((category) => category.subjects)
      .filter((subject) => subject.isSelected && subject.key?.startsWith('ld.'))
      .flatMap((subject) => subject.options.filter((option) => option.isSelected && option.key).map((option) => option.key!));
    const marked = new Set(filled.leads.map((lead) => lead.option));
    for (const key of leadOptions) if (ACBL_CLASSIC_CARD.leads.some((lead) => lead.option === key)) expect(marked.has(key), key).toBe(true);
    expect(ticked(filled, 'vs SUITS')).toBe(selected(agreement, 'ld.lengthSuits.4th'));
    expect(ticked(filled, 'Standard vs Suits')).toBe(selected(agreement, 'sg.standard.suits'));
    expect(ticked(filled, 'count vs Suits')).toBe(selected(agreement, 'sg.upsideDown.countSuits'));
    expect(ticked(filled, 'Attitude')).toBe(selected(agreement, 'sg.primaryLead.attitude'));
  });

  it('leaves nothing the card has a place for to the supplement', () => {
    expect(placedOnSupplement(filled, ACBL_CLASSIC_CARD)).toEqual([]);
  });
});

describe.each(TEMPLATE_FILES)('the 2022 card of %s', (file) => {
  const filled = fillOfficialCard(agreementOf(file), ACBL_2022_CARD);
  it('leaves nothing the card has a place for to the supplement', () => {
    expect(placedOnSupplement(filled, ACBL_2022_CARD)).toEqual([]);
  });
});

describe('the strong club of Basic Precision (docs/official-cards.md §2)', () => {
  const filled = fillOfficialCard(agreementOf('basic-precision.csv'), ACBL_CLASSIC_CARD);
  it('ticks Forcing opening 1♣ and the 1♣ Conv. box, and describes the opening on the minor opening’s line, red', () => {
    expect(ticked(filled, 'FORCING OPENING 1c')).toBe(true);
    expect(ticked(filled, '1c conv')).toBe(true);
    expect(text(filled, 'to_12')).toMatch(/^Strong 1!c opening: 16\+ HCP, artificial, forcing/);
    expect(filled.fields.get('to_12')).toMatchObject({ alert: 'alert' });
  });

  it('writes the Precision 2♣ and 2♦ ranges (11 to 15) at their rows', () => {
    expect([text(filled, 'Other_7'), text(filled, 'to_13'), text(filled, '2d_2'), text(filled, 'to_14')]).toEqual(['11', '15', '11', '15']);
  });
});

describe('Gambling 3NT (docs/official-cards.md §2)', () => {
  it('is written on the 3NT box’s line', () => {
    const filled = fillOfficialCard(agreementOf('basic-precision.csv'), ACBL_CLASSIC_CARD);
    expect(text(filled, '3NT')).toMatch(/^Gambling 3NT: /);
  });
});

describe('fitOfficialCard (docs/official-cards.md §3)', () => {
  it('cuts what does not fit with "… see Sn" and titles every supplement section with the agreement’s own category name, in its order', () => {
    const agreement = agreementOf('lc-standard.csv');
    const filled = fillOfficialCard(agreement, ACBL_CLASSIC_CARD);
    // Every text is too wide: each write-in goes to its category's section, which may hold nothing else.
    const fitted = fitOfficialCard(
      filled,
      ACBL_CLASSIC_CARD,
      (text) => text.length * 10,
      () => 60,
    );
    const names = agreement.categories.map((category) => category.categoryName);
    expect(fitted.supplement.map((section) => section.title)).toEqual(names.filter((name) => fitted.supplement.some((section) => section.title === name)));
    expect(fitted.supplement.every((section, index) => section.number === index + 1)).toBe(true);
    const nt = fitted.supplement.find((section) => section.title === 'Notrump Openings')!;
    expect(fitted.fields.find((item) => item.field === '2s')?.value).toMatchObject({
      kind: 'text',
      text: expect.stringMatching(new RegExp(`see S${nt.number}$`)),
    });
  });
});
