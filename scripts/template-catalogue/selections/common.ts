/**
 * Selection pieces several templates share, so that a correction to "standard" methods is made
 * once. A template spreads a piece and then overrides single subjects where its system differs
 * (a later key replaces an earlier one).
 */
import type { Selection } from '../catalogue-model';

/**
 * What a sensible club player agrees in Overcalls (the Free Trial Agreement's choices, also the
 * competitive base of Basic Precision, whose sources define only its constructive bidding).
 * Sources: docs/bridge.md sections 1a and 4.2-4.3 (the ACBL card's common ticks).
 */
export const CLUB_OVERCALLS: Selection = {
  'ov.1level': ['8-16'],
  'ov.2level': ['opening', 'goodSuit'],
  'ov.balancing': ['lighter'],
  'ov.newSuit': ['nfConst'],
  'ov.single': ['constructive'],
  'ov.jumpRaise': ['weak'],
  'ov.cuebidRaise': ['limitPlus'],
  'ov.advNt': ['1nt', '2nt', '3nt'],
  'ov.rebidAfterCue': ['minReturn'],
  'ov.jump': ['weak'],
  'ov.1ntDirect': ['15-18', 'systemsOn', 'stopper'],
  'ov.1ntBalance': ['11-14'],
  'ov.unusual2nt': ['twoLowest', '55'],
  'ov.cueMinor': ['michaels'],
  'ov.cueMajor': ['michaels'],
  'ov.michaels': ['minorMajors', 'majorOther', '55'],
};

/** What a sensible club player agrees in Doubles and Redoubles (see CLUB_OVERCALLS). */
export const CLUB_DOUBLES: Selection = {
  'db.takeout': ['classic', 'strong', 'lightBalance'],
  'db.advancing': ['jump911', 'cuebidGf', '1nt', '2nt'],
  'db.negative': ['3s', 'promises4M'],
  'db.penaltyAfterOvercall': ['aboveNegative'],
  'db.responsive': ['3s'],
  'db.support': ['2h', 'redouble'],
  'db.leadDirecting': ['artificial'],
  'db.3nt': ['doublerSuit', 'leaderSuit', 'dummySuit'],
  'db.lightner': ['unusual'],
  'db.redouble': ['10plus', 'penaltyLater'],
  'db.newSuitOverDouble': ['1level'],
  'db.jumpShiftOverDouble': ['weak'],
  'db.jumpRaiseOverDouble': ['preemptive'],
  'db.2ntOverDouble': ['majorLimitPlus', 'minorLimitPlus'],
};

/**
 * Standard American leads as printed bold on the ACBL card, row by row for both of its grids
 * (docs/bridge.md §6): top of touching honors (so the ace from AKx), top of an interior sequence,
 * 4th best from length, top from xx and xxx, low from three to an honor (docs/bridge.md §1a;
 * the ACBL SAYC booklet; a basic 2/1 card "uses standard", 4.3).
 */
export const STANDARD_LEADS: Selection = {
  'ld.lengthSuits': ['4th'],
  'ld.lengthNt': ['4th'],
  ...leadRows({
    ak: 'a',
    kq: 'k',
    qj: 'q',
    j10: 'j',
    '109': '10',
    kq10: 'k',
    interior: 'top',
    xx: 'top',
    xxx: 'top',
    xxxx: '4th',
    xxxxx: '4th',
    hxx: 'low',
    hxxx: '4th',
    hxxxx: '4th',
    hhx: 'low',
  }),
  'ld.partnerSuit': ['topDoubleton', 'lowFromHxx'],
};

/**
 * The selection of lead rows: one holding -> the card led, for the row versus suits (`ld.<key>`)
 * and, unless `againstNt` names another card, the same card in the row versus notrump
 * (`ld.<key>Nt`).
 */
export function leadRows(againstSuits: Readonly<Record<string, string>>, againstNt: Readonly<Record<string, string>> = {}): Selection {
  const rows: Record<string, string[]> = {};
  for (const [holding, card] of Object.entries(againstSuits)) {
    rows[`ld.${holding}`] = [card];
    rows[`ld.${holding}Nt`] = [againstNt[holding] ?? card];
  }
  return rows;
}

/** Standard signals: high encourages, high-low shows an even number (docs/bridge.md 1a, 4.2). */
export const STANDARD_SIGNALS: Selection = {
  'sg.standard': ['suits', 'nt'],
  'sg.primaryLead': ['attitude'],
  'sg.primaryDeclarer': ['count'],
  'sg.firstDiscard': ['standard'],
  'sg.firstDiscardNt': ['standard'],
  'sg.suitPref': ['ruff'],
};
