/**
 * The field maps against the ACBL's forms (docs/official-cards.md §2): each map lists exactly the
 * fields of its form's convention side, ticks only check boxes and writes only into text fields;
 * the classic form prints a box for each of its check boxes (so a tick lands in it).
 */
import { describe, expect, it } from 'vitest';
import type { OfficialCardId } from '@bpa/domain/official-card';
import { readFileSync } from 'node:fs';
import { ACBL_CLASSIC_BOXES } from '@bpa/domain/acbl-classic-boxes';
import { measurePrintedBoxes } from '../test/measure-printed-boxes';
import { OFFICIAL_CARD_FILES, OFFICIAL_CARD_MAPS, loadForm } from './render-official-card';

describe.each(['classic', '2022'] as OfficialCardId[])('the %s card’s field map', (card) => {
  const map = OFFICIAL_CARD_MAPS[card];

  it('names every field of the form’s convention side, and no other', async () => {
    const form = await loadForm(card);
    const formFields = [...form.fields.values()].filter((field) => field.page === map.page).map((field) => field.name);
    expect(formFields.length).toBeGreaterThan(250);
    expect(Object.keys(map.fields).sort()).toEqual(formFields.sort());
  });

  it('ticks only check boxes and writes only into text fields', async () => {
    const form = await loadForm(card);
    const wrong = Object.entries(map.fields).flatMap(([name, spec]) => {
      const kind = form.fields.get(name)?.kind;
      if (spec.kind === 'blank' || kind === undefined) return [];
      return (spec.kind === 'tick') === (kind === 'check') ? [] : [`${name}: ${spec.kind} on a ${kind} field`];
    });
    expect(wrong).toEqual([]);
  });

  it('says why each blank field stays blank', () => {
    for (const [name, spec] of Object.entries(map.fields)) if (spec.kind === 'blank') expect(spec.reason.length, name).toBeGreaterThan(10);
  });
});

describe('the classic form', () => {
  it('prints a box for each check box where the committed table says (domain acbl-classic-boxes.ts), which is where the tick is drawn', async () => {
    const form = await loadForm('classic');
    const checks = [...form.fields.values()].filter((field) => field.kind === 'check' && field.page === 0);
    expect(checks.length).toBe(178);
    const measured = await measurePrintedBoxes(readFileSync(OFFICIAL_CARD_FILES.classic), form.fields);
    expect(checks.filter((field) => !measured.has(field.name)).map((field) => field.name)).toEqual([]);
    const off = checks.flatMap((field) => {
      const [x, y, side] = ACBL_CLASSIC_BOXES[field.name] ?? [0, 0, 0];
      const box = measured.get(field.name)!;
      return Math.abs(x - box.x) > 0.01 || Math.abs(y - box.y) > 0.01 || Math.abs(side - box.side) > 0.01 ? [field.name] : [];
    });
    expect(off).toEqual([]);
    expect(Object.keys(ACBL_CLASSIC_BOXES).sort()).toEqual(checks.map((field) => field.name).sort());
  });
});
