/**
 * Practice, "Know our card" (/my/practice?id=…, docs/questionnaire.md §8): prompts drawn from the
 * pair's own agreement, answered one at a time and graded Again / Hard / Good / Easy, which the
 * server schedules by spaced repetition. A session is loaded whole when it starts, so it needs no
 * network while it runs: each grade is kept in this browser (localStorage) until the server has it,
 * and sent again when the connection comes back. Keys 1-4 grade; Enter checks.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  type PracticePrompt,
  type PracticeRating,
  type PracticeReviewsRequest,
  type PracticeSession,
  type PracticeSessionKind,
  MAX_REVIEWS_PER_REQUEST,
  isRightAnswer,
} from '@bpa/domain/practice';
import { useToast } from '../../../components/ui/toast-provider';
import { toErrorMessage } from '../../../lib/error-message';
import { AgreementPage } from '../core/agreement-page';
import { MarkupText } from '../core/markup-text';
import { useGetPracticeSessionQuery, useLazyGetPracticeSessionQuery, useRecordReviewsMutation } from './practice-api';
import '../core/agreement.css';
import './practice.css';

export const PRACTICE_TITLE = 'Know our card';

type Review = PracticeReviewsRequest['reviews'][number];

const SESSIONS: { kind: PracticeSessionKind; label: string; hint: string }[] = [
  {
    kind: 'before',
    label: '10 before the game',
    hint: 'What is due, then what changed, what is marked to discuss, what your other agreements say otherwise, then new ones.',
  },
  { kind: 'full', label: 'Full review', hint: 'Everything due and changed, then new ones: up to 100.' },
  { kind: 'crash', label: 'New partner crash course', hint: 'The agreements partners most often misremember first.' },
];

const RATINGS: { rating: PracticeRating; label: string; key: string }[] = [
  { rating: 'again', label: 'Again', key: '1' },
  { rating: 'hard', label: 'Hard', key: '2' },
  { rating: 'good', label: 'Good', key: '3' },
  { rating: 'easy', label: 'Easy', key: '4' },
];

/** The grades not yet sent for an agreement, kept in this browser. */
function queueKey(contractId: string): string {
  return `bpa-practice-reviews:${contractId}`;
}

function readQueue(contractId: string): Review[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(queueKey(contractId)) ?? '[]');
    return Array.isArray(stored) ? (stored as Review[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(contractId: string, reviews: Review[]): void {
  if (reviews.length === 0) localStorage.removeItem(queueKey(contractId));
  else localStorage.setItem(queueKey(contractId), JSON.stringify(reviews.slice(-1000)));
}

/** Sends the grades kept for an agreement, oldest first; what could not be sent stays for the next try. */
function useReviewQueue(contractId: string) {
  const [record] = useRecordReviewsMutation();
  const [waiting, setWaiting] = useState(() => readQueue(contractId).length);
  const sending = useRef(false);
  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (;;) {
        const queue = readQueue(contractId);
        if (queue.length === 0) break;
        const batch = queue.slice(0, MAX_REVIEWS_PER_REQUEST);
        await record({ contractId, request: { reviews: batch } }).unwrap();
        writeQueue(contractId, readQueue(contractId).slice(batch.length));
      }
    } catch {
      // Offline or refused for now: kept, sent again when the connection comes back.
    } finally {
      sending.current = false;
      setWaiting(readQueue(contractId).length);
    }
  }, [contractId, record]);
  const add = useCallback(
    (review: Review) => {
      writeQueue(contractId, [...readQueue(contractId), review]);
      setWaiting(readQueue(contractId).length);
      void flush();
    },
    [contractId, flush],
  );
  useEffect(() => {
    const onOnline = () => void flush();
    onOnline();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);
  return { add, waiting };
}

export default function PracticePage() {
  return (
    <AgreementPage title={PRACTICE_TITLE} className="practice-page" openedFrom="Practice">
      {(agreement) => <Practice contractId={agreement._id} />}
    </AgreementPage>
  );
}

function Practice({ contractId }: { contractId: string }) {
  const overview = useGetPracticeSessionQuery({ contractId, session: 'before' });
  const [loadSession, loading] = useLazyGetPracticeSessionQuery();
  const [session, setSession] = useState<PracticeSession | null>(null);
  const [done, setDone] = useState(0);
  const queue = useReviewQueue(contractId);
  const { showFailure } = useToast();
  const start = async (kind: PracticeSessionKind) => {
    try {
      const loaded = await loadSession({ contractId, session: kind }).unwrap();
      setDone(0);
      setSession(loaded);
    } catch (error) {
      showFailure(error);
    }
  };
  const offline =
    queue.waiting > 0 ? (
      <p role="status" className="practice-offline">
        {queue.waiting} {queue.waiting === 1 ? 'answer is' : 'answers are'} kept in this browser and will be sent when you are back online.
      </p>
    ) : null;

  if (session && done < session.prompts.length) {
    return (
      <>
        {offline}
        <PromptCard
          key={session.prompts[done]!.id}
          prompt={session.prompts[done]!}
          position={`${done + 1} of ${session.prompts.length}`}
          onGraded={(rating) => {
            const prompt = session.prompts[done]!;
            queue.add({ promptId: prompt.id, signature: prompt.signature, rating, reviewedAt: new Date().toISOString() });
            setDone(done + 1);
          }}
        />
        <Button type="button" label="Stop here" text onClick={() => setSession(null)} />
      </>
    );
  }
  return (
    <>
      {offline}
      {session && (
        <p role="status" className="practice-done">
          Session over: {session.prompts.length} {session.prompts.length === 1 ? 'prompt' : 'prompts'} answered.
        </p>
      )}
      <p>
        Questions from your own agreement: what the card says, and what you say at the table when partner makes a call that is Alerted or Announced. Say how
        well you knew each; what you knew well comes back later, what you missed comes back soon. When the agreement changes, its questions start again.
      </p>
      {overview.isError ? (
        <p role="alert" className="field-problem">
          {toErrorMessage(overview.error)}
        </p>
      ) : !overview.data ? (
        <p role="status">Loading…</p>
      ) : (
        <>
          <p role="status">
            {overview.data.dueCount === 0
              ? 'Nothing is due now.'
              : `${overview.data.dueCount} ${overview.data.dueCount === 1 ? 'question is' : 'questions are'} due.`}
          </p>
          <div className="practice-sessions">
            {SESSIONS.map((choice) => (
              <div key={choice.kind} className="practice-session-choice">
                <Button type="button" label={choice.label} loading={loading.isFetching} onClick={() => void start(choice.kind)} />
                <span className="practice-hint">{choice.hint}</span>
              </div>
            ))}
          </div>
          <Progress session={overview.data} />
        </>
      )}
    </>
  );
}

function Progress({ session }: { session: PracticeSession }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Progress</h2>
      <table className="practice-progress">
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Learned</th>
            <th scope="col">Learning</th>
            <th scope="col">New</th>
          </tr>
        </thead>
        <tbody>
          {session.progress.map((category) => (
            <tr key={category.categoryName}>
              <th scope="row">{category.categoryName}</th>
              <td>{category.learned}</td>
              <td>{category.learning}</td>
              <td>{category.new}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One prompt: choose, check, then grade. */
function PromptCard({ prompt, position, onGraded }: { prompt: PracticePrompt; position: string; onGraded: (rating: PracticeRating) => void }) {
  const [picked, setPicked] = useState<string[]>([]);
  const [checked, setChecked] = useState(false);
  const baseId = useId();
  const gradeRef = useRef<HTMLDivElement>(null);
  const isRight = isRightAnswer(prompt, picked);
  // A layout effect: the grading keys work from the moment the grades are drawn. After the paint
  // (an ordinary effect), a key pressed at once on a busy phone was lost.
  useLayoutEffect(() => {
    if (!checked) return;
    gradeRef.current?.querySelector<HTMLButtonElement>(isRight ? '[data-rating="good"]' : '[data-rating="again"]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      const grade = RATINGS.find((r) => r.key === event.key);
      if (grade && !(event.target instanceof HTMLInputElement && event.target.type === 'text')) onGraded(grade.rating);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [checked, isRight, onGraded]);
  const toggle = (id: string) => {
    if (checked) return;
    setPicked((current) => (prompt.isMultiple ? (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]) : [id]));
  };
  return (
    <form
      className="practice-prompt"
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
      }}
    >
      <fieldset>
        <legend>
          <span className="practice-position">
            {position} · {prompt.categoryName}
          </span>
          <span className="practice-question">{prompt.question}</span>
        </legend>
        {prompt.isChanged && <p className="practice-badge">Your agreement changed: learn this one again.</p>}
        {prompt.isToDiscuss && <p className="practice-badge">Marked to discuss.</p>}
        <p className="practice-hint">{prompt.isMultiple ? 'Choose every one the card says.' : 'Choose one.'}</p>
        {prompt.choices.map((choice) => {
          const isAnswer = prompt.answer.includes(choice.id);
          return (
            <div key={choice.id} className={`practice-choice${checked && isAnswer ? ' is-answer' : ''}`}>
              <input
                type={prompt.isMultiple ? 'checkbox' : 'radio'}
                name={`${baseId}-choice`}
                id={`${baseId}-${choice.id}`}
                checked={picked.includes(choice.id)}
                disabled={checked}
                onChange={() => toggle(choice.id)}
              />
              <label htmlFor={`${baseId}-${choice.id}`}>
                <MarkupText markup={choice.name} />
                {checked && isAnswer && <span className="practice-mark"> (the card)</span>}
              </label>
            </div>
          );
        })}
      </fieldset>
      {!checked ? (
        <Button type="submit" label="Check" icon="pi pi-check" disabled={picked.length === 0} />
      ) : (
        <>
          {prompt.elsewhere.length > 0 && (
            <div className="practice-elsewhere">
              <p>Not to mix up: your other agreements say otherwise.</p>
              <ul>
                {prompt.elsewhere.map((other) => (
                  <li key={other.label}>
                    {other.label}: {other.answer}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p role="status" className={isRight ? 'practice-right' : 'practice-wrong'}>
            {isRight ? 'Right.' : 'Not quite: the card’s answer is marked.'} How well did you know it? (keys 1 to 4)
          </p>
          <div ref={gradeRef} className="practice-grades" role="group" aria-label="How well you knew it">
            {RATINGS.map((r) => (
              <Button
                key={r.rating}
                type="button"
                data-rating={r.rating}
                label={`${r.key} ${r.label}`}
                outlined={r.rating !== (isRight ? 'good' : 'again')}
                onClick={() => onGraded(r.rating)}
              />
            ))}
          </div>
        </>
      )}
    </form>
  );
}
