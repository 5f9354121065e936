/**
 * Selection pieces several templates share, so that a correction to "standard" methods is made
 * once. A template spreads a piece and then overrides single subjects where its system differs
 * (a later key replaces an earlier one).
 */
import type { Selection } from '../catalogue-model';

/**
 * What a sensible club player agrees in Overcalls (the Free Trial Agreement's choices, also the
 * competitive base of Basic Precision, whose sources define only its constructive bidding).
 * Sources: domain-facts sections 1a and 4.2-4.3 (the ACBL card's common ticks).
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
 * Standard American leads as printed bold on the ACBL card: top of sequences, 4th best,
 * ace from AK versus suits (domain-facts section 1a; a basic 2/1 card "uses standard", 4.3).
 */
export const STANDARD_LEADS: Selection = {
  'ld.lengthSuits': ['4th'],
  'ld.lengthNt': ['4th'],
  'ld.ak': ['aSuits'],
  'ld.kq': ['k'],
  'ld.qj': ['q'],
  'ld.j10': ['j'],
  'ld.109': ['10'],
  'ld.kq10': ['kSuits', 'kNt'],
  'ld.interior': ['top'],
  'ld.xx': ['top'],
  'ld.xxx': ['top'],
  'ld.xxxx': ['4th'],
  'ld.xxxxx': ['4th'],
  'ld.hxx': ['low'],
  'ld.hxxx': ['4th'],
  'ld.hxxxx': ['4th'],
  'ld.partnerSuit': ['topDoubleton', 'lowFromHxx'],
};

/** Standard signals: high encourages, high-low shows an even number (domain-facts 1a, 4.2). */
export const STANDARD_SIGNALS: Selection = {
  'sg.standard': ['suits', 'nt'],
  'sg.primaryLead': ['attitude'],
  'sg.primaryDeclarer': ['count'],
  'sg.firstDiscard': ['standard'],
  'sg.suitPref': ['ruff'],
};
