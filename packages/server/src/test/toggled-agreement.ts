/**
 * Agreements with random ticks, for the property tests of other tools' cards
 * (features/agreement-files/bbo-card.test.ts, swan-card.test.ts): fast-check draws the toggles,
 * this turns them into an agreement a player could have made from a shipped template.
 */
import { type ContractDocument, type MasterTemplate, isPlaceholderName } from '@bpa/domain/contract';
import { createAgreementFromTemplate, toggleOption } from '@bpa/domain/editing';
import fc from 'fast-check';

/** Up to 25 toggles: [category, subject, option] indexes, taken modulo the sizes found. */
export const toggles = fc.array(fc.tuple(fc.nat(12), fc.nat(200), fc.nat(30)), { maxLength: 25 });

/** The template as an agreement, with each toggle's option ticked or unticked (its subject ticked with it). */
export function toggledAgreement(template: MasterTemplate, moves: readonly (readonly [number, number, number])[]): ContractDocument {
  let agreement = createAgreementFromTemplate(template, 'Round trip');
  for (const [c, s, o] of moves) {
    const category = agreement.categories[c % agreement.categories.length]!;
    const subjects = category.subjects.filter((subject) => !isPlaceholderName(subject.subjectName));
    const subject = subjects[s % Math.max(1, subjects.length)];
    const options = subject?.options.filter((option) => !isPlaceholderName(option.optionName)) ?? [];
    const option = options[o % Math.max(1, options.length)];
    if (subject && option) agreement = toggleOption(agreement, category._id, subject._id, option._id);
  }
  return agreement;
}
