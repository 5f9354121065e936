/**
 * The core set of "Do we agree?" (docs/questionnaire.md §2) against the shipped systems: every key
 * names a subject with answers to choose from in each system, so no partnership starting from a
 * shipped template gets a shorter core set than its neighbour.
 */
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { CORE_QUESTION_KEYS, STYLE_QUESTION_KEYS, buildQuestions } from '@bpa/domain/questionnaire';
import { describe, expect, it } from 'vitest';
import { SHIPPED_TEMPLATE_FILES, readShippedTemplates } from './shipped-templates';

const systems = readShippedTemplates();

describe('the core question set', () => {
  it.each(Object.keys(SHIPPED_TEMPLATE_FILES).filter((system) => system !== 'blank') as (keyof typeof systems)[])(
    'asks every core subject of %s, each with options',
    (system) => {
      const agreement = createAgreementFromTemplate(systems[system], system);
      const questions = buildQuestions(agreement, { kind: 'core' });
      expect(questions.map((q) => q.key)).toEqual(expect.arrayContaining([...CORE_QUESTION_KEYS]));
      expect(questions).toHaveLength(CORE_QUESTION_KEYS.length);
      expect(questions.filter((q) => q.options.length < 2).map((q) => q.key)).toEqual([]);
    },
  );

  it.each(Object.keys(SHIPPED_TEMPLATE_FILES).filter((system) => system !== 'blank') as (keyof typeof systems)[])(
    'asks every style question of %s',
    (system) => {
      const questions = buildQuestions(createAgreementFromTemplate(systems[system], system), { kind: 'style' });
      expect(questions.map((q) => q.key)).toEqual(expect.arrayContaining([...STYLE_QUESTION_KEYS]));
      expect(questions).toHaveLength(STYLE_QUESTION_KEYS.length);
    },
  );
});
