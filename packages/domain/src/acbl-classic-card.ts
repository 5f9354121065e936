/**
 * The field map of the ACBL classic convention card, 2023 revision (docs/official-cards.md §2;
 * the form: packages/server/assets/acbl/acbl-classic-2023.pdf, ADR 197): every field of the
 * form's convention side, by the name the ACBL's fillable PDF gives it, with the catalogue items
 * that fill it (by key, docs/catalogue-keys.md) or the reason it stays blank. Field names are the
 * form's own and several say nothing of their place (`undefined_6`, `to_4`): each entry's comment
 * says where the field is printed. The map tests (scripts/official-cards.test.ts) check it both
 * ways: every field of the form is here, and every ACBL item of the catalogue reaches a field.
 */
import { ACBL_CLASSIC_BOXES } from './acbl-classic-boxes';
import { type CardFieldSpec, type LeadMark, type OfficialCardMap, blank, high, low, names, tick, tickOr, write } from './official-card';

/** "Through 2♠" written on a "thru ___" line: the level only. */
const THROUGH = /^Through /i;
/** "Takeout through 3♠" on the card's "Takeout □ thru ___" line. */
const TAKEOUT_THROUGH = /^Takeout through /i;

/** The defence to 1NT: which of the two columns an item fills (docs/official-cards.md §2, "Defense vs notrump"). */
const VS_NT_ROWS: readonly string[] = ['df.2c', 'df.2d', 'df.2h', 'df.2s', 'df.double'];

/**
 * A row of the defence to 1NT (`df.2c` … `df.double`) in one of the card's two columns: the first
 * (versus a strong 1NT, or every 1NT) gives the row's options, the second (versus a weak 1NT) what
 * `df.vsWeak` changes. Shared with the 2022 card's map (acbl-2022-card.ts).
 */
export const vsNotrumpColumn = (row: string, column: 1 | 2): CardFieldSpec => ({
  kind: 'derived',
  keys: [row, 'df.vsWeak'],
  fill: (agreement) => {
    const vsWeak = agreement.played('df.vsWeak');
    const weakSame = !vsWeak || agreement.selected('df.vsWeak.same');
    if (column === 2) {
      if (weakSame) return undefined;
      agreement.use('df.vsWeak');
      if (agreement.selected('df.vsWeak.natural')) {
        agreement.use('df.vsWeak.natural');
        return 'Natural';
      }
      if (row === 'df.double' && agreement.selected('df.vsWeak.penaltyDouble')) {
        agreement.use('df.vsWeak.penaltyDouble');
        return 'Penalty';
      }
      return undefined;
    }
    const subject = agreement.played(row);
    if (!subject) return undefined;
    const chosen = subject.options.filter((option) => option.isSelected);
    if (chosen.length === 0) return undefined;
    for (const option of chosen) agreement.use(option.key ?? option._id);
    agreement.use(row);
    return chosen.map((option) => (option.isEdited ? option.editedName : option.optionName)).join('; ');
  },
});

/** The heading of a column of the defence to 1NT ("All 1NT", or "Strong 1NT" and "Weak 1NT"); `rows` are the rows the form has. */
export const vsNotrumpHeading = (column: 1 | 2, rows: readonly string[] = VS_NT_ROWS): CardFieldSpec => ({
  kind: 'derived',
  keys: ['df.vsWeak'],
  fill: (agreement) => {
    const weakSame = !agreement.played('df.vsWeak') || agreement.selected('df.vsWeak.same');
    if (weakSame) {
      if (column === 1 && agreement.selected('df.vsWeak.same')) agreement.use('df.vsWeak.same');
      return column === 1 && rows.some((row) => agreement.played(row)) ? 'All 1NT' : undefined;
    }
    return column === 1 ? 'Strong 1NT' : 'Weak 1NT';
  },
});

/** The strong 2♣ boxes: "Very strong" for any strong, artificial 2♣ (its HCP options count as such). */
const STRONG_2C = ['tw.2c.veryStrong', 'tw.2c.strong', 'tw.2c.22', 'tw.2c.21', 'tw.2c.20', 'tw.2c.noRange'];

/**
 * The classic card's fields (page 1 of the form, the convention side), by form field name. Page 2
 * (the score side) has no agreement content and is printed as published.
 */
export const ACBL_CLASSIC_FIELDS: Readonly<Record<string, CardFieldSpec>> = {
  // Names and General Approach (top right).
  NAMES: names,
  'GENERAL APPROACH': { ...write('ga.system', { played: ['ga.system'] }), other: ['ga'] },
  'Two Over One Game Forcing': tick('ga.twoOverOne.gf'),
  'Game Forcing Except When Suit Rebid': tick('ga.twoOverOne.gfExceptRebid'),
  Openings: tick('ga.veryLight.openings'),
  '3rd Hand': tick('ga.veryLight.thirdHand'),
  Overcalls: tick('ga.veryLight.overcalls'),
  Preempts: tick('ga.veryLight.preempts'),
  'FORCING OPENING 1c': tick('ga.forcingOpening.1c', 'mn.strong1c'),
  '2c': tick('ga.forcingOpening.2c'),
  'Natural 2 Bids': tick('ga.forcingOpening.natural2'),
  // "Other □ ___" of Forcing opening: the box and the line after it.
  Other: blank('The catalogue has no other forcing opening; a user-added one prints on the supplement (see S1).'),
  undefined_4: write(['ga.forcingOpening', 'ga.twoOverOne']),

  // Notrump Opening Bids: "1NT ___ to ___" twice (the second range), then the responses.
  to_4: low('nt.range'),
  '1_2': high('nt.range'),
  to_6: low('nt.range2'),
  '2_2': high('nt.range2'),
  '5card Major common': tick('nt.fiveMajor.common'),
  'System on over': write('nt.systemsOn', { strip: /^Over (?:an? )?/i }),
  '2c Stayman': tick('nt.stayman.regular'),
  Puppet: tick('nt.puppet.2c'),
  '2d Transfer to h': tick('nt.jacoby.2d'),
  'Forcing Stayman': tick('nt.stayman.forcing'),
  '2h Transfer to s': tick('nt.jacoby.2h'),
  // "2♠ ___" and "2NT ___" rows.
  '2s': write('nt.2s'),
  '2NT_2': write('nt.2nt'),
  // "3♣ ___" … "3♠ ___" rows (field names are the form's, one row off), then two write-in lines.
  'NOTRUMP OPENING BIDS': write('nt.3c'),
  '3d': write('nt.3d'),
  '3h 1': write('nt.3h'),
  '3h 2': write('nt.3s'),
  '3s 1': write(['nt.stayman', 'nt.jacoby', 'nt.puppet']),
  '3s 2': { ...write(['nt.texas', 'nt.smolen', 'nt.fiveMajor']), other: ['nt'] },
  '4d  4h  Transfer': tick('nt.texas.4d4h'),
  Smolen: tick('nt.smolen'),
  Lebensohl: tick('nt.lebensohl'),
  // "Lebensohl □ (___ denies)".
  'denies Conventional NT Openings': {
    kind: 'derived',
    keys: ['nt.lebensohl.fastDenies', 'nt.lebensohl.slowDenies'],
    fill: (agreement) =>
      agreement.selected('nt.lebensohl.fastDenies')
        ? (agreement.use('nt.lebensohl.fastDenies'), 'fast')
        : agreement.selected('nt.lebensohl.slowDenies')
          ? (agreement.use('nt.lebensohl.slowDenies'), 'slow')
          : undefined,
  },
  'Neg Double': tick('nt.double.neg2s', 'nt.double.neg3s'),
  Other_3: write(['nt.double', 'nt.lebensohl']),
  // Conventional NT Openings: two lines.
  '1_3': write('nt.conventional'),
  '2_3': blank('Second line of Conventional NT Openings: the first holds the catalogue’s items; longer text continues on the supplement.'),
  // The 2NT box: "2NT ___ to ___", Puppet Stayman, Jacoby/Texas, "3♠ ___" and a line.
  '2NT': low('nt.2ntRange'),
  to_5: high('nt.2ntRange'),
  'Puppet Stayman': tick('nt.puppet.3c2nt'),
  Jacoby: tick('nt.jacoby.over2nt'),
  Texas: tick('nt.texas.over2nt'),
  undefined_6: write('nt.2nt3s'),
  '3s': blank('The 2NT box’s last line: the catalogue’s 2NT items all have fields above it.'),
  // The 3NT box: "3NT ___ to ___" and its line (a gambling 3NT is written there).
  to_7: low('nt.3nt'),
  undefined_8: high('nt.3nt'),
  '3NT': write(['pr.gambling', 'nt.3nt'], { named: true, played: ['pr.gambling'] }),

  // Major Opening.
  '1st/2nd 4': tick('mj.length12.4'),
  '1st/2nd 5': tick('mj.length12.5'),
  '3rd/rth 4': tick('mj.length34.4', 'mj.length34.good4'),
  '3rd/rth 5': tick('mj.length34.5'),
  'Double Raise Force': tick('mj.jumpRaise.force'),
  Inv_4: tick('mj.jumpRaise.inv'),
  Weak_5: tick('mj.jumpRaise.weak'),
  'After Overcall Force': tick('mj.jumpRaiseComp.force'),
  Inv_5: tick('mj.jumpRaiseComp.inv'),
  Weak_6: tick('mj.jumpRaiseComp.weak'),
  'Conv Raise 2NT': tick('mj.jacoby2nt'),
  '3NT_2': tick('mj.3nt.convRaise'),
  Splinter: tick('mj.splinters'),
  // "Other ___" under Conv. Raise.
  Other_5: write(['mj.jacoby2nt', 'mj.splinters', 'mj.jumpRaise']),
  '1NT  Forcing': tick('mj.1nt.forcing'),
  Semiforcing: tick('mj.1nt.semi'),
  '2NT  Forcing': tick('mj.2nt.forcing'),
  Inv_7: tick('mj.2nt.inv'),
  to_8: low('mj.2nt'),
  undefined_10: high('mj.2nt'),
  // "3NT: ___ to ___".
  to_10: low('mj.3nt'),
  undefined_11: high('mj.3nt'),
  Drury: tick('mj.drury'),
  Reverse: tick('mj.drury.reverse'),
  '2Way': tick('mj.drury.twoWay'),
  Fit: tick('mj.drury.fit'),
  // "Other ___" at the foot of Major Opening.
  undefined_16: { ...write(['mj.1nt', 'mj.drury', 'mj.length34']), other: ['mj'] },

  // Minor Opening: "Min. Length 4 3 NF 0-2 Conv." for 1♣ and 1♦.
  '1c 4': tick('mn.1cLength.4'),
  '1c 3': tick('mn.1cLength.3'),
  '1c NF': tick('mn.1cLength.short'),
  '1c conv': tick('mn.1cLength.conv', 'mn.strong1c'),
  '1d 4': tick('mn.1dLength.4', 'mn.1dLength.4except4432'),
  '1d 3': tick('mn.1dLength.3'),
  '1d NF': tick('mn.1dLength.short'),
  '1d conv': tick('mn.1dLength.conv'),
  'Double Raise Force_2': tick('mn.jumpRaise.force'),
  Inv_3: tick('mn.jumpRaise.inv'),
  Weak_4: tick('mn.jumpRaise.weak'),
  'After Overcall Force_2': tick('mn.jumpRaiseComp.force'),
  Inv_6: tick('mn.jumpRaiseComp.inv'),
  Weak_7: tick('mn.jumpRaiseComp.weak'),
  'Forcing Raise JS in other minor': tick('mn.forcingRaise.jumpShift'),
  'Single raise': tick('mn.forcingRaise.single'),
  // "Other ___" after Single raise.
  Other_6: write('mn.forcingRaise'),
  'Freq bypass 4d': tick('mn.bypass.weak'),
  'Transfer Resp_2': tick('mn.transfer1c.transfers'),
  // "1NT/1♣ ___ to ___".
  to_9: low('mn.1nt1c'),
  to_11: high('mn.1nt1c'),
  '2NT Forcing': tick('mn.2nt.forcing'),
  Inv_8: tick('mn.2nt.inv'),
  undefined_12: low('mn.2nt'),
  undefined_13: high('mn.2nt'),
  '3NT_3': low('mn.3nt'),
  undefined_15: high('mn.3nt'),
  // "Other ___" at the foot of Minor Opening.
  to_12: {
    ...write(['mn.strong1c', 'mn.strong1cResp', 'mn.1cLength', 'mn.1dLength', 'mn.bypass', 'mn.1nt1c', 'mn.2nt', 'mn.transfer1c'], { named: true }),
    other: ['mn'],
  },

  // 2-level openings: "2♣ ___ to ___ HCP", boxes, and two columns (Describe, Responses/Rebids).
  Other_7: low('tw.2c'),
  to_13: high('tw.2c'),
  'Very Strong': tick(...STRONG_2C),
  Other_8: tick('tw.2c.other', 'tw.2c.precision'),
  '2d Resp  Neg': tick('tw.2cResp2d.negative'),
  Waiting: tick('tw.2cResp2d.waiting'),
  '2C Force New describe': write('tw.2c'),
  '2CD Force New describe': write(['tw.2cResp2d']),
  '2C Force New Suit NFRow1': write(['tw.2cPositive', 'tw.2cSecondNeg']),
  '2CD Force New Suit NFRow1': { ...write(['tw.kokish', 'tw.2cNt', 'tw.2cForcing', 'tw.2cComp'], { played: ['tw.kokish'] }), other: ['tw'] },
  '2d_2': low('tw.2d', { subject: 'tw.weakTwos', when: 'tw.2d.weak' }),
  to_14: high('tw.2d', { subject: 'tw.weakTwos', when: 'tw.2d.weak' }),
  NaturalWeak: tick('tw.2d.weak'),
  Intermediate_2: tick('tw.2d.intermediate'),
  Strong_2: tick('tw.2d.strong'),
  Conv_3: tick('tw.2d.conv', 'tw.2d.flannery', 'tw.2d.multi', 'tw.2d.precision', 'tw.2d.miniRoman', 'tw.2d.majors'),
  '2D Force New describe': write('tw.2d'),
  '2D Force New Suit NFRow1': write(['tw.2ntResp', 'tw.2ntReplies', 'tw.p2dResp']),
  '2NT Force': tick('tw.2ntResp.forcing'),
  'New Suit NF': tick('tw.newSuit.nf'),
  '2h_2': low('tw.2h', { subject: 'tw.weakTwos', when: 'tw.2h.weak' }),
  to_15: high('tw.2h', { subject: 'tw.weakTwos', when: 'tw.2h.weak' }),
  NaturalWeak_2: tick('tw.2h.weak'),
  Intermediate_3: tick('tw.2h.intermediate'),
  Strong_3: tick('tw.2h.strong'),
  Conv_4: tick('tw.2h.conv', 'tw.2h.hMinor', 'tw.2h.majors'),
  '2H Force New describe': write('tw.2h'),
  '2NT Force New Suit NFRow1': write(['tw.newSuit', 'tw.weakTwos', 'tw.p2cResp'], { named: true }),
  '2NT Force_2': tick('tw.2ntResp.forcing'),
  'New Suit NF_2': tick('tw.newSuit.nf'),
  '2s_2': low('tw.2s', { subject: 'tw.weakTwos', when: 'tw.2s.weak' }),
  to_16: high('tw.2s', { subject: 'tw.weakTwos', when: 'tw.2s.weak' }),
  NaturalWeak_3: tick('tw.2s.weak'),
  Intermediate_4: tick('tw.2s.intermediate'),
  Strong_4: tick('tw.2s.strong'),
  Conv_5: tick('tw.2s.conv', 'tw.2s.sMinor', 'tw.2s.minors'),
  '2S Force New describe': write('tw.2s'),
  '2NT Force New Suit NFRow1_2': write('tw.weakTwo3rd'),
  '2NT Force_3': tick('tw.2ntResp.forcing'),
  'New Suit NF_3': tick('tw.newSuit.nf'),

  // Other Conventional Calls.
  'OTHER CONV CALLS New Minor Forcing': tick('co.nmf'),
  '2Way NMF': tick('co.twoWayNmf'),
  undefined_17: write(['co.nmf', 'co.twoWayNmf']),
  'Weak  Jump  Shifts  In  Comp': tick('co.wjs.inComp'),
  'Not  in  Comp': tick('co.wjs.notInComp'),
  undefined_18: write('co.wjs'),
  '4th  Suit  Forcing  1 Rd': tick('co.fsf.oneRound'),
  Game: tick('co.fsf.gf'),
  undefined_19: write('co.fsf'),
  '1_5': { ...write(['co.xyz', 'co.checkback'], { played: ['co.xyz', 'co.checkback'] }), other: ['co', 'pr'] },
  '2_5': blank('Second Other Conventional Calls line: kept for the references to the supplement (see S…), which the line above carries.'),

  // Special Doubles (top left).
  'After Overcall Penalty': tick('db.penaltyAfterOvercall'),
  'SPECIAL DOUBLES': write('db.penaltyAfterOvercall'),
  Negative: tick('db.negative'),
  thru: write('db.negative', { strip: THROUGH }),
  Responsive: tick('db.responsive'),
  thru_2: write('db.responsive', { strip: THROUGH }),
  Maximal: tick('db.maximal'),
  'Support Dbl': tick('db.support'),
  thru_3: write('db.support', { strip: THROUGH }),
  Redbl: tick('db.support.redouble'),
  Cardshowing: tick('db.cardShowing'),
  'Min Offshape TO': tick('db.minOffshape'),
  undefined_5: { ...write(['db.maximal', 'db.cardShowing', 'db.minOffshape']), other: ['db'] },

  // Notrump Overcalls.
  'NOTRUMP OVERCALLS': low('ov.1ntDirect'),
  undefined: high('ov.1ntDirect'),
  'Systems on': tick('ov.1ntDirect.systemsOn'),
  Conv: tick('ov.1ntDirect.conv'),
  to: write('ov.1ntDirect'),
  to_2: low('ov.1ntBalance'),
  undefined_2: high('ov.1ntBalance'),
  'Jump to 2NT 2 Lowest': tick('ov.unusual2nt.twoLowest'),
  Minors: tick('ov.unusual2nt.minors'),
  Conv_2: tick('ov.1ntBalance.conv'),
  undefined_3: write(['ov.1ntBalance', 'ov.unusual2nt']),

  // Defense vs Notrump: two columns under "vs: ___ ___", rows 2♣ 2♦ 2♥ 2♠ Dbl, then "Other".
  'DEFENSE VS NOTRUMP': vsNotrumpHeading(1),
  '1': vsNotrumpHeading(2),
  '2c_2': vsNotrumpColumn('df.2c', 1),
  '2': vsNotrumpColumn('df.2c', 2),
  '2d': vsNotrumpColumn('df.2d', 1),
  '3': vsNotrumpColumn('df.2d', 2),
  '2h': vsNotrumpColumn('df.2h', 1),
  '4': vsNotrumpColumn('df.2h', 2),
  '2s 1': vsNotrumpColumn('df.2s', 1),
  '5': vsNotrumpColumn('df.2s', 2),
  Dbl: vsNotrumpColumn('df.double', 1),
  '6': vsNotrumpColumn('df.double', 2),
  '2s 2': write(['df.vsWeak', 'df.2ntOvercall']),
  Other_2: { ...write(['df.strongClub', 'df.strong2c'], { named: true }), other: ['df'] },

  // Simple Overcall.
  'SIMPLE OVERCALL': low('ov.1level'),
  to_3: high('ov.1level'),
  'often 4 cards': tick('ov.style.often4'),
  'very light style': tick('ov.style.veryLight'),
  'New Suit Forcing': tick('ov.newSuit.forcing'),
  NFConst: tick('ov.newSuit.nfConst'),
  NF: tick('ov.newSuit.nf'),
  'Jump Raise Forcing': tick('ov.jumpRaise.force'),
  Inv: tick('ov.jumpRaise.inv'),
  Weak: tick('ov.jumpRaise.weak'),
  undefined_7: { ...write(['ov.1level', 'ov.2level', 'ov.style', 'ov.newSuit', 'ov.jumpRaise']), other: ['ov'] },

  // Jump Overcall.
  Strong: tick('ov.jump.strong'),
  Intermediate: tick('ov.jump.intermediate'),
  Weak_2: tick('ov.jump.weak'),

  // Opening Preempts.
  Sound: tick('pr.style.sound'),
  Light: tick('pr.style.light'),
  'Very Light': tick('pr.style.veryLight'),
  ConvResp: write('pr.responses'),

  // Direct Cuebid: rows Natural, Strong T/O, Michaels; columns over a minor, a major, artificial bids.
  'Natural Minor': tick('ov.cueMinor.natural'),
  'Natural Major': tick('ov.cueMajor.natural'),
  'Natural Artif Bids': blank(
    'The catalogue has no subject for a cuebid of their artificial opening; “Artificial” of the minor or major cuebid is written on the line below.',
  ),
  'Strong Minor': tick('ov.cueMinor.strongTO'),
  'Strong Major': tick('ov.cueMajor.strongTO'),
  'Strong Artif Bids': blank('As Natural Artif Bids.'),
  'Michaels Minor': tick('ov.cueMinor.michaels'),
  'Michaels Major': tick('ov.cueMajor.michaels'),
  'Michaels Artif Bids': blank('As Natural Artif Bids.'),
  Michaels: write(['ov.michaels', 'ov.cueMinor', 'ov.cueMajor']),

  // Over Opponents' Takeout Double.
  'New Suit Forcing 1 level': tick('db.newSuitOverDouble.1level'),
  '2 level': tick('db.newSuitOverDouble.2level'),
  'Jump Shift Forcing': tick('db.jumpShiftOverDouble.force'),
  Inv_2: tick('db.jumpShiftOverDouble.inv'),
  Weak_3: tick('db.jumpShiftOverDouble.weak'),
  'Redbl implies no fit': tick('db.redouble.noFit'),
  'Transfer Resp': tick('db.newSuitOverDouble.transfers'),
  'Majors Limit+': tick('db.2ntOverDouble.majorLimitPlus'),
  'Majors Limit': tick('db.2ntOverDouble.majorLimit'),
  'Majors Weak': tick('db.2ntOverDouble.majorWeak'),
  'Minors Limit+': tick('db.2ntOverDouble.minorLimitPlus'),
  'Minors Limit': tick('db.2ntOverDouble.minorLimit'),
  'Minors Weak': tick('db.2ntOverDouble.minorWeak'),
  // "Other ___" of the section.
  Minors_2: write(['db.redouble', 'db.newSuitOverDouble', 'db.2ntOverDouble', 'db.jumpShiftOverDouble']),

  // Vs Opening Preempts Double Is: "Takeout □ thru ___ Penalty □", "Conv. Takeout ___", "Lebensohl 2NT Response □ ___", "Other ___".
  Takeout: tick('df.preemptDouble.3s', 'df.preemptDouble.4h', 'df.preemptDouble.4s'),
  'VS Opening Preempts Double Is': {
    kind: 'derived',
    keys: ['df.preemptDouble.3s', 'df.preemptDouble.4h', 'df.preemptDouble.4s'],
    fill: (agreement) => {
      const level = (['4s', '4h', '3s'] as const).find((word) => agreement.selected(`df.preemptDouble.${word}`));
      return level === undefined ? undefined : level === '3s' ? '3!s' : level === '4h' ? '4!h' : '4!s';
    },
  },
  Penalty: tick('df.preemptDouble.penalty'),
  thru_4: write('df.convTakeout'),
  'Lebensohl  2NT  Response': tick('df.lebensohl'),
  'Lebensohl 2NT Response': write('df.lebensohl'),
  Other_4: write(['df.preemptDouble', 'df.twoSuited', 'df.multi'], { strip: TAKEOUT_THROUGH, named: true }),

  // Slam Conventions.
  'SLAM CONVENTIONS   Gerber': tick('sl.gerber'),
  '4NT Blackwood': tick('sl.blackwood'),
  RKC: tick('sl.rkcb'),
  '1430': tick('sl.rkcb.1430'),
  '1_4': write(['sl.gerber', 'sl.blackwood', 'sl.rkcb']),
  '2_4': { ...write(['sl.gsf', 'sl.quantitative', 'sl.asking'], { named: true, played: ['sl.gsf'] }), other: ['sl'] },
  'vs Interference DOPI': tick('sl.interference.dopi'),
  DEPO: tick('sl.interference.depo'),
  undefined_14: write('sl.interference', { strip: /^Level: /i }),
  ROPI: tick('sl.interference.ropi'),

  // Leads: the grid has no fields (its cards are circled: ACBL_CLASSIC_LEADS); length leads below it.
  'vs SUITS': tick('ld.lengthSuits.4th'),
  'vs NT': tick('ld.lengthNt.4th'),
  'vs SUITS_2': tick('ld.lengthSuits.3rd5th'),
  'vs NT_2': tick('ld.lengthNt.3rd5th'),
  'Attitude vs NT': tick('ld.lengthNt.attitude'),
  // The line before "Attitude vs NT □": length and honour leads the grid does not show.
  'Attitude vs NT text': {
    ...write(['ld.lengthSuits', 'ld.lengthNt', 'ld.hxx', 'ld.hxxx', 'ld.hxxxx', 'ld.hhx', 'ld.hxxNt', 'ld.hxxxNt', 'ld.hxxxxNt', 'ld.hhxNt']),
    other: ['ld'],
  },
  Attitude: tick('sg.primaryLead.attitude'),
  Count: tick('sg.primaryLead.count'),
  'Suit preference': tick('sg.primaryLead.suitPref'),

  // Defensive Carding: columns vs SUITS and vs NT.
  'Standard vs Suits': tick('sg.standard.suits'),
  'Standard vs NT': tick('sg.standard.nt'),
  Except: tick('sg.standard.except'),
  'Except 1': write('sg.standard'),
  'Except 2': { ...write('sg.special'), other: ['sg'] },
  'count vs Suits': tick('sg.upsideDown.countSuits'),
  'count vs NT': tick('sg.upsideDown.countNt'),
  'attitude vs Suits': tick('sg.upsideDown.attSuits'),
  'attitude vs NT': tick('sg.upsideDown.attNt'),
  // The line under Upside-Down.
  'Upside-down': write(['sg.upsideDown', 'sg.trump']),
  'Lavinthal vs Suits': tick('sg.firstDiscard.lavinthal'),
  // Versus notrump: the boxes of sg.firstDiscardNt, or versus suits' while it is not played (an
  // agreement from before the two were split says one method for both).
  'Lavinthal vs NT': tickOr(['sg.firstDiscardNt.lavinthal'], { unlessPlayed: 'sg.firstDiscardNt', keys: ['sg.firstDiscard.lavinthal'] }),
  'odd/even vs Suits': tick('sg.firstDiscard.oddEven'),
  'odd/even vs NT': tickOr(['sg.firstDiscardNt.oddEven'], { unlessPlayed: 'sg.firstDiscardNt', keys: ['sg.firstDiscard.oddEven'] }),
  // First discard's third row: "___ □ □", a method the agreement names (versus suits, versus notrump).
  OddEven: write(['sg.firstDiscard', 'sg.firstDiscardNt']),
  'other vs Suits': tick('sg.firstDiscard.standard', 'sg.firstDiscard.upsideDown', 'sg.firstDiscard.revolving'),
  'other vs NT': tickOr(['sg.firstDiscardNt.standard', 'sg.firstDiscardNt.upsideDown', 'sg.firstDiscardNt.revolving'], {
    unlessPlayed: 'sg.firstDiscardNt',
    keys: ['sg.firstDiscard.standard', 'sg.firstDiscard.upsideDown', 'sg.firstDiscard.revolving'],
  }),
  'smith echo vs Suits': tick('sg.smith.suits'),
  'smith echo vs NT': tick('sg.smith.nt'),
  'Trump vs Suits': tick('sg.trump'),
  'foster echo vs Suits': blank('The catalogue’s Foster echo is a notrump treatment (sg.foster.nt).'),
  'foster echo vs NT': tick('sg.foster.nt'),
  'SPECIAL CARDING': tick('sg.special'),
};

/** A card of the lead grid: the option that leads it and the glyph's box, measured on the form (`pdftotext -bbox`, points). */
const card = (option: string, x: number, y: number, width = 5): LeadMark => ({ option, x, y, width, height: 11.2 });

/** Rows of the lead grid, bottom of each glyph box, points. */
const ROW = [170.4, 158.9, 147.4, 135.9, 124.4, 112.9, 101.4] as const;

/**
 * The classic card's lead grid (LEADS, "circle card led, if not in bold"): for each catalogue
 * lead option, the card it leads in the grid's holding. Versus suits: xx, xxx, AKx, KQx, QJx, J109,
 * KQ109 (first column), xxxx, xxxxx, 109x, KJ10x, K109x, Q109x (second); versus notrump: xx, xxx,
 * AKJx, AJ109, KQJx, QJ10x, J109x (third), xxxx, xxxxx, AQJx, A109x, KQ109, Q109x, 109xx (fourth).
 * Where the grid's holding differs from the catalogue's (KQx versus notrump is marked in KQJx), the
 * card led is the same (docs/official-cards.md §2).
 */
export const ACBL_CLASSIC_LEADS: readonly LeadMark[] = [
  // Versus suits.
  card('ld.xx.top', 7, ROW[0], 4),
  card('ld.xx.low', 14.4, ROW[0], 4),
  card('ld.xxx.top', 7, ROW[1], 4),
  card('ld.xxx.middle', 14.4, ROW[1], 4),
  card('ld.xxx.low', 21.7, ROW[1], 4),
  card('ld.ak.a', 6.5, ROW[2]),
  card('ld.ak.k', 15.5, ROW[2]),
  card('ld.kq.k', 6.5, ROW[3]),
  card('ld.kq.q', 15.3, ROW[3], 5.5),
  card('ld.qj.q', 6.2, ROW[4], 5.5),
  card('ld.qj.j', 16, ROW[4], 4),
  card('ld.j10.j', 7, ROW[5], 4),
  card('ld.j10.10', 15.8, ROW[5], 4.5),
  card('ld.kq10.k', 6.5, ROW[6]),
  card('ld.kq10.q', 15.2, ROW[6], 5.5),
  card('ld.xxxx.top', 43, ROW[0], 4),
  card('ld.xxxx.2nd', 50.4, ROW[0], 4),
  card('ld.xxxx.3rd', 57.7, ROW[0], 4),
  card('ld.xxxx.4th', 65.1, ROW[0], 4),
  card('ld.xxxxx.2nd', 50.4, ROW[1], 4),
  card('ld.xxxxx.4th', 65.1, ROW[1], 4),
  card('ld.xxxxx.5th', 71.7, ROW[1], 4),
  card('ld.109.10', 42.8, ROW[2], 4.5),
  card('ld.109.9', 51.8, ROW[2], 4.5),
  card('ld.interior.top', 52, ROW[3], 4),
  card('ld.interior.zeroTwo', 52, ROW[3], 4),
  card('ld.interior.4th', 70, ROW[3], 4),
  // Versus notrump.
  card('ld.xxNt.top', 82, ROW[0], 4),
  card('ld.xxNt.low', 89.4, ROW[0], 4),
  card('ld.xxxNt.top', 82, ROW[1], 4),
  card('ld.xxxNt.middle', 89.4, ROW[1], 4),
  card('ld.xxxNt.low', 96.7, ROW[1], 4),
  card('ld.akNt.a', 81.5, ROW[2]),
  card('ld.akNt.k', 90.5, ROW[2]),
  card('ld.kqNt.k', 81.5, ROW[4]),
  card('ld.kqNt.q', 90.3, ROW[4], 5.5),
  card('ld.qjNt.q', 81.3, ROW[5], 5.5),
  card('ld.qjNt.j', 91, ROW[5], 4),
  card('ld.j10Nt.j', 82, ROW[6], 4),
  card('ld.j10Nt.10', 90.7, ROW[6], 4.5),
  card('ld.xxxxNt.top', 127, ROW[0], 4),
  card('ld.xxxxNt.2nd', 134.4, ROW[0], 4),
  card('ld.xxxxNt.3rd', 141.7, ROW[0], 4),
  card('ld.xxxxNt.4th', 149.1, ROW[0], 4),
  card('ld.xxxxxNt.2nd', 133.6, ROW[1], 4),
  card('ld.xxxxxNt.4th', 146.9, ROW[1], 4),
  card('ld.xxxxxNt.5th', 153.5, ROW[1], 4),
  card('ld.kq10Nt.k', 126.5, ROW[4]),
  card('ld.kq10Nt.q', 135.3, ROW[4], 5.5),
  card('ld.109Nt.10', 126.7, ROW[6], 4.5),
  card('ld.109Nt.9', 135.7, ROW[6], 4.5),
  card('ld.interiorNt.top', 135.3, ROW[2], 5.5),
  card('ld.interiorNt.zeroTwo', 135.3, ROW[2], 5.5),
  card('ld.interiorNt.4th', 154, ROW[2], 4),
];

/** The classic card: form, page and map (docs/official-cards.md §1). */
export const ACBL_CLASSIC_CARD: OfficialCardMap = {
  id: 'classic',
  title: 'ACBL Convention Card (classic, 2023 revision)',
  page: 0,
  fields: ACBL_CLASSIC_FIELDS,
  leads: ACBL_CLASSIC_LEADS,
  // Below the card's last line, left of "Revised 2023": the page's bottom 5 points are blank.
  footer: { x: 8, y: 1.6 },
  boxes: ACBL_CLASSIC_BOXES,
};
