/**
 * "Do we agree?" benchmark (docs/questionnaire.md): the largest template with everything ticked.
 *
 * - Building a questionnaire's questions (`buildQuestions`, the whole agreement and the core set):
 *   target under 20 ms.
 * - The reveal of a questionnaire of every subject with four people who all handed in
 *   (`revealQuestionnaire` and `harmonyOf`, then the whole read the route makes: `getQuestionnaire`
 *   on the embedded database): target under 50 ms. Its first read records the reveal (the score,
 *   a "to discuss" mark per disagreement) and is printed apart from the reads after it.
 * - Practice on the same agreement (docs/questionnaire.md §8) by a player as they are after some
 *   weeks: a card (FSRS state) for every prompt, and five other agreements (the other shipped
 *   systems, as shipped) that the session compares with. Its prompts (`buildPracticePrompts`), the
 *   whole read of "10 before the game" (`getPracticeSession`), and the dashboard's progress over
 *   all six agreements (`listPracticeProgress`): target under 20 ms.
 *
 * Each row: the first run (cold: the database's and V8's caches have not seen that read), then the
 * median and worst of QUESTIONNAIRE_BENCH_RUNS runs (default 50) after 10 warm-up runs, which read
 * the same records again with every cache warm. Prints a table; asserts nothing. Run:
 * `npx tsx bench/questionnaire-bench.ts` (or `npm run bench`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { type Answers, type Question, buildQuestions, harmonyOf, revealQuestionnaire } from '@bpa/domain/questionnaire';
import { openDatabase } from '@bpa/server/db/database';
import { contractShares, contracts } from '@bpa/server/db/schema/contracts';
import { questionnaireAnswers, questionnaires } from '@bpa/server/db/schema/questionnaires';
import { templates } from '@bpa/server/db/schema/templates';
import { getQuestionnaire } from '@bpa/server/features/questionnaires/questionnaires';
import { getPracticeSession, listPracticeProgress, recordReviews } from '@bpa/server/features/practice/practice';
import { largestAgreementEverythingTicked } from './support/largest-agreement';
import { buildPracticePrompts } from '@bpa/domain/practice';
import { loadTemplates } from '@bpa/server/features/templates/load-templates';
import { createTestAccount } from '@bpa/server/test/test-accounts';

const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));
const WARM_UP_RUNS = 10;
const RUNS = Number(process.env.QUESTIONNAIRE_BENCH_RUNS ?? 50);
const BUILD_TARGET_MS = 20;
const REVEAL_TARGET_MS = 50;
const PEOPLE = 4;

async function timed(work: () => unknown): Promise<{ first: number; median: number; worst: number }> {
  const started = performance.now();
  await work();
  const first = performance.now() - started;
  for (let i = 1; i < WARM_UP_RUNS; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { first, median: times[Math.floor(times.length / 2)]!, worst: times.at(-1)! };
}

/** Each person's answers: a choice for most questions (some alike, some not), "not sure" or "not discussed" for a few. */
function answersOf(questions: readonly Question[], person: number): Answers {
  return Object.fromEntries(
    questions.map((question, index) => {
      const pick = question.options[(index + (index % 3 === 0 ? person : 0)) % Math.max(1, question.options.length)];
      if (index % 17 === person) return [question.subjectId, { kind: 'notSure' as const, note: '' }];
      if (index % 23 === person) return [question.subjectId, { kind: 'notDiscussed' as const, note: '' }];
      return [question.subjectId, { kind: 'choice' as const, ticked: true, optionIds: pick ? [pick.id] : [], note: `note ${person}` }];
    }),
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'bpa-questionnaire-bench-'));
const connection = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
try {
  await connection.migrate();
  const { db } = connection;
  await loadTemplates(db, TEMPLATES_DIR);
  const { templateName, document } = await largestAgreementEverythingTicked(db, 'Bench');

  const all = buildQuestions(document, { kind: 'all' });
  const people = await Promise.all(Array.from({ length: PEOPLE }, () => createTestAccount(db)));
  const answers = people.map((_, person) => answersOf(all, person));
  const participants = people.map((person, index) => ({ userId: person.id, name: `Player ${index + 1}`, answers: answers[index]! }));

  const [agreement] = await db
    .insert(contracts)
    .values({ ownerUserId: people[0]!.id, contractName: 'Bench', document, revision: 0 })
    .returning({ id: contracts.id });
  const contractId = agreement!.id;
  const now = new Date();
  await db
    .insert(contractShares)
    .values(people.slice(1).map((person) => ({ contractId, userId: person.id, invitedEmail: person.email, access: 'edit' as const, acceptedAt: now })));
  const [questionnaire] = await db
    .insert(questionnaires)
    .values({
      contractId,
      startedBy: people[0]!.id,
      questionSet: { kind: 'all' },
      questions: all,
      participantIds: people.map((person) => person.id),
      startRevision: 0,
      startedAt: now,
      deadline: new Date(now.getTime() + 86_400_000),
    })
    .returning({ id: questionnaires.id });
  const questionnaireId = questionnaire!.id;
  await db
    .insert(questionnaireAnswers)
    .values(people.map((person, index) => ({ questionnaireId, userId: person.id, answers: answers[index]!, updatedAt: now, submittedAt: now })));
  const caller = { userId: people[1]!.id, isImpersonated: false };
  // The first read records the reveal (its marks and score); the timed reads are the ones after.
  const recordingStarted = performance.now();
  const first = await getQuestionnaire(db, { contractId, questionnaireId, caller, now });
  const recordingMs = performance.now() - recordingStarted;
  if (first.reveal?.length !== all.length) throw new Error('the questionnaire was not revealed');

  // The practising player (people[1]) after some weeks: five agreements of their own, one per other
  // shipped system, and a card for every prompt of the Bench agreement.
  const player = people[1]!;
  const others = (await db.select().from(templates)).filter((template) => template.templateName !== templateName).slice(0, 5);
  await db.insert(contracts).values(
    others.map((template) => ({
      ownerUserId: player.id,
      contractName: template.templateName,
      document: createAgreementFromTemplate({ templateName: template.templateName, categories: template.content }, template.templateName),
      revision: 0,
    })),
  );
  const prompts = buildPracticePrompts(document, 'Player 1');
  const past = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const recorded = await recordReviews(db, {
    contractId,
    userId: player.id,
    reviews: prompts.map((prompt, index) => ({
      promptId: prompt.id,
      signature: prompt.signature,
      rating: index % 5 === 0 ? 'again' : 'good',
      reviewedAt: past,
    })),
    now,
  });
  if (recorded !== prompts.length) throw new Error('the practice cards were not all recorded');

  const subjects = document.categories.reduce((n, c) => n + c.subjects.length, 0);
  console.log(`Questionnaire benchmark: ${templateName}, everything ticked (${subjects} subjects, ${all.length} questions), ${PEOPLE} people, ${RUNS} runs`);
  console.log('operation                                      first ms  median ms  max ms  target');
  const line = (label: string, figures: { first: number; median: number; worst: number }, target: number) =>
    console.log(
      `${label.padEnd(45)}  ${figures.first.toFixed(2).padStart(8)}  ${figures.median.toFixed(2).padStart(9)}  ${figures.worst.toFixed(2).padStart(6)}  < ${target} ms: ${Math.max(figures.first, figures.median) < target ? 'met' : 'NOT met'}`,
    );
  line('build the questions: whole agreement', await timed(() => buildQuestions(document, { kind: 'all' })), BUILD_TARGET_MS);
  line('build the questions: core set', await timed(() => buildQuestions(document, { kind: 'core' })), BUILD_TARGET_MS);
  line(`reveal ${all.length} questions x ${PEOPLE} (domain)`, await timed(() => harmonyOf(revealQuestionnaire(all, participants, document))), REVEAL_TARGET_MS);
  const reads = await timed(() => getQuestionnaire(db, { contractId, questionnaireId, caller, now }));
  line(`reveal ${all.length} x ${PEOPLE}: read recording it (database)`, { first: recordingMs, median: recordingMs, worst: recordingMs }, REVEAL_TARGET_MS);
  line(`reveal ${all.length} x ${PEOPLE}: reads after (database)`, reads, REVEAL_TARGET_MS);
  line(`practice: ${prompts.length} prompts (domain)`, await timed(() => buildPracticePrompts(document, 'Player 1')), BUILD_TARGET_MS);
  line(
    `practice: 10 before the game (${prompts.length} cards, 5 others)`,
    await timed(() => getPracticeSession(db, { contractId, userId: player.id, session: 'before', now })),
    BUILD_TARGET_MS,
  );
  line('practice: dashboard progress, 6 agreements', await timed(() => listPracticeProgress(db, { userId: player.id, now })), BUILD_TARGET_MS);
} finally {
  await connection.close();
  rmSync(dataDir, { recursive: true, force: true });
}
