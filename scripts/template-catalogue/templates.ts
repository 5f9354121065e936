/**
 * The seven shipped templates: file, name and selection (docs/product.md §D6). Blank
 * selects nothing; the Free Trial Agreement (hidden from the template list, docs/product.md §3)
 * selects a club player's choices in the two trial categories only.
 */
import { BLANK_TEMPLATE_NAME, FREE_TRIAL_TEMPLATE_NAME } from '@bpa/domain/constants';
import type { TemplateDefinition } from './catalogue-model';
import { BASIC_2_OVER_1 } from './selections/basic-2-over-1';
import { BASIC_PRECISION } from './selections/basic-precision';
import { BRIDGE_WORLD_STANDARD } from './selections/bridge-world-standard';
import { CLUB_DOUBLES, CLUB_OVERCALLS } from './selections/common';
import { LC_STANDARD } from './selections/lc-standard';
import { MODERN_STANDARD_AMERICAN } from './selections/modern-standard-american';

export const TEMPLATE_DEFINITIONS: readonly TemplateDefinition[] = [
  { fileName: 'blank.csv', templateName: BLANK_TEMPLATE_NAME, selection: {} },
  { fileName: 'basic-precision.csv', templateName: 'Basic Precision', selection: BASIC_PRECISION },
  { fileName: 'modern-standard-american.csv', templateName: 'Modern Standard American', selection: MODERN_STANDARD_AMERICAN },
  { fileName: 'basic-2-over-1-game-forcing.csv', templateName: 'Basic 2 over 1 Game Forcing', selection: BASIC_2_OVER_1 },
  { fileName: 'bridge-world-standard.csv', templateName: 'Bridge World Standard', selection: BRIDGE_WORLD_STANDARD },
  { fileName: 'lc-standard.csv', templateName: 'LC Standard', selection: LC_STANDARD },
  {
    fileName: 'free-trial-agreement.csv',
    templateName: FREE_TRIAL_TEMPLATE_NAME,
    selection: { ...CLUB_OVERCALLS, ...CLUB_DOUBLES },
  },
];
