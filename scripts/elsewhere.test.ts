/**
 * differencesElsewhere (packages/domain/src/elsewhere.ts; docs/questionnaire.md §2, §8) on the
 * shipped systems: two partnerships' agreements compared by catalogue key.
 */
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { differencesElsewhere, playedSubjectsOf } from '@bpa/domain/elsewhere';
import { describe, expect, it } from 'vitest';
import { readShippedTemplates } from './shipped-templates';

const systems = readShippedTemplates();

describe('where an agreement differs from the same player’s other agreements', () => {
  it('finds, by catalogue key, the subjects LC Standard and Precision answer otherwise, with the other’s answer', () => {
    const withAnna = createAgreementFromTemplate(systems.lc, 'With Anna');
    const withBob = createAgreementFromTemplate(systems.precision, 'With Bob');
    const found = differencesElsewhere(withAnna, [{ label: 'With Bob', subjects: playedSubjectsOf(withBob) }]);
    const range = withAnna.categories.flatMap((c) => c.subjects).find((s) => s.key === 'nt.range')!;
    // LC Standard opens 1NT 15-17; Basic Precision 13-15.
    expect(found.get(range._id)).toEqual([{ label: 'With Bob', answer: expect.stringMatching(/13/) }]);
    // An agreement compared with a copy of itself (other ids, same ticks) differs nowhere.
    expect(differencesElsewhere(withAnna, [{ label: 'Copy', subjects: playedSubjectsOf(createAgreementFromTemplate(systems.lc, 'Copy')) }]).size).toBe(0);
  });
});
