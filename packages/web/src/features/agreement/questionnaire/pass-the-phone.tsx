/**
 * "Do we agree?" on one phone (docs/questionnaire.md §9): at the club, without accounts, in the
 * trial too. Player A answers, hands the phone over, player B answers (up to four players), then
 * the reveal. Everything stays in this browser (localStorage, checked with the domain's schemas
 * when read back): nothing is sent to the server, so a trial visitor's rule holds (nothing stored
 * on the server) and an abandoned round is simply there to finish, or to start again.
 */
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import type { ContractDocument } from '@bpa/domain/contract';
import {
  type Answers,
  MAX_QUESTIONNAIRE_PARTICIPANTS,
  QuestionSchema,
  type QuestionSet,
  StoredAnswersSchema,
  buildQuestions,
  harmonyOf,
  revealQuestionnaire,
} from '@bpa/domain/questionnaire';
import { HarmonyScore, QuestionList, QuestionSetPicker, RevealList, outcomeCounts } from './questionnaire-parts';

/** A round as kept in the browser: the players, the questions, each player's answers, whose turn it is. */
const RoundSchema = z.object({
  players: z.array(z.string().max(40)).min(2).max(MAX_QUESTIONNAIRE_PARTICIPANTS),
  questions: z.array(QuestionSchema).max(400),
  answers: z.array(StoredAnswersSchema),
  /** The player answering (an index), or the one the phone is being handed to; `players.length` once all have answered. */
  turn: z.number().int().min(0),
  isHandingOver: z.boolean(),
});
type Round = z.infer<typeof RoundSchema>;

const STORAGE_PREFIX = 'bpa.passThePhone.v1:';

function readRound(key: string): Round | null {
  try {
    const parsed = RoundSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_PREFIX + key) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeRound(key: string, round: Round | null): void {
  try {
    if (round === null) localStorage.removeItem(STORAGE_PREFIX + key);
    else localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(round));
  } catch {
    // Private browsing or a full storage: the round goes on in memory.
  }
}

/**
 * The whole round on one device, for `document` (the trial agreement, or a subscriber's).
 *
 * @param storageKey keeps one round per agreement in this browser
 */
export function PassThePhone({ document, storageKey }: { document: Pick<ContractDocument, 'categories'>; storageKey: string }) {
  const [round, setRoundState] = useState<Round | null>(() => readRound(storageKey));
  const setRound = (next: Round | null) => {
    writeRound(storageKey, next);
    setRoundState(next);
  };
  if (!round) return <Setup document={document} onStart={setRound} />;
  if (round.turn >= round.players.length) {
    const reveal = revealQuestionnaire(
      round.questions,
      round.players.map((name, index) => ({ userId: String(index), name, answers: round.answers[index] ?? {} })),
      document,
    );
    return (
      <section aria-labelledby="phone-reveal-heading">
        <h2 id="phone-reveal-heading">Your answers side by side</h2>
        <HarmonyScore harmony={harmonyOf(reveal)} />
        <p role="status">{outcomeCounts(reveal)}</p>
        <RevealList reveal={reveal} nameOf={(given) => given.name} />
        <Button type="button" label="Start a new round" icon="pi pi-refresh" onClick={() => setRound(null)} />
      </section>
    );
  }
  const player = round.players[round.turn]!;
  if (round.isHandingOver) {
    return (
      <section className="questionnaire-handover" aria-labelledby="handover-heading">
        <h2 id="handover-heading">Hand the phone to {player}</h2>
        <p>The answers so far are hidden. {player}: answer alone, then hand the phone on.</p>
        <Button type="button" label={`I am ${player}: show my questions`} onClick={() => setRound({ ...round, isHandingOver: false })} autoFocus />
      </section>
    );
  }
  return (
    <Answering
      key={round.turn}
      player={player}
      round={round}
      onDone={(answers) => {
        const next = [...round.answers];
        next[round.turn] = answers;
        const turn = round.turn + 1;
        setRound({ ...round, answers: next, turn, isHandingOver: turn < round.players.length });
      }}
      onCancel={() => setRound(null)}
    />
  );
}

function Setup({ document, onStart }: { document: Pick<ContractDocument, 'categories'>; onStart: (round: Round) => void }) {
  const [players, setPlayers] = useState(['', '']);
  const [set, setSet] = useState<QuestionSet>({ kind: 'core' });
  const names = players.map((name, index) => name.trim() || `Player ${String.fromCharCode(65 + index)}`);
  const questions = buildQuestions(document, set);
  return (
    <section aria-labelledby="phone-setup-heading" className="questionnaire-start">
      <h2 id="phone-setup-heading">Pass the phone</h2>
      <p>
        On one phone, at the club: each of you answers the same questions alone, then hands the phone over. Once all of you have answered, you see your answers
        side by side. Nothing leaves this browser.
      </p>
      <fieldset>
        <legend>Players</legend>
        {players.map((name, index) => (
          <label key={index} className="questionnaire-field">
            <span>Player {index + 1}</span>
            <input
              type="text"
              className="p-inputtext"
              maxLength={40}
              value={name}
              placeholder={`Player ${String.fromCharCode(65 + index)}`}
              onChange={(event) => setPlayers(players.map((old, i) => (i === index ? event.target.value : old)))}
            />
          </label>
        ))}
        {players.length < MAX_QUESTIONNAIRE_PARTICIPANTS && (
          <Button type="button" label="Add a player" text icon="pi pi-plus" onClick={() => setPlayers([...players, ''])} />
        )}
      </fieldset>
      {/* The sets that need nothing from the server: nobody's marks, history or other agreements. */}
      <QuestionSetPicker offered={['core', 'style', 'category', 'all']} categories={document.categories} value={set} onChange={setSet} />
      <p role="status">
        {questions.length} {questions.length === 1 ? 'question' : 'questions'}.
      </p>
      <Button
        type="button"
        label={`Start: ${names[0]} answers first`}
        icon="pi pi-play"
        disabled={questions.length === 0}
        onClick={() => onStart({ players: names, questions, answers: [], turn: 0, isHandingOver: false })}
      />
    </section>
  );
}

function Answering({ player, round, onDone, onCancel }: { player: string; round: Round; onDone: (answers: Answers) => void; onCancel: () => void }) {
  const [answers, setAnswers] = useState<Answers>({});
  const answered = round.questions.filter((q) => answers[q.subjectId]).length;
  const isLast = round.turn === round.players.length - 1;
  return (
    <form
      className="questionnaire-form"
      onSubmit={(event) => {
        event.preventDefault();
        onDone(answers);
      }}
    >
      <h2>{player}’s answers</h2>
      <p role="status" aria-live="polite">
        {answered} of {round.questions.length} answered. Blank ones count as not discussed.
      </p>
      <QuestionList questions={round.questions} answers={answers} setAnswers={setAnswers} />
      <div className="questionnaire-actions">
        <Button type="submit" label={isLast ? 'Done: show our answers' : `Done: hand the phone to ${round.players[round.turn + 1]}`} icon="pi pi-check" />
        <Button type="button" label="Stop this round" text onClick={onCancel} />
      </div>
    </form>
  );
}
