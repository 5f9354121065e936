/**
 * Where one agreement says otherwise than a player's other agreements (docs/questionnaire.md §2 and
 * §8): the cross-partner confusion, "1NT range with Anna? With Bob?". Subjects are matched by
 * catalogue key (docs/catalogue-keys.md), so agreements made from different templates compare;
 * ticks are compared by option key, or by name for a user-added option.
 */
import { type ContractDocument, type Subject, displayName, isPlaceholderName } from './contract';
import { stripMarkup } from './markup';

/** Another agreement of the same player, and what to call it ("Bob's agreement", its name). */
export interface OtherAgreement {
  label: string;
  document: Pick<ContractDocument, 'categories'>;
}

/** What another agreement says of a subject: its label and the answer in words ("12-14", "Not played"). */
export interface Elsewhere {
  label: string;
  answer: string;
}

/** The most other agreements compared: a player's five and those shared with them, newest first. */
export const MAX_OTHER_AGREEMENTS = 20;

function ticksOf(subject: Subject): string {
  const options = subject.options
    .filter((option) => option.isSelected && !isPlaceholderName(option.optionName))
    .map((option) => option.key ?? `name:${stripMarkup(displayName(option)).toLowerCase()}`)
    .sort();
  return `${subject.isSelected || options.length > 0 ? 1 : 0}:${options.join(',')}`;
}

function answerOf(subject: Subject): string {
  const names = subject.options
    .filter((option) => option.isSelected && !isPlaceholderName(option.optionName))
    .map((option) => stripMarkup(displayName(option)));
  if (names.length > 0) return names.join(', ');
  return subject.isSelected ? 'Played' : 'Not played';
}

function subjectsByKey(document: Pick<ContractDocument, 'categories'>): Map<string, Subject> {
  const byKey = new Map<string, Subject>();
  for (const category of document.categories)
    for (const subject of category.subjects) if (subject.key && !byKey.has(subject.key)) byKey.set(subject.key, subject);
  return byKey;
}

/**
 * The subjects of `document` that another agreement answers differently, with what each says.
 * A subject neither agreement plays is no difference.
 *
 * @returns by subject id (of `document`), the other agreements that differ, in the order given
 */
export function differencesElsewhere(document: Pick<ContractDocument, 'categories'>, others: readonly OtherAgreement[]): Map<string, Elsewhere[]> {
  const differences = new Map<string, Elsewhere[]>();
  const otherSubjects = others.slice(0, MAX_OTHER_AGREEMENTS).map((other) => ({ label: other.label, byKey: subjectsByKey(other.document) }));
  for (const category of document.categories) {
    for (const subject of category.subjects) {
      if (!subject.key || isPlaceholderName(subject.subjectName)) continue;
      const mine = ticksOf(subject);
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
