import { describe, expect, it } from 'vitest';
import { createAgreementFromTemplate } from './editing';
import { parseMasterCsv } from './master-csv';
import {
  type Answer,
  type Question,
  applyAnswer,
  buildQuestions,
  cardAnswerOf,
  checkAnswers,
  describeAnswer,
  harmonyOf,
  outcomeOf,
  revealQuestionnaire,
} from './questionnaire';
import { sampleTemplateCsv } from './sample-template';

const sample = () => createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv()), 'Sample');
const choice = (optionIds: string[], ticked = true): Answer => ({ kind: 'choice', ticked, optionIds, note: '' });

describe('the outcome of one question (docs/questionnaire.md §3)', () => {
  const card = { ticked: true, optionIds: ['a'] };
  it('agrees when every answer is the same choice, whatever the order of options, and says whether the card does', () => {
    expect(outcomeOf([choice(['a']), choice(['a'])], card)).toBe('agree');
    expect(outcomeOf([choice(['a', 'b']), choice(['b', 'a'])], card)).toBe('cardDiffers');
    // An option ticked means its subject is: "ticked: false" with an option is the same answer.
    expect(outcomeOf([choice(['a'], false), choice(['a'])], card)).toBe('agree');
    expect(outcomeOf([choice(['a']), choice(['a'])], null)).toBe('cardDiffers');
  });
  it('disagrees on two different choices or anyone not sure, before anything else', () => {
    expect(outcomeOf([choice(['a']), choice(['b'])], card)).toBe('disagree');
    expect(outcomeOf([choice(['a']), { kind: 'notSure', note: '' }], card)).toBe('disagree');
    expect(outcomeOf([choice(['a']), choice(['b']), { kind: 'notDiscussed', note: '' }], card)).toBe('disagree');
  });
  it('was not discussed when someone says so or gave no answer, and no choices differ', () => {
    expect(outcomeOf([choice(['a']), { kind: 'notDiscussed', note: '' }], card)).toBe('notDiscussed');
    expect(outcomeOf([choice(['a']), null], card)).toBe('notDiscussed');
    expect(outcomeOf([null, null], card)).toBe('notDiscussed');
  });
});

describe('questions, answers and the reveal', () => {
  it('asks every subject but placeholders and locked rows, in card order; a category set asks only that category', () => {
    const doc = sample();
    const all = buildQuestions(doc, { kind: 'all' });
    const askable = doc.categories.flatMap((c) => c.subjects.filter((s) => !s.isLocked && !s.subjectName.startsWith('button')));
    expect(all.map((q) => q.subjectId)).toEqual(askable.map((s) => s._id));
    expect(all.every((q) => q.options.every((o) => !o.name.startsWith('button')))).toBe(true);
    const category = doc.categories[1]!;
    expect(buildQuestions(doc, { kind: 'category', categoryId: category._id }).every((q) => q.categoryId === category._id)).toBe(true);
    const marked = all[2]!;
    expect(buildQuestions(doc, { kind: 'toDiscuss' }, { markedIds: new Set([marked.options[0]?.id ?? marked.subjectId]) }).map((q) => q.subjectId)).toEqual([
      marked.subjectId,
    ]);
    expect(buildQuestions(doc, { kind: 'changed' }, { changedSubjectIds: new Set([marked.subjectId]) }).map((q) => q.subjectId)).toEqual([marked.subjectId]);
    expect(buildQuestions(doc, { kind: 'changed' }, { changedSubjectIds: null })).toHaveLength(all.length);
  });

  it('reveals disagreements first, then card out of date, not discussed, agreed, and scores the harmony per category', () => {
    const doc = sample();
    const questions = buildQuestions(doc, { kind: 'all' })
      .filter((q) => q.options.length >= 2)
      .slice(0, 4);
    expect(questions).toHaveLength(4);
    const [q0, q1, q2, q3] = questions as [Question, Question, Question, Question];
    const cardOf = (q: Question) => cardAnswerOf(doc, q.subjectId)!;
    const same = (q: Question): Answer => choice(cardOf(q).optionIds, cardOf(q).ticked);
    const other = (q: Question): Answer => choice([q.options.find((o) => !cardOf(q).optionIds.includes(o.id))!.id]);
    const anna = { [q0.subjectId]: same(q0), [q1.subjectId]: same(q1), [q2.subjectId]: other(q2), [q3.subjectId]: same(q3) };
    const bob = { [q0.subjectId]: same(q0), [q1.subjectId]: other(q1), [q2.subjectId]: other(q2) };
    const revealed = revealQuestionnaire(
      questions,
      [
        { userId: 'a', name: 'Anna', answers: anna },
        { userId: 'b', name: 'Bob', answers: bob },
      ],
      doc,
    );
    expect(revealed.map((r) => [r.question.subjectId, r.outcome])).toEqual([
      [q1.subjectId, 'disagree'],
      [q2.subjectId, 'cardDiffers'],
      [q3.subjectId, 'notDiscussed'],
      [q0.subjectId, 'agree'],
    ]);
    const harmony = harmonyOf(revealed);
    expect(harmony.overall).toBe(0.5);
    expect(harmony.byCategory.reduce((sum, c) => sum + c.questions, 0)).toBe(4);
    expect(harmonyOf([]).overall).toBeNull();
    expect(describeAnswer(q1, bob[q1.subjectId]!)).toBe(
      q1.options
        .find((o) => o.id === (bob[q1.subjectId] as { optionIds: string[] }).optionIds[0])!
        .name.replace(/!([cdhs])/g, (_, s: string) => ({ c: '♣', d: '♦', h: '♥', s: '♠' })[s]!),
    );
  });

  it('writes an answer into the card: the options named ticked, the others not, the subject ticked with any', () => {
    const doc = sample();
    const question = buildQuestions(doc, { kind: 'all' }).find((q) => q.options.length >= 2)!;
    const changed = applyAnswer(doc, question.subjectId, { ticked: false, optionIds: [question.options[1]!.id] });
    expect(cardAnswerOf(changed, question.subjectId)).toEqual({ ticked: true, optionIds: [question.options[1]!.id] });
    expect(cardAnswerOf(applyAnswer(changed, question.subjectId, { ticked: false, optionIds: [] }), question.subjectId)).toEqual({
      ticked: false,
      optionIds: [],
    });
    expect(applyAnswer(doc, 'no-such-subject', { ticked: true, optionIds: [] })).toEqual(doc);
  });

  it('checks answers against their questions', () => {
    const doc = sample();
    const [question] = buildQuestions(doc, { kind: 'all' }).filter((q) => q.options.length > 0);
    expect(checkAnswers([question!], { [question!.subjectId]: choice([question!.options[0]!.id]) })).toEqual({ ok: true });
    expect(checkAnswers([question!], { [question!.subjectId]: choice(['x']) }).ok).toBe(false);
    expect(checkAnswers([question!], { other: { kind: 'notSure', note: '' } }).ok).toBe(false);
  });
});
