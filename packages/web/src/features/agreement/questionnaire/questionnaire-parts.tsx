/**
 * The pieces of "Do we agree?" (docs/questionnaire.md) that a questionnaire on the server and one
 * passed around a single phone share: one question's answer fields, the harmony score and the
 * reveal's list (each answer beside the card, with room for actions).
 */
import { useId, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import {
  type Answer,
  type Answers,
  type Harmony,
  MAX_ANSWER_NOTE_LENGTH,
  type Outcome,
  type Question,
  type QuestionSet,
  type RevealedQuestion,
  describeAnswer,
} from '@bpa/domain/questionnaire';
import type { Category } from '@bpa/domain/contract';
import { MarkupText, toPlainName } from '../core/markup-text';

/** Each outcome in words. */
export const OUTCOME_TEXT: Record<Outcome, string> = {
  disagree: 'You disagree',
  cardDiffers: 'You agree, but the card says otherwise: it is out of date',
  notDiscussed: 'Not discussed',
  agree: 'You agree, and the card says so',
};

/** A score (0 to 1) as a percentage; – for none. */
export function percent(score: number | null): string {
  return score === null ? '–' : `${Math.round(score * 100)}%`;
}

/** One question: the options to tick, or "we haven't discussed this" / "I'm not sure", and a note. */
export function QuestionFields({
  question,
  number,
  answer,
  onChange,
}: {
  question: Question;
  number: number;
  answer: Answer | undefined;
  onChange: (answer: Answer | undefined) => void;
}) {
  const baseId = useId();
  const note = answer?.note ?? '';
  const choice = answer?.kind === 'choice' ? answer : { kind: 'choice' as const, ticked: false, optionIds: [] as string[], note };
  const setChoice = (next: { ticked: boolean; optionIds: string[] }) => onChange({ kind: 'choice', ...next, note });
  const setKind = (kind: 'notDiscussed' | 'notSure') => onChange(answer?.kind === kind ? undefined : { kind, note });
  return (
    <fieldset className="questionnaire-question">
      <legend>
        <span className="questionnaire-number">{number}.</span> <MarkupText markup={question.categoryName} /> › <MarkupText markup={question.subjectName} />
      </legend>
      {question.options.length === 0 ? (
        <div className="questionnaire-option">
          <input
            type="checkbox"
            id={`${baseId}-played`}
            checked={answer?.kind === 'choice' && choice.ticked}
            onChange={(event) => setChoice({ ticked: event.target.checked, optionIds: [] })}
          />
          <label htmlFor={`${baseId}-played`}>We play this</label>
        </div>
      ) : (
        question.options.map((option) => (
          <div key={option.id} className="questionnaire-option">
            <input
              type="checkbox"
              id={`${baseId}-${option.id}`}
              checked={answer?.kind === 'choice' && choice.optionIds.includes(option.id)}
              onChange={(event) => {
                const optionIds = event.target.checked ? [...choice.optionIds, option.id] : choice.optionIds.filter((id) => id !== option.id);
                setChoice({ ticked: optionIds.length > 0, optionIds });
              }}
            />
            <label htmlFor={`${baseId}-${option.id}`}>
              <MarkupText markup={option.name} />
            </label>
          </div>
        ))
      )}
      {question.options.length > 0 && (
        <div className="questionnaire-option">
          <input
            type="checkbox"
            id={`${baseId}-none`}
            checked={answer?.kind === 'choice' && !choice.ticked && choice.optionIds.length === 0}
            onChange={(event) => (event.target.checked ? setChoice({ ticked: false, optionIds: [] }) : onChange(undefined))}
          />
          <label htmlFor={`${baseId}-none`}>We do not play this</label>
        </div>
      )}
      <div className="questionnaire-alternatives">
        <div className="questionnaire-option">
          <input type="checkbox" id={`${baseId}-nd`} checked={answer?.kind === 'notDiscussed'} onChange={() => setKind('notDiscussed')} />
          <label htmlFor={`${baseId}-nd`}>We haven’t discussed this</label>
        </div>
        <div className="questionnaire-option">
          <input type="checkbox" id={`${baseId}-ns`} checked={answer?.kind === 'notSure'} onChange={() => setKind('notSure')} />
          <label htmlFor={`${baseId}-ns`}>I’m not sure</label>
        </div>
      </div>
      <label className="questionnaire-field">
        <span>Note (optional)</span>
        <input
          type="text"
          className="p-inputtext"
          maxLength={MAX_ANSWER_NOTE_LENGTH}
          value={note}
          disabled={answer === undefined}
          onChange={(event) => answer && onChange({ ...answer, note: event.target.value })}
        />
      </label>
    </fieldset>
  );
}

/** The harmony score, overall and per category. */
export function HarmonyScore({ harmony }: { harmony: Harmony | null }) {
  if (!harmony) return null;
  return (
    <section aria-labelledby="harmony-heading" className="questionnaire-harmony">
      <h2 id="harmony-heading">Harmony: {percent(harmony.overall)}</h2>
      <p>The share of questions all of you answered alike.</p>
      <ul>
        {harmony.byCategory.map((category) => (
          <li key={category.categoryName}>
            {category.categoryName}: {percent(category.score)} of {category.questions}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How many questions ended each way, in words. */
export function outcomeCounts(reveal: readonly RevealedQuestion[]): string {
  const count = (outcome: Outcome) => reveal.filter((entry) => entry.outcome === outcome).length;
  return `${count('disagree')} to talk about, ${count('cardDiffers')} where the card is out of date, ${count('notDiscussed')} not discussed, ${count('agree')} agreed.`;
}

/**
 * The reveal: each question with every answer beside the card, in the reveal's order.
 *
 * @param nameOf the name shown for a person ("You" for the reader)
 * @param answerAction what may follow one answer (e.g. "Use this answer")
 * @param actions what may follow a question (e.g. marks)
 */
export function RevealList({
  reveal,
  nameOf,
  answerAction,
  actions,
}: {
  reveal: readonly RevealedQuestion[];
  nameOf: (given: RevealedQuestion['answers'][number]) => string;
  answerAction?: (entry: RevealedQuestion, given: RevealedQuestion['answers'][number]) => ReactNode;
  actions?: (entry: RevealedQuestion) => ReactNode;
}) {
  return (
    <ol className="questionnaire-reveal">
      {reveal.map((entry) => (
        <li key={entry.question.subjectId} className={`questionnaire-revealed outcome-${entry.outcome}`}>
          <h3>
            <MarkupText markup={entry.question.categoryName} /> › <MarkupText markup={entry.question.subjectName} />
          </h3>
          <p className="questionnaire-outcome">{OUTCOME_TEXT[entry.outcome]}</p>
          <dl className="questionnaire-answers">
            {entry.answers.map((given) => (
              <div key={given.userId}>
                <dt>{nameOf(given)}</dt>
                <dd>
                  {describeAnswer(entry.question, given.answer)}
                  {answerAction?.(entry, given)}
                </dd>
              </div>
            ))}
            <div>
              <dt>The card</dt>
              <dd>
                {entry.card === null
                  ? 'No longer on the card'
                  : describeAnswer(entry.question, { kind: 'choice', ticked: entry.card.ticked, optionIds: entry.card.optionIds, note: '' })}
              </dd>
            </div>
          </dl>
          {actions?.(entry)}
        </li>
      ))}
    </ol>
  );
}

/** Every question's fields, numbered, writing into one set of answers (a blank question has no entry). */
export function QuestionList({
  questions,
  answers,
  setAnswers,
}: {
  questions: readonly Question[];
  answers: Answers;
  setAnswers: Dispatch<SetStateAction<Answers>>;
}) {
  return questions.map((question, index) => (
    <QuestionFields
      key={question.subjectId}
      question={question}
      number={index + 1}
      answer={answers[question.subjectId]}
      onChange={(answer) =>
        setAnswers((current) => {
          const next = { ...current };
          if (answer === undefined) delete next[question.subjectId];
          else next[question.subjectId] = answer;
          return next;
        })
      }
    />
  ));
}

/** The question sets a player may choose (docs/questionnaire.md §2), with what each asks. */
export const QUESTION_SET_CHOICES: readonly { kind: QuestionSet['kind']; label: string; hint: string }[] = [
  { kind: 'core', label: 'Core set', hint: 'The 34 agreements partners most often remember differently.' },
  { kind: 'style', label: 'Style and default rules', hint: 'How light, how sound, what an undiscussed call means.' },
  { kind: 'category', label: 'One category', hint: 'Every subject of the category you choose.' },
  { kind: 'toDiscuss', label: 'Marked to discuss', hint: 'The items anyone marked “to discuss”.' },
  { kind: 'changed', label: 'Changed since our last questionnaire', hint: 'Everything, the first time.' },
  { kind: 'elsewhere', label: 'Where my other agreements differ', hint: 'What your agreements with other partners answer otherwise.' },
  { kind: 'all', label: 'The whole agreement', hint: 'Every subject: a long one.' },
];

/**
 * Choosing a question set: a radio per set offered, and the category when "One category" is chosen.
 *
 * @param offered the kinds to offer, in QUESTION_SET_CHOICES order
 * @returns the chosen set as the domain takes it (through `onChange`)
 */
export function QuestionSetPicker({
  offered,
  categories,
  value,
  onChange,
}: {
  offered: readonly QuestionSet['kind'][];
  categories: readonly Pick<Category, '_id' | 'categoryName'>[];
  value: QuestionSet;
  onChange: (set: QuestionSet) => void;
}) {
  const baseId = useId();
  const categoryId = value.kind === 'category' ? value.categoryId : (categories[0]?._id ?? '');
  const choose = (kind: QuestionSet['kind']) => onChange(kind === 'category' ? { kind, categoryId } : { kind });
  return (
    <>
      <fieldset>
        <legend>Which questions</legend>
        {QUESTION_SET_CHOICES.filter((choice) => offered.includes(choice.kind)).map((choice) => (
          <div key={choice.kind} className="questionnaire-set">
            <input
              type="radio"
              id={`${baseId}-${choice.kind}`}
              name={`${baseId}-set`}
              checked={value.kind === choice.kind}
              onChange={() => choose(choice.kind)}
            />
            <label htmlFor={`${baseId}-${choice.kind}`}>
              <strong>{choice.label}</strong> <span className="questionnaire-hint">{choice.hint}</span>
            </label>
          </div>
        ))}
      </fieldset>
      {value.kind === 'category' && (
        <label className="questionnaire-field">
          <span>Category</span>
          <select className="p-inputtext" value={categoryId} onChange={(event) => onChange({ kind: 'category', categoryId: event.target.value })}>
            {categories.map((category) => (
              <option key={category._id} value={category._id}>
                {toPlainName(category.categoryName)}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}
