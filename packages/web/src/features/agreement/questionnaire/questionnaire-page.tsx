/**
 * "Do we agree?", /my/agree (docs/questionnaire.md): `?id=` an agreement. Without `&questionnaire=`
 * the page starts a questionnaire (which questions, how long partners have) and lists the earlier
 * ones with their harmony scores; with it, the page asks my answers until the reveal, then shows
 * every answer beside the card, disagreements first, with what to do about each.
 *
 * Nothing here hides anyone's answers: the server never sends them before the reveal.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PATHS } from '@bpa/domain/paths';
import {
  type Answers,
  DEFAULT_DEADLINE_DAYS,
  MAX_DEADLINE_DAYS,
  type QuestionSet,
  type QuestionnaireDetail,
  type RevealedQuestion,
  describeAnswer,
} from '@bpa/domain/questionnaire';
import type { Contract } from '@bpa/domain/contract';
import { useToast } from '../../../components/ui/toast-provider';
import { toErrorMessage } from '../../../lib/error-message';
import { AgreementPage } from '../core/agreement-page';
import { toPlainName } from '../core/markup-text';
import { HarmonyScore, QUESTION_SET_CHOICES, QuestionList, QuestionSetPicker, RevealList, outcomeCounts, percent } from './questionnaire-parts';
import { PassThePhone } from './pass-the-phone';
import {
  useAdoptAnswerMutation,
  useGetQuestionnaireQuery,
  useGetQuestionnairesQuery,
  useMarkQuestionMutation,
  useSaveAnswersMutation,
  useStartQuestionnaireMutation,
} from './questionnaire-api';
import '../core/agreement.css';
import './questionnaire.css';

export const QUESTIONNAIRE_TITLE = 'Do we agree?';

/** The address of an agreement's questionnaires, or of one of them. */
export function questionnairePath(contractId: string, questionnaireId?: string): string {
  const query = new URLSearchParams({ id: contractId, ...(questionnaireId ? { questionnaire: questionnaireId } : {}) });
  return `${PATHS.myQuestionnaires}?${query.toString()}`;
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export default function QuestionnairePage() {
  const [searchParams] = useSearchParams();
  const questionnaireId = searchParams.get('questionnaire') ?? '';
  const isOnePhone = searchParams.get('mode') === 'phone';
  return (
    <AgreementPage title={QUESTIONNAIRE_TITLE} className="questionnaire-page" openedFrom="“Do we agree?”">
      {(agreement) =>
        isOnePhone ? (
          <>
            <p>
              <Link to={questionnairePath(agreement._id)}>Questionnaires answered on your own devices</Link>
            </p>
            <PassThePhone document={agreement} storageKey={agreement._id} />
          </>
        ) : questionnaireId === '' ? (
          <StartAndList agreement={agreement} />
        ) : (
          <OneQuestionnaire agreement={agreement} questionnaireId={questionnaireId} />
        )
      }
    </AgreementPage>
  );
}

/** Starting a questionnaire, and the earlier ones with their scores (the trend). */
function StartAndList({ agreement }: { agreement: Contract }) {
  const list = useGetQuestionnairesQuery(agreement._id);
  const [start, startState] = useStartQuestionnaireMutation();
  const { showSuccess, showFailure } = useToast();
  const [, setSearchParams] = useSearchParams();
  const [set, setSet] = useState<QuestionSet>({ kind: 'core' });
  const [deadlineDays, setDeadlineDays] = useState(DEFAULT_DEADLINE_DAYS);
  const onStart = async () => {
    try {
      const started = await start({ contractId: agreement._id, request: { set, deadlineDays } }).unwrap();
      showSuccess(`Started: ${started.questionCount} questions. Your partners were emailed.`);
      setSearchParams({ id: agreement._id, questionnaire: started.id });
    } catch (error) {
      showFailure(error);
    }
  };
  return (
    <>
      <p>
        Each of you answers the same questions about your agreement, alone. Nobody sees anyone’s answers until all of you have handed them in, or the deadline
        passes. Then you see where you remember the same, where you do not, and where the card is out of date.
      </p>
      <p>
        Together at the club, on one device? <Link to={`${questionnairePath(agreement._id)}&mode=phone`}>Pass the phone</Link>: nothing is sent, you see the
        answers side by side at once.
      </p>
      <section aria-labelledby="questionnaire-start-heading" className="questionnaire-start">
        <h2 id="questionnaire-start-heading">Start a questionnaire</h2>
        <QuestionSetPicker offered={QUESTION_SET_CHOICES.map((choice) => choice.kind)} categories={agreement.categories} value={set} onChange={setSet} />
        <label className="questionnaire-field">
          <span>Days to answer</span>
          <input
            type="number"
            className="p-inputtext"
            min={1}
            max={MAX_DEADLINE_DAYS}
            value={deadlineDays}
            onChange={(event) => setDeadlineDays(Math.min(MAX_DEADLINE_DAYS, Math.max(1, Math.round(Number(event.target.value) || 1))))}
          />
        </label>
        <Button type="button" label="Start and ask my partners" icon="pi pi-send" loading={startState.isLoading} onClick={() => void onStart()} />
      </section>
      <section aria-labelledby="questionnaire-list-heading">
        <h2 id="questionnaire-list-heading">Our questionnaires</h2>
        {list.isError ? (
          <p role="alert" className="field-problem">
            {toErrorMessage(list.error)}
          </p>
        ) : !list.data ? (
          <p role="status">Loading…</p>
        ) : list.data.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul className="questionnaire-list">
            {list.data.map((summary) => {
              const handedIn = summary.participants.filter((p) => p.submitted).length;
              return (
                <li key={summary.id}>
                  <Link to={questionnairePath(agreement._id, summary.id)}>{summary.title}</Link>
                  <span className="questionnaire-hint">
                    {' '}
                    started by {summary.startedBy}, {formatDate(summary.startedAt)} · {summary.questionCount} questions ·{' '}
                    {summary.isRevealed
                      ? `harmony ${percent(summary.harmony?.overall ?? null)}`
                      : `${handedIn} of ${summary.participants.length} handed in, open until ${formatDate(summary.deadline)}`}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}

/** One questionnaire: my answers until the reveal, then the reveal. */
function OneQuestionnaire({ agreement, questionnaireId }: { agreement: Contract; questionnaireId: string }) {
  const query = useGetQuestionnaireQuery({ contractId: agreement._id, questionnaireId });
  if (query.isError) {
    return (
      <p role="alert" className="field-problem">
        {toErrorMessage(query.error)} <Link to={questionnairePath(agreement._id)}>All questionnaires</Link>
      </p>
    );
  }
  if (!query.data) return <p role="status">Loading the questionnaire…</p>;
  const detail = query.data;
  return (
    <>
      <p>
        <strong>{detail.title}</strong>, started by {detail.startedBy} on {formatDate(detail.startedAt)}.{' '}
        <Link to={questionnairePath(agreement._id)}>All questionnaires</Link>
      </p>
      <Participants detail={detail} />
      {detail.reveal ? <Reveal agreement={agreement} detail={detail} reveal={detail.reveal} /> : <AnswerForm contractId={agreement._id} detail={detail} />}
    </>
  );
}

function Participants({ detail }: { detail: QuestionnaireDetail }) {
  return (
    <ul className="questionnaire-participants" aria-label="Who is asked">
      {detail.participants.map((p) => (
        <li key={p.userId}>
          {p.isMe ? 'You' : p.name}: {p.submitted ? 'handed in' : detail.isRevealed ? 'did not hand in' : 'not yet'}
        </li>
      ))}
    </ul>
  );
}

/** My answers, saved as I go and handed in once. */
function AnswerForm({ contractId, detail }: { contractId: string; detail: QuestionnaireDetail }) {
  const me = detail.participants.find((p) => p.isMe);
  const [answers, setAnswers] = useState<Answers>(detail.myAnswers);
  const [save, saveState] = useSaveAnswersMutation();
  const { showSuccess, showFailure } = useToast();
  const [isConfirming, setIsConfirming] = useState(false);
  if (!me)
    return <p>You were not asked in this questionnaire: it began before the agreement was shared with you. You will see the answers once they are revealed.</p>;
  if (me.submitted) {
    const waiting = detail.participants.filter((p) => !p.submitted).map((p) => p.name);
    return (
      <p role="status">
        Your answers are handed in. Waiting for {waiting.join(', ')}; the answers are shown to all of you once everyone has answered, or on{' '}
        {formatDate(detail.deadline)}.
      </p>
    );
  }
  const answered = detail.questions.filter((q) => answers[q.subjectId]).length;
  const send = async (submit: boolean) => {
    try {
      await save({ contractId, questionnaireId: detail.id, request: { answers, submit } }).unwrap();
      showSuccess(submit ? 'Your answers are handed in.' : 'Your answers are saved: go on whenever you like.');
      setIsConfirming(false);
    } catch (error) {
      showFailure(error);
    }
  };
  return (
    <form
      className="questionnaire-form"
      onSubmit={(event) => {
        event.preventDefault();
        setIsConfirming(true);
      }}
    >
      <p role="status" aria-live="polite">
        {answered} of {detail.questions.length} answered. Answer alone: your partners answer the same questions and nobody sees anything before the reveal.
      </p>
      <QuestionList questions={detail.questions} answers={answers} setAnswers={setAnswers} />
      <div className="questionnaire-actions">
        <Button type="button" label="Save and go on later" icon="pi pi-save" outlined loading={saveState.isLoading} onClick={() => void send(false)} />
        <Button type="submit" label="Hand in my answers" icon="pi pi-check" />
      </div>
      {isConfirming && (
        <div role="alertdialog" aria-labelledby="hand-in-heading" className="questionnaire-confirm">
          <h2 id="hand-in-heading">Hand in your answers?</h2>
          <p>
            {detail.questions.length - answered === 0
              ? 'Every question is answered.'
              : `${detail.questions.length - answered} questions are left blank: they count as not discussed.`}{' '}
            Once handed in, your answers can no longer change.
          </p>
          <Button type="button" label="Hand in" icon="pi pi-check" loading={saveState.isLoading} onClick={() => void send(true)} autoFocus />
          <Button type="button" label="Keep answering" text onClick={() => setIsConfirming(false)} />
        </div>
      )}
    </form>
  );
}

/** Everyone's answers beside the card, disagreements first, and what to do about each. */
function Reveal({ agreement, detail, reveal }: { agreement: Contract; detail: QuestionnaireDetail; reveal: RevealedQuestion[] }) {
  const [adopt, adoptState] = useAdoptAnswerMutation();
  const [mark] = useMarkQuestionMutation();
  const { showSuccess, showFailure } = useToast();
  const canEdit = (agreement.access ?? 'owner') !== 'view';
  const onAdopt = async (entry: RevealedQuestion, fromUserId: string, name: string) => {
    try {
      await adopt({ contractId: agreement._id, questionnaireId: detail.id, request: { subjectId: entry.question.subjectId, fromUserId } }).unwrap();
      showSuccess(`Saved: the card now says ${name === 'You' ? 'your' : `${name}’s`} answer to “${toPlainName(entry.question.subjectName)}”.`);
    } catch (error) {
      showFailure(error);
    }
  };
  const onMark = async (entry: RevealedQuestion, status: 'agreed' | 'discuss') => {
    const note = entry.answers.map((a) => `${a.name}: ${describeAnswer(entry.question, a.answer)}`).join('; ');
    try {
      await mark({ contractId: agreement._id, itemId: entry.question.subjectId, status, note: note.slice(0, 1000) }).unwrap();
      showSuccess(status === 'agreed' ? 'Marked agreed in the editor.' : 'Marked to discuss in the editor, with every answer.');
    } catch (error) {
      showFailure(error);
    }
  };
  const meId = detail.participants.find((p) => p.isMe)?.userId;
  return (
    <>
      <HarmonyScore harmony={detail.harmony} />
      <p role="status">
        {outcomeCounts(reveal)} Each disagreement is marked “to discuss” in the editor with every answer, so the discussion sheet prints them.
      </p>
      <RevealList
        reveal={reveal}
        nameOf={(given) => (given.userId === meId ? 'You' : given.name)}
        answerAction={(entry, given) =>
          canEdit &&
          entry.card !== null &&
          given.answer?.kind === 'choice' &&
          entry.outcome !== 'agree' && (
            <Button
              type="button"
              size="small"
              text
              label="Use this answer"
              aria-label={`Use this answer (${given.name}’s) in the card`}
              disabled={adoptState.isLoading}
              onClick={() => void onAdopt(entry, given.userId, given.name)}
            />
          )
        }
        actions={(entry) =>
          entry.outcome !== 'agree' &&
          entry.card !== null && (
            <div className="questionnaire-actions">
              <Button type="button" size="small" outlined label="Both fine: mark agreed" onClick={() => void onMark(entry, 'agreed')} />
              <Button type="button" size="small" outlined label="Discuss later" onClick={() => void onMark(entry, 'discuss')} />
            </div>
          )
        }
      />
    </>
  );
}
