/**
 * The field map of the ACBL 2022 card (docs/official-cards.md §2) against its form and the shipped
 * templates: the map names exactly the form's fields, ticks only check boxes and writes only text
 * fields; it names catalogue keys only; and each template's card shows its 1NT range, weak-two
 * range and 2♣ strength at their fields, with nothing the card has a field for left to the
 * supplement.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACBL_2022_CARD, ACBL_2022_FIELDS, ACBL_2022_LEADS } from '@bpa/domain/acbl-2022-card';
import { keyLevel, subjectKeyOfOption } from '@bpa/domain/catalogue-keys';
import { type ContractDocument, type Subject, displayName, noteOf } from '@bpa/domain/contract';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { type CardFieldSpec, type FilledOfficialCard, fillOfficialCard, hcpRange, keysReachedBy } from '@bpa/domain/official-card';
import { readFormPages } from '../packages/server/src/pdf/form-pages';
import { OFFICIAL_CARD_FILES } from '../packages/server/src/pdf/render-official-card';

const read = (file: string) => parseMasterCsv(readFileSync(new URL(`../templates/${file}`, import.meta.url), 'utf8'));
const catalogue = read('blank.csv');
const catalogueKeys = new Set<string>();
for (const category of catalogue.categories) {
  if (category.key) catalogueKeys.add(category.key);
  for (const subject of category.subjects) {
    if (subject.key) catalogueKeys.add(subject.key);
    for (const option of subject.options) if (option.key) catalogueKeys.add(option.key);
  }
}

/** Every key a spec names (the keys it ticks, writes, reads a range from or derives from). */
function keysOf(spec: CardFieldSpec): string[] {
  switch (spec.kind) {
    case 'tick':
    case 'derived':
      return [...spec.keys];
    case 'write':
      return [...spec.subjects, ...(spec.played ?? [])];
    case 'low':
    case 'high':
      return [spec.subject, ...(spec.fallback ? [spec.fallback.subject, spec.fallback.when] : [])];
    default:
      return [];
  }
}

const SPECS = Object.entries(ACBL_2022_FIELDS);
/** Option keys shown in a box or in the lead grid. */
const BOXED = new Set([...SPECS.flatMap(([, spec]) => (spec.kind === 'tick' ? spec.keys : [])), ...ACBL_2022_LEADS.map((lead) => lead.option)]);
/** Subjects a write-in line covers in full (every option no box shows). */
const WRITTEN = new Set(SPECS.flatMap(([, spec]) => (spec.kind === 'write' ? spec.subjects : [])));

describe('the 2022 card’s map against its form', () => {
  it('lists exactly the form’s fields, ticks only check boxes and fills text fields every other way', async () => {
    const { fields } = await readFormPages(readFileSync(OFFICIAL_CARD_FILES['2022']));
    const mapped = Object.keys(ACBL_2022_FIELDS);
    expect(mapped.filter((name) => !fields.has(name))).toEqual([]);
    expect([...fields.keys()].filter((name) => !(name in ACBL_2022_FIELDS))).toEqual([]);
    const wrongKind = SPECS.filter(([name, spec]) => spec.kind !== 'blank' && (spec.kind === 'tick') !== (fields.get(name)!.kind === 'check')).map(
      ([name]) => name,
    );
    expect(wrongKind).toEqual([]);
  });

  it('names catalogue keys only, gives every blank field a reason and every category an "other" line', () => {
    const named = [...SPECS.flatMap(([, spec]) => keysOf(spec)), ...ACBL_2022_LEADS.map((lead) => lead.option)];
    expect(named.filter((key) => !catalogueKeys.has(key))).toEqual([]);
    expect(SPECS.filter(([, spec]) => spec.kind === 'blank' && spec.reason.length < 20).map(([name]) => name)).toEqual([]);
    const others = SPECS.flatMap(([, spec]) => spec.other ?? []);
    expect(others.filter((key) => !catalogueKeys.has(key) || keyLevel(key) !== 'category')).toEqual([]);
    expect(new Set(others)).toEqual(new Set(catalogue.categories.flatMap((category) => (category.key ? [category.key] : []))));
  });

  it('marks lead options inside the leads sections, on the left half of the page', () => {
    for (const lead of ACBL_2022_LEADS) {
      expect(lead.option).toMatch(/^ld\./);
      expect(lead.x).toBeGreaterThan(10);
      expect(lead.x + lead.width).toBeLessThan(285);
      expect(lead.y).toBeGreaterThan(0);
      expect(lead.y + lead.height).toBeLessThan(100);
    }
  });

  it('reaches every ACBL (bold) item of the catalogue', () => {
    const reached = keysReachedBy(ACBL_2022_CARD);
    const rows = readFileSync(new URL('../templates/blank.csv', import.meta.url), 'utf8').split('\n');
    const bold = rows
      .map((row) => row.split(','))
      .filter((cells) => cells[0] !== 'category' && cells[2] === 'yes')
      .map((cells) => cells.at(-1)!.trim());
    expect(bold.length).toBeGreaterThan(100);
    const writes = (key: string) => keyLevel(key) === 'option' && WRITTEN.has(subjectKeyOfOption(key));
    expect(bold.filter((key) => !reached.has(key) && !writes(key))).toEqual([]);
  });
});

const TEMPLATES = ['basic-precision.csv', 'lc-standard.csv', 'modern-standard-american.csv', 'basic-2-over-1-game-forcing.csv', 'bridge-world-standard.csv'];

describe.each(TEMPLATES)('%s on the 2022 card', (file) => {
  const template = read(file);
  const document = { contractName: file, categories: template.categories, playerNames: ['Ann Smith', 'Bob Jones'] } as unknown as ContractDocument;
  const filled: FilledOfficialCard = fillOfficialCard(document, ACBL_2022_CARD);
  const subjects = new Map<string, Subject>(
    template.categories.flatMap((category) => category.subjects.flatMap((subject) => (subject.key ? [[subject.key, subject]] : []))),
  );
  const played = (key: string) => (subjects.get(key)?.isSelected ? subjects.get(key) : undefined);
  const selected = (key: string) => played(subjectKeyOfOption(key))?.options.some((option) => option.key === key && option.isSelected) ?? false;
  const text = (field: string) => {
    const value = filled.fields.get(field);
    return value?.kind === 'text' ? value.text : undefined;
  };
  const rangeOf = (subjectKey: string) => {
    for (const option of played(subjectKey)?.options.filter((candidate) => candidate.isSelected) ?? []) {
      const range = hcpRange(displayName(option));
      if (range) return range;
    }
    return undefined;
  };

  it('prints the 1NT range at the first 1NT box', () => {
    const range = rangeOf('nt.range');
    expect(range).toBeDefined();
    expect([text('1NT.t.1'), text('1NT.t.2')]).toEqual([String(range![0]), String(range![1])]);
    expect(filled.fields.get('OV.c.7') ?? filled.fields.get('OV.c.8')).toMatchObject({ kind: 'tick' });
  });

  it('prints the weak two-bids’ range on each weak two', () => {
    const range = rangeOf('tw.weakTwos');
    const rows = [
      ['tw.2d', '2D.t.1', '2D.t.2'],
      ['tw.2h', '2H.t.1', '2H.t.2'],
      ['tw.2s', '2S.t.1', '21.t.2'],
    ] as const;
    let checked = 0;
    for (const [opening, from, to] of rows) {
      if (!selected(`${opening}.weak`) || !range || rangeOf(opening)) continue;
      expect([text(from), text(to)]).toEqual([String(range[0]), String(range[1])]);
      checked++;
    }
    if (range && played('tw.2h')) expect(checked).toBeGreaterThan(0);
  });

  it('ticks the 2♣ opening’s strength', () => {
    const boxes = { '2C.c.8': ['tw.2c.veryStrong', 'tw.2c.22', 'tw.2c.noRange'], '2C.c.9': ['tw.2c.21', 'tw.2c.20'], '2C.c.10': ['tw.2c.precision'] };
    const ticked = Object.keys(boxes).filter((field) => filled.fields.get(field)?.kind === 'tick');
    expect(ticked).toEqual(Object.entries(boxes).flatMap(([field, keys]) => (keys.some(selected) ? [field] : [])));
    expect(ticked).toHaveLength(1);
  });

  it('leaves to the supplement only what the card has no field for', () => {
    const reached = keysReachedBy(ACBL_2022_CARD);
    const problems: string[] = [];
    for (const [categoryKey, section] of filled.supplement) {
      const category = template.categories.find((candidate) => (candidate.key ?? '') === categoryKey)!;
      for (const entry of section.entries) {
        const subject = category.subjects.find((candidate) => candidate.isSelected && displayName(candidate) === entry.label);
        if (!subject?.key || !reached.has(subject.key)) continue;
        const note = noteOf(subject);
        const left = entry.text === note ? '' : entry.text.replace(` — ${note}`, '');
        if (WRITTEN.has(subject.key) && left !== '') problems.push(`${entry.label}: ${left} (its subject has a write-in line)`);
        else if (left === '' && !note) problems.push(`${entry.label}: on the supplement with nothing left`);
        else if (left === 'Yes') problems.push(`${entry.label}: played, reached, and shown nowhere`);
        for (const option of subject.options)
          if (option.isSelected && option.key && BOXED.has(option.key) && left.split('; ').includes(displayName(option)))
            problems.push(`${entry.label}: ${displayName(option)} has a box`);
      }
    }
    expect(problems).toEqual([]);
  });
});
