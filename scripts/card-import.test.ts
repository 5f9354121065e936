/**
 * Filled ACBL cards read back into agreements (docs/agreement-format.md, "Other tools' cards";
 * domain card-import.ts): every shipped template, printed on each official card's fields and read
 * back through the same map, keeps every tick and range the card carries; free text lands in notes;
 * what has no place is kept in "Imported, not placed".
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ACBL_2022_CARD } from '@bpa/domain/acbl-2022-card';
import { ACBL_CLASSIC_CARD } from '@bpa/domain/acbl-classic-card';
import { type CardFieldValue, NOT_PLACED_SUBJECT, agreementFromCard } from '@bpa/domain/card-import';
import { keyLevel, subjectKeyOfOption } from '@bpa/domain/catalogue-keys';
import { type ContractDocument, ContractDocumentSchema, displayName } from '@bpa/domain/contract';
import { stripMarkup } from '@bpa/domain/markup';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { type OfficialCardMap, fillOfficialCard, hcpRange } from '@bpa/domain/official-card';
import { describe, expect, it } from 'vitest';
import { TEMPLATES_DIR } from './generate-templates';

const TEMPLATE_FILES = readdirSync(TEMPLATES_DIR).filter((file) => file.endsWith('.csv'));
const catalogue = parseMasterCsv(readFileSync(join(TEMPLATES_DIR, 'blank.csv'), 'utf8'));

function agreementOf(file: string): ContractDocument {
  const template = parseMasterCsv(readFileSync(join(TEMPLATES_DIR, file), 'utf8'));
  return { contractName: template.templateName, categories: template.categories, playerNames: ['Anna Smith', 'Bob Jones'] };
}

/** The form as another tool would have it filled: ticks, and plain text (suits as symbols). */
function formValues(agreement: ContractDocument, map: OfficialCardMap): Record<string, CardFieldValue> {
  const values: Record<string, CardFieldValue> = {};
  for (const [field, value] of fillOfficialCard(agreement, map).fields) values[field] = value.kind === 'tick' ? true : stripMarkup(value.text);
  return values;
}

const selected = (agreement: ContractDocument, key: string) =>
  agreement.categories.some((category) =>
    category.subjects.some(
      (subject) =>
        subject.isSelected &&
        (keyLevel(key) === 'subject'
          ? subject.key === key
          : subject.key === subjectKeyOfOption(key) && subject.options.some((o) => o.key === key && o.isSelected)),
    ),
  );

describe.each([ACBL_CLASSIC_CARD, ACBL_2022_CARD])('a filled $id card read back', (map) => {
  it.each(TEMPLATE_FILES)('keeps every tick and range the card carries for %s, and the names', (file) => {
    const agreement = agreementOf(file);
    const values = formValues(agreement, map);
    const { document, report } = agreementFromCard(values, map, catalogue, 'Imported', 'test');
    expect(ContractDocumentSchema.safeParse(document).success).toBe(true);
    expect(document.playerNames).toEqual(['Anna Smith', 'Bob Jones']);
    for (const [field, value] of Object.entries(values)) {
      const spec = map.fields[field]!;
      // A box of several options is kept by any of them (the range's option, for 1NT "Str").
      if (value === true && spec.kind === 'tick')
        expect(
          spec.keys.some((key) => selected(document, key)),
          `${field}: ${spec.keys.join(', ')}`,
        ).toBe(true);
      if (spec.kind === 'low' && typeof value === 'string') {
        const high = Object.entries(map.fields).find(([, other]) => other.kind === 'high' && other.subject === spec.subject)?.[0];
        const wanted = [Number(value), high && values[high] ? Number(values[high]) : undefined];
        const subjects = [spec.subject, ...(spec.fallback ? [spec.fallback.subject] : [])];
        const found = document.categories
          .flatMap((category) => category.subjects)
          .filter((subject) => subject.key !== undefined && subjects.includes(subject.key))
          .some((subject) => subject.options.some((option) => option.isSelected && JSON.stringify(hcpRange(displayName(option))) === JSON.stringify(wanted)));
        expect(found, `${field}: ${String(wanted)}`).toBe(true);
      }
    }
    expect(report.read).toBe(Object.keys(values).length);
    expect(report.placed + report.placedAsText + report.notPlaced.length).toBeGreaterThanOrEqual(report.read - 1);
    expect(report.notPlaced).toEqual([]);
  });
});

describe('what a card says that has no place', () => {
  it('keeps a ticked box the map leaves blank, and an unknown field, in "Imported, not placed"', () => {
    const { document, report } = agreementFromCard(
      { 'Natural Artif Bids': true, 'Some other field': 'Forcing pass', to_4: '15', '1_2': '17' },
      ACBL_CLASSIC_CARD,
      catalogue,
      'x',
      'test',
    );
    expect(report.notPlaced).toEqual(['Natural Artif Bids: ticked', 'Some other field: Forcing pass']);
    const kept = document.categories[0]!.subjects.find((subject) => subject.editedName === NOT_PLACED_SUBJECT)!;
    expect(kept.isSelected).toBe(true);
    expect(kept.options.filter((option) => option.isSelected).map((option) => option.editedName)).toEqual(report.notPlaced);
    expect(selected(document, 'nt.range.15-17')).toBe(true);
    expect(report).toMatchObject({ read: 4, placed: 2 });
  });

  it('makes a user-added option of a range no option has, and a note of free text', () => {
    const { document, report } = agreementFromCard(
      { to_4: '11', '1_2': '13', '2s': 'Both minors, invitational or better' },
      ACBL_CLASSIC_CARD,
      catalogue,
      'x',
      'test',
    );
    const range = document.categories.flatMap((c) => c.subjects).find((s) => s.key === 'nt.range')!;
    expect(range.options.filter((o) => o.isSelected).map((o) => displayName(o))).toEqual(['11-13 HCP']);
    const twoSpades = document.categories.flatMap((c) => c.subjects).find((s) => s.key === 'nt.2s')!;
    expect(twoSpades.isSelected).toBe(true);
    expect(twoSpades.note).toBe('Both minors, invitational or better');
    expect(report).toMatchObject({ read: 3, placed: 0, placedAsText: 3, notPlaced: [] });
  });
});
