/**
 * Practice prompts (packages/domain/src/practice.ts; docs/questionnaire.md §8) from a shipped
 * system: the reverse prompts give the card's answer and ask which subject, among the category's
 * played ones.
 */
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { stripMarkup } from '@bpa/domain/markup';
import { buildPracticePrompts } from '@bpa/domain/practice';
import { describe, expect, it } from 'vitest';
import { readShippedTemplates } from './shipped-templates';

const systems = readShippedTemplates();

describe('reverse prompts', () => {
  it("give the card's answer and ask which subject, among the category's played ones (LC Standard)", () => {
    const doc = createAgreementFromTemplate(systems.lc, 'With Anna');
    const prompts = buildPracticePrompts(doc, 'Anna');
    const reverse = prompts.filter((p) => p.kind === 'reverse');
    expect(reverse.length).toBeGreaterThan(20);
    for (const p of reverse) {
      const meaning = prompts.find((m) => m.kind === 'meaning' && m.subjectId === p.subjectId)!;
      expect(p.answer).toEqual([p.subjectId]);
      expect(p.choices.map((c) => c.id)).toContain(p.subjectId);
      expect(p.choices.length).toBeGreaterThan(1);
      expect(p.choices.length).toBeLessThanOrEqual(4);
      const category = doc.categories.find((c) => c.subjects.some((s) => s._id === p.subjectId))!;
      for (const choice of p.choices) expect(category.subjects.find((s) => s._id === choice.id)?.isSelected).toBe(true);
      for (const name of meaning.choices.filter((c) => meaning.answer.includes(c.id)).map((c) => stripMarkup(c.name))) expect(p.question).toContain(name);
      // No other choice has the right one's answer: the question has one right choice.
      const answers = p.choices.map((choice) => {
        const other = prompts.find((m) => m.kind === 'meaning' && m.subjectId === choice.id)!;
        return other.choices
          .filter((c) => other.answer.includes(c.id))
          .map((c) => stripMarkup(c.name))
          .join(', ')
          .toLowerCase();
      });
      const right = answers[p.choices.findIndex((choice) => choice.id === p.subjectId)];
      expect(answers.filter((answer) => answer === right)).toHaveLength(1);
    }
  });
});
