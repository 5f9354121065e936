/**
 * A small but real trial agreement for the tests of this feature: a master CSV (docs/product.md §D6) parsed by
 * the domain's parser and turned into an agreement by `createAgreementFromTemplate`, exactly as the
 * server makes the guest agreement. Test-only; not imported by the app.
 */
import type { Contract } from '@bpa/domain/contract';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';

const OTHER_CATEGORIES = [
  'General Approach',
  'Notrump Opening Bids',
  'Major Opening Bids',
  'Minor Opening Bids',
  'Strong Opening Bids',
  'Preemptive Openings',
  'Slam Bidding',
  'Competitive Bidding',
  'Defensive Carding',
  'Leads',
  'Other Conventions',
];

const CSV = [
  'level,name,bold,italic,selected,locked',
  'template,Free Trial Agreement,,,,',
  ...OTHER_CATEGORIES.slice(0, 5).map((name) => `category,${name},,,,\nsubject,A subject of ${name},,,,`),
  'category,Overcalls,yes,,,',
  'subcategory,Suit overcalls,yes,,,',
  'subject,1-level overcall range,yes,,,',
  'option,8-16 HCP,,,,',
  'option,10-16 HCP,,,,',
  'subject,Jump overcalls,,yes,,',
  'option,Weak,,,,',
  'subcategory,,,,,',
  'subject,Always alert,,,yes,yes',
  'option,Locked option,,,,',
  'category,Doubles and Redoubles,,,,',
  'subject,Negative doubles,yes,,,',
  'option,Through 3!s,,,,',
  ...OTHER_CATEGORIES.slice(5).map((name) => `category,${name},,,,\nsubject,A subject of ${name},,,,`),
].join('\n');

/** A fresh guest agreement with ids `id-1`, `id-2`, ... (13 categories; Overcalls is index 5). */
export function makeTestAgreement(): Contract {
  let next = 0;
  const newId = () => `id-${String((next += 1))}`;
  const template = parseMasterCsv(CSV, { newId });
  const document = createAgreementFromTemplate(template, 'My trial agreement', newId);
  return { ...document, _id: 'guest-agreement', revision: 0, templateName: template.templateName };
}

/** Index of Overcalls in the test agreement. */
export const OVERCALLS_INDEX = 5;
