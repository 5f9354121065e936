import { describe, expect, it } from 'vitest';
import { createAgreementFromTemplate, toggleOption } from './editing';
import { parseMasterCsv } from './master-csv';
import { type PracticePrompt, BEFORE_THE_GAME_PROMPTS, buildPracticePrompts, isRightAnswer, orderSession, progressOf } from './practice';
import { sampleTemplateCsv } from './sample-template';

/** The sample agreement with the first option of every subject that has two or more ticked, and the second of one. */
function sample() {
  let doc = createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Sample');
  let second = true;
  for (const category of doc.categories) {
    for (const subject of category.subjects) {
      const options = subject.options.filter((o) => !o.optionName.startsWith('button'));
      if (subject.isLocked || options.length < 2) continue;
      if (!options[0]!.isSelected) doc = toggleOption(doc, category._id, subject._id, options[0]!._id);
      if (second && !options[1]!.isSelected) doc = toggleOption(doc, category._id, subject._id, options[1]!._id);
      second = false;
    }
  }
  return doc;
}

function prompt(id: string, more: Partial<PracticePrompt> = {}): PracticePrompt {
  return {
    id,
    kind: 'meaning',
    subjectId: id,
    categoryName: 'Notrump Openings',
    question: `${id}?`,
    choices: [],
    isMultiple: false,
    answer: [],
    signature: 'm:',
    stage: 'new',
    isChanged: false,
    isToDiscuss: false,
    due: null,
    elsewhere: [],
    ...more,
  };
}

describe('practice prompts (docs/questionnaire.md §8)', () => {
  it("asks each played subject with two options or more, its ticked options the answer, with the partner's name", () => {
    const doc = sample();
    const prompts = buildPracticePrompts(doc, 'Anna');
    const meaning = prompts.filter((p) => p.kind === 'meaning');
    expect(meaning.length).toBeGreaterThan(1);
    expect(meaning.some((p) => p.isMultiple)).toBe(true);
    for (const p of meaning) {
      const subject = doc.categories.flatMap((c) => c.subjects).find((s) => s._id === p.subjectId)!;
      expect(subject.isSelected).toBe(true);
      expect(p.question.startsWith('With Anna: ')).toBe(true);
      expect(p.answer).toEqual(subject.options.filter((o) => o.isSelected).map((o) => o._id));
      expect(p.isMultiple).toBe(p.answer.length > 1);
    }
    expect(buildPracticePrompts(doc, '')[0]!.question.startsWith('With')).toBe(false);
  });

  it('checks an answer as a set of choices', () => {
    expect(isRightAnswer({ answer: ['a', 'b'] }, ['b', 'a'])).toBe(true);
    expect(isRightAnswer({ answer: ['a', 'b'] }, ['a'])).toBe(false);
    expect(isRightAnswer({ answer: ['a'] }, ['a', 'c'])).toBe(false);
  });

  it('orders "10 before the game": overdue first, then changed, to discuss, answered otherwise elsewhere, new from the core set, other new; ten at most', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const prompts = [
      prompt('new-1'),
      prompt('later', { stage: 'learned', due: '2026-12-01T00:00:00.000Z' }),
      prompt('due-recent', { stage: 'learned', due: '2026-11-27T11:00:00.000Z' }),
      prompt('changed', { isChanged: true }),
      prompt('discuss', { isToDiscuss: true }),
      prompt('core-new'),
      prompt('due-old', { stage: 'learning', due: '2026-11-20T11:00:00.000Z' }),
      prompt('with-bob', { elsewhere: [{ label: '“With Bob”', answer: '12-14' }] }),
      ...Array.from({ length: 12 }, (_, i) => prompt(`more-${i}`)),
    ];
    const order = orderSession(prompts, 'before', now, (p) => p.id === 'core-new').map((p) => p.id);
    expect(order.slice(0, 7)).toEqual(['due-old', 'due-recent', 'changed', 'discuss', 'with-bob', 'core-new', 'new-1']);
    expect(order).toHaveLength(BEFORE_THE_GAME_PROMPTS);
    expect(order).not.toContain('later');
    expect(orderSession(prompts, 'crash', now, (p) => p.id === 'core-new')[0]!.id).toBe('core-new');
    expect(orderSession(prompts, 'full', now, () => false).map((p) => p.id)).not.toContain('later');
  });

  it('counts learned, learning and new per category', () => {
    expect(progressOf([prompt('a', { stage: 'learned' }), prompt('b'), prompt('c', { categoryName: 'Overcalls', stage: 'learning' })])).toEqual([
      { categoryName: 'Notrump Openings', learned: 1, learning: 0, new: 1 },
      { categoryName: 'Overcalls', learned: 0, learning: 1, new: 0 },
    ]);
  });
});
