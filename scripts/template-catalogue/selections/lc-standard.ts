/**
 * LC Standard: Larry Cohen's "Standard American with 2/1 game forcing and a handful of modern
 * treatments" (2012 convention-card series, KISS philosophy).
 *
 * Sources (docs/bridge.md §4.5): larryco.com convention-card articles (print/527, 528, 545,
 * 549, 560; two-club opening; weak two-bids; simple overcall; over opponents' takeout double;
 * doubles), Bridge Winners "LC Standard" articles, csbnews reprints, "Larry Cohen's 12
 * conventions". Choices where sources are silent are listed in templates/README.md.
 */
import type { Selection } from '../catalogue-model';
import { STANDARD_LEADS, STANDARD_SIGNALS } from './common';

export const LC_STANDARD: Selection = {
  // General: 2/1 100% game forcing by an unpassed hand, not in competition; no very-light boxes.
  'ga.system': ['lc'],
  'ga.twoOverOne': ['gf', 'notPassed', 'notComp'],
  'ga.forcingOpening': ['2c'],
  'ga.majorStyle': ['five'],

  // Notrump (print/528): 15-17 (good 14s upgraded), any balanced hand; 4-way transfers; 3!c
  // Puppet; 3!d/3!h/3!s 3-suited splinters; Texas; 4NT quantitative.
  'nt.range': ['15-17'],
  'nt.fiveMajor': ['common'],
  'nt.upgrade': ['good14'],
  'nt.stayman': ['regular', 'nonPromissory', 'inv2M', 'splinter4'],
  'nt.staymanReplies': ['heartsFirst', '2dDenies'],
  'nt.jacoby': ['2d', '2h', 'over2nt', 'inv2nt', 'newSuitGF'],
  'nt.texas': ['4d4h', 'over2nt'],
  'nt.2s': ['clubs'],
  'nt.2nt': ['diamonds'],
  'nt.3c': ['puppet'],
  'nt.3d': ['short'],
  'nt.3h': ['short'],
  'nt.3s': ['short'],
  'nt.4nt': ['quantitative'],

  // Interference over 1NT (Cohen's scheme): systems on over a double and over an artificial 2!c,
  // where double is Stayman; a double of a natural overcall is takeout; lebensohl, fast denies.
  'nt.systemsOn': ['double', 'artificial2c'],
  'nt.double': ['stolen', 'neg3s', 'artificialValues'],
  'nt.lebensohl': ['fastDenies'],

  // 2NT opening 20-21: 3!c Puppet Stayman, Jacoby and Texas transfers as over 1NT, 3!s both minors.
  'nt.2ntRange': ['20-21'],
  'nt.puppet': ['3c2nt'],
  'nt.2nt3s': ['minors'],

  // Majors: 5-card (a good 4-card suit rarely in 3rd/4th seat); semi-forcing 1NT; Jacoby 2NT;
  // splinters; Reverse Drury.
  'mj.length12': ['5'],
  'mj.length34': ['5', 'good4'],
  'mj.single': ['6-10'],
  'mj.jumpRaise': ['inv'],
  'mj.jumpRaiseComp': ['weak'],
  'mj.jacoby2nt': ['gf4', 'shortness', 'unpassed'],
  'mj.splinters': ['responder'],
  'mj.1nt': ['semi', '6-12'],
  'mj.drury': ['reverse'],

  // Minors (print/545): 1!d 4+ except 4=4=3=2; 1!c 3+; inverted minors, on by a passed hand, off
  // over interference; weak hands bypass diamonds; 1m-1NT 6-10, 2NT 11-12, 3NT 13-15.
  'mn.1cLength': ['3'],
  'mn.1dLength': ['4except4432'],
  'mn.choice': ['1c33', '1d44', '1d45'],
  'mn.inverted': ['forcing1', 'passedOn', 'compOff'],
  // Bridge Winners "LC Standard -- Minor Openings": after 1m-2m either player may stop in 2NT or
  // 3 of the minor; anything else is game forcing.
  'mn.invertedRebid': ['nfBelowGame'],
  'mn.forcingRaise': ['single'],
  'mn.jumpRaise': ['weak'],
  'mn.bypass': ['weak'],
  'mn.1nt1c': ['6-10'],
  'mn.1nt1d': ['6-10'],
  'mn.2nt': ['inv', '11-12'],
  'mn.3nt': ['13-15'],
  'mn.1d2c': ['gf'],

  // Two-level: strong 2!c without an HCP range; 2!d waiting (0+); positive only with 8+ and a good
  // 5+ suit; second negative the cheapest 3-level suit; weak twos 5-11, 2NT feature ask, new suits
  // forcing, a raise not invitational, double of their overcall penalty.
  'tw.2c': ['strong', 'noRange'],
  'tw.2cResp2d': ['waiting', '0plus'],
  'tw.2cPositive': ['8good5'],
  'tw.2cSecondNeg': ['cheapest3'],
  'tw.weakTwos': ['dhs', '5-11'],
  'tw.2d': ['weak'],
  'tw.2h': ['weak'],
  'tw.2s': ['weak'],
  'tw.2ntResp': ['forcing', 'feature'],
  'tw.2ntReplies': ['minRebid', 'featureMax'],
  'tw.newSuit': ['forcing'],
  'tw.raise': ['preemptive'],
  'tw.doubleOvercall': ['penalty'],

  // Preempts: standard (the series sets no special style).
  'pr.3level': ['7cards'],
  'pr.4level': ['8cards'],
  'pr.responses': ['newSuitF', 'raisePre'],

  // Constructive (print/549): 2-way NMF after a 1NT rebid; 4th suit game forcing; weak jump
  // shifts in competition.
  'co.twoWayNmf': ['2c', '2d'],
  'co.fsf': ['gf'],
  'co.wjs': ['inComp'],
  'co.1ntRebid': ['12-14'],
  // larryco "Reverses": a reverse is forcing one round (not game forcing), about 17+.
  'co.reverse': ['oneRound', '17'],

  // Slam (print/560): RKCB 1430 (last naturally bid suit), voids, 5NT asks for the number of
  // kings with all key cards, DOPI with double = 0 or 3; Gerber only directly over 1NT and 2NT.
  'sl.rkcb': ['1430', 'lastSuit'],
  'sl.voids': ['5nt', '6suit', '6trump'],
  'sl.kingAsk': ['number', 'allKeyCards'],
  'sl.interference': ['dopi03'],
  'sl.gerber': ['direct'],
  'sl.quantitative': ['4ntOther'],

  // Overcalls: up to about 17 (double first with more); opening values at the 2 level; 4-card
  // overcalls rare; advancer's new suit not forcing at the 1 level, forcing at the 2 level;
  // cuebid promises support; weak jump overcalls; Michaels and Unusual 2NT.
  'ov.1level': ['max17'],
  'ov.2level': ['opening'],
  'ov.style': ['rare4'],
  'ov.newSuit': ['1nf2f'],
  'ov.cuebidRaise': ['limitPlus'],
  'ov.jumpRaise': ['weak'],
  'ov.jump': ['weak'],
  'ov.1ntDirect': ['15-18', 'systemsOn'],
  // larryco "Notrump Overcalls": a balancing 1NT is about a king less (about 12-15), systems on.
  'ov.1ntBalance': ['12-15', 'systemsOn'],
  'ov.unusual2nt': ['twoLowest'],
  'ov.michaels': ['minorMajors', 'majorOther'],
  'ov.cueMinor': ['michaels'],
  'ov.cueMajor': ['michaels'],

  // Doubles: negative and responsive at all levels (no penalty doubles of overcalls); support
  // doubles; maximal doubles. Over their takeout double: redouble 10+, later doubles penalty;
  // new suit forcing at the 1 level, not at the 2 level; jump shifts and jump raises weak; 2NT a
  // limit raise or better.
  'db.takeout': ['classic', 'strong'],
  'db.negative': ['any'],
  'db.responsive': ['any'],
  'db.support': ['2h', 'redouble'],
  'db.maximal': ['gameTry'],
  'db.redouble': ['10plus', 'penaltyLater'],
  'db.newSuitOverDouble': ['1level', '2levelNF'],
  'db.jumpShiftOverDouble': ['weak'],
  'db.jumpRaiseOverDouble': ['preemptive'],
  'db.2ntOverDouble': ['majorLimitPlus', 'minorLimitPlus'],
  // larryco "Lead-Directing Doubles": a double of an artificial bid (Stayman, a transfer) shows that suit.
  'db.leadDirecting': ['artificial'],

  // Defense to 1NT: DONT (Larry Cohen's 12 conventions).
  'df.vs1nt': ['dont'],
  'df.double': ['oneSuiter'],
  'df.2c': ['cHigher'],
  'df.2d': ['dMajor'],
  'df.2h': ['hs'],
  'df.2s': ['natural'],
  // DONT's own continuations (Marty Bergen's DONT): after the one-suited double advancer relays
  // 2!c; after a two-suiter advancer passes or bids the next step, pass or correct.
  'df.advance1nt': ['relay', 'passOrCorrect'],

  // Versus preempts: takeout doubles through 4!h; lebensohl 2NT after partner doubles a weak two.
  'df.preemptDouble': ['4h'],
  'df.lebensohl': ['relay', 'slowShows'],
  // larryco "Notrump Overcalls": a 2NT overcall of their two-level opening shows a 1NT opening (15-18).
  'df.2ntOvercall': ['15-18'],

  // Leads and signals are not in the retrieved series: standard, with odd/even discards.
  ...STANDARD_LEADS,
  ...STANDARD_SIGNALS,
  'sg.firstDiscard': ['oddEven'],
  'sg.firstDiscardNt': ['oddEven'],
};
