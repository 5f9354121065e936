/**
 * Where one agreement says otherwise than a player's other agreements (docs/questionnaire.md §2 and
 * §8): the cross-partner confusion, "1NT range with Anna? With Bob?". Subjects are matched by
 * catalogue key (docs/catalogue-keys.md), so agreements made from different templates compare;
 * ticks are compared by option key, or by name for a user-added option.
 */
import { type ContractDocument, type Subject, displayName, isPlaceholderName } from './contract';
import { stripMarkup } from './markup';

/**
 * What an agreement plays of one catalogue subject, all that the comparison needs: whether the
 * subject is ticked, and its ticked options (catalogue key, shown name). The server reads it
 * straight from the stored documents (features/agreements/other-agreements.ts) rather than whole
 * agreements.
 */
export interface PlayedSubject {
  key: string;
  isSelected: boolean;
  options: { key?: string | undefined; name: string }[];
}

/** Another agreement of the same player, and what to call it ("Bob's agreement", its name). */
export interface OtherAgreement {
  label: string;
  subjects: readonly PlayedSubject[];
}

/** What another agreement says of a subject: its label and the answer in words ("12-14", "Not played"). */
export interface Elsewhere {
  label: string;
  answer: string;
}

/** The most other agreements compared: a player's five and those shared with them, newest first. */
export const MAX_OTHER_AGREEMENTS = 20;

function playedOf(subject: Subject, key: string): PlayedSubject {
  return {
    key,
    isSelected: subject.isSelected,
    options: subject.options
      .filter((option) => option.isSelected && !isPlaceholderName(option.optionName))
      .map((option) => ({ key: option.key, name: displayName(option) })),
  };
}

/** A document's keyed subjects as PlayedSubject, in card order (placeholder rows left out). */
export function playedSubjectsOf(document: Pick<ContractDocument, 'categories'>): PlayedSubject[] {
  return document.categories.flatMap((category) =>
    category.subjects.flatMap((subject) => (subject.key === undefined || isPlaceholderName(subject.subjectName) ? [] : [playedOf(subject, subject.key)])),
  );
}

function ticksOf(subject: PlayedSubject): string {
  const options = subject.options.map((option) => option.key ?? `name:${stripMarkup(option.name).toLowerCase()}`).sort();
  return `${subject.isSelected || options.length > 0 ? 1 : 0}:${options.join(',')}`;
}

function answerOf(subject: PlayedSubject): string {
  if (subject.options.length > 0) return subject.options.map((option) => stripMarkup(option.name)).join(', ');
  return subject.isSelected ? 'Played' : 'Not played';
}

/**
 * The subjects of `document` that another agreement answers differently, with what each says.
 * A subject neither agreement plays is no difference.
 *
 * @returns by subject id (of `document`), the other agreements that differ, in the order given
 */
export function differencesElsewhere(document: Pick<ContractDocument, 'categories'>, others: readonly OtherAgreement[]): Map<string, Elsewhere[]> {
  const differences = new Map<string, Elsewhere[]>();
  const otherSubjects = others.slice(0, MAX_OTHER_AGREEMENTS).map((other) => {
    const byKey = new Map<string, PlayedSubject>();
    for (const subject of other.subjects) if (!byKey.has(subject.key)) byKey.set(subject.key, subject);
    return { label: other.label, byKey };
  });
  for (const category of document.categories) {
    for (const subject of category.subjects) {
      if (!subject.key || isPlaceholderName(subject.subjectName)) continue;
      const mine = ticksOf(playedOf(subject, subject.key));
      for (const other of otherSubjects) {
        const theirs = other.byKey.get(subject.key);
        if (!theirs) continue;
        const ticks = ticksOf(theirs);
        if (ticks === mine || (ticks.startsWith('0:') && mine.startsWith('0:'))) continue;
        differences.set(subject._id, [...(differences.get(subject._id) ?? []), { label: other.label, answer: answerOf(theirs) }]);
      }
    }
  }
  return differences;
}
