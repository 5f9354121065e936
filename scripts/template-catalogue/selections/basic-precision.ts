/**
 * Basic Precision: C.C. Wei's strong-club system (1963) in its common modern form.
 *
 * Sources (docs/bridge.md §4.1): the Precision Club overview; ocp.pigpen "Standard
 * Precision"; bridgefiles "Precision Simplified" (Wei); bridgeguys "Match Point Precision".
 * Choices where they disagree are listed in templates/README.md.
 */
import type { Selection } from '../catalogue-model';
import { CLUB_DOUBLES, CLUB_OVERCALLS, leadRows } from './common';

export const BASIC_PRECISION: Selection = {
  // General: 1!c 16+ artificial and forcing, everything else limited to 11-15, five-card majors.
  'ga.system': ['precision'],
  'ga.twoOverOne': ['oneRound'],
  'ga.forcingOpening': ['1c'],
  'ga.majorStyle': ['five'],
  'ga.openingRange': ['11-15'],
  'ga.minOpen': ['11'],
  'ga.prealerts': ['strongClub', 'shortMinor'],

  // Notrump: 13-15, semi-balanced allowed, normally no 5-card major; modern Stayman and transfers,
  // over 2NT too (3!c Stayman, 3!d and 3!h transfers).
  'nt.range': ['13-15'],
  'nt.fiveMajor': ['rare'],
  'nt.shape': ['balanced', 'semibalanced'],
  'nt.stayman': ['regular', 'over2nt'],
  'nt.staymanReplies': ['heartsFirst', '2dDenies'],
  'nt.jacoby': ['2d', '2h', 'over2nt'],
  'nt.2nt': ['natural'],
  'nt.2ntRange': ['22-23'],

  // Majors: 11-15 with 5+ cards in every seat.
  'mj.length12': ['5'],
  'mj.length34': ['5'],
  'mj.single': ['6-10'],
  'mj.jumpRaise': ['inv'],
  // 1M-1NT is not forcing: the opening is limited to 11-15.
  'mj.1nt': ['nf'],

  // 1!c strong and artificial; 1!d 11-15 with 2+ diamonds (nebulous).
  'mn.1cLength': ['conv'],
  'mn.1dLength': ['short', 'nebulous'],
  'mn.strong1c': ['16'],
  'mn.strong1cResp': ['1dNeg', 'positives', '1nt'],
  // After 1!c-1!d: suits natural and forcing one round, 1NT 16-18, 2NT 19-21 (between the 13-15
  // 1NT and the 22-23 2NT openings), a jump in a suit game forcing.
  'mn.strong1cRebid': ['suitF', '1nt1618', '2nt1921', 'jumpGF'],
  'mn.strong1cComp': ['negDouble'],
  'mn.nebulousResp': ['1M', '1nt', '2m'],

  // Two-level: 2!c natural (6+ clubs, or 5 and a major); 2!d short in diamonds; weak 2!h/2!s.
  'tw.2c': ['other', 'precision'],
  'tw.p2cResp': ['2dAsk', '2M'],
  'tw.2d': ['conv', 'precision'],
  'tw.p2dResp': ['2ntAsk', 'toPlay'],
  'tw.2h': ['weak'],
  'tw.2s': ['weak'],
  'tw.weakTwos': ['hs', '8-10', 'good6'],
  'tw.2ntResp': ['forcing', 'feature'],

  // Preempts (Wei): 3-level 7+ cards, 4-level 8+ cards, 3NT a solid 7-card minor.
  'pr.3level': ['7cards'],
  'pr.4level': ['8cards'],
  'pr.gambling': ['solid7', 'passOrCorrect'],

  'co.1ntRebid': ['11-12'],

  // Slam: asking bids after a 1!c positive, plus key-card Blackwood.
  'sl.asking': ['trump', 'control', 'afterPositive'],
  'sl.rkcb': ['1430'],
  // Gerber directly over the notrump openings; 5NT asks for the number of kings.
  'sl.gerber': ['direct'],
  'sl.kingAsk': ['number'],

  // Competition: the sources define none; a club player's standard methods.
  ...CLUB_OVERCALLS,
  ...CLUB_DOUBLES,
  'df.vs1nt': ['natural'],
  'df.double': ['penalty'],
  'df.preemptDouble': ['3s'],

  // Leads and signals (Wei, simplified): 4th best, top of sequences, J/10/9 show 0 or 2 higher,
  // high encourages, high-low shows an even number on declarer's lead, high discard encourages.
  'ld.lengthSuits': ['4th'],
  'ld.lengthNt': ['4th'],
  ...leadRows({
    ak: 'a',
    kq: 'k',
    qj: 'q',
    j10: 'j',
    '109': '10',
    kq10: 'k',
    interior: 'zeroTwo',
    xx: 'top',
    xxx: 'top',
    xxxx: '4th',
    xxxxx: '4th',
    hxx: 'low',
    hxxx: '4th',
    hxxxx: '4th',
    hhx: 'low',
  }),
  'sg.standard': ['suits', 'nt'],
  'sg.primaryLead': ['attitude'],
  'sg.primaryDeclarer': ['count'],
  'sg.firstDiscard': ['standard'],
  'sg.firstDiscardNt': ['standard'],
};
