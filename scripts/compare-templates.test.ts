import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareAgreements } from '../packages/domain/src/compare';
import { createAgreementFromTemplate, toggleSubject } from '../packages/domain/src/editing';
import { parseMasterCsv } from '../packages/domain/src/master-csv';

/** Comparisons of the shipped templates (docs/sharing.md §9): the domain tests themselves read no files. */
const template = (file: string) => parseMasterCsv(readFileSync(new URL(`../templates/${file}.csv`, import.meta.url), 'utf8'));

describe('compareAgreements on the shipped templates', () => {
  it('finds no difference between an agreement and itself, and collapses every category to "same"', () => {
    const doc = createAgreementFromTemplate(template('modern-standard-american'), 'MSA');
    const comparison = compareAgreements(doc, doc);
    expect(comparison.differenceCount).toBe(0);
    expect(comparison.categories).toHaveLength(13);
    expect(comparison.categories.every((c) => c.isSame)).toBe(true);
  });
  it('matches an agreement with its template by original names although the ids differ', () => {
    const msa = template('modern-standard-american');
    const agreement = createAgreementFromTemplate(msa, 'With Anna');
    const asTemplate = createAgreementFromTemplate(msa, 'Template');
    expect(agreement.categories[0]!.subjects[0]!._id).not.toBe(asTemplate.categories[0]!.subjects[0]!._id);
    expect(compareAgreements(agreement, asTemplate).differenceCount).toBe(0);
  });
  it('lists what a player changed from Modern Standard American, and only that', () => {
    const msa = template('modern-standard-american');
    const original = createAgreementFromTemplate(msa, 'MSA');
    const notrump = original.categories[1]!;
    const unticked = notrump.subjects.find((s) => s.isSelected)!;
    const ticked = notrump.subjects.find((s) => !s.isSelected && !s.subjectName.startsWith('button'))!;
    let mine = toggleSubject(original, notrump._id, unticked._id);
    mine = toggleSubject(mine, notrump._id, ticked._id);
    const comparison = compareAgreements(mine, createAgreementFromTemplate(msa, 'Template'));
    expect(comparison.differenceCount).toBe(2);
    expect(comparison.categories.filter((c) => !c.isSame).map((c) => c.name.left)).toEqual([notrump.categoryName]);
    const kinds = comparison.categories[1]!.differences.map((d) => [d.kind, d.left.name || d.right.name]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['onlyRight', unticked.subjectName],
        ['onlyLeft', ticked.subjectName],
      ]),
    );
  });
  it('compares two different systems subject by subject', () => {
    const precision = createAgreementFromTemplate(template('basic-precision'), 'Precision');
    const twoOverOne = createAgreementFromTemplate(template('basic-2-over-1-game-forcing'), '2/1');
    const comparison = compareAgreements(precision, twoOverOne);
    expect(comparison.differenceCount).toBeGreaterThan(0);
    // Every difference is between played items: no row where neither side plays the subject.
    for (const c of comparison.categories) for (const d of c.differences) expect([d.left.presence, d.right.presence]).toContain('played');
  });
});
