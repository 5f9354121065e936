/**
 * The field map of the ACBL 2022 convention card (docs/official-cards.md §2; the form:
 * packages/server/assets/acbl/acbl-2022.pdf, ADR 197): every field of the form, by the name the
 * ACBL's fillable PDF gives it (`<section>.<c|t>.<n>`: c a check box, t a text), with the catalogue
 * items that fill it (by key, docs/catalogue-keys.md) or the reason it stays blank. A field's
 * section names its area, not its meaning: each entry's comment says what is printed at the field
 * (checked on the form's page, not on its name). The map tests (scripts/acbl-2022-card.test.ts)
 * check it both ways against the form, and the shipped templates through it.
 */
import { vsNotrumpColumn, vsNotrumpHeading } from './acbl-classic-card';
import { subjectKeyOfOption } from './catalogue-keys';
import { displayName, noteOf } from './contract';
import { type AgreementReader, type CardFieldSpec, type LeadMark, type OfficialCardMap, blank, high, low, names, tick, write } from './official-card';

/** The discarding methods of the catalogue's first discards (sg.firstDiscard versus suits, sg.firstDiscardNt versus notrump). */
const DISCARDS = ['standard', 'upsideDown', 'lavinthal', 'oddEven', 'revolving'] as const;

/** "Through 2♠" written on a "Thru ___" line: the level only. */
const THROUGH = /^Through /i;

/** The name of a selected option, by key, when its subject is played (undefined otherwise). */
function optionName(agreement: AgreementReader, key: string): string | undefined {
  const option = agreement.played(subjectKeyOfOption(key))?.options.find((candidate) => candidate.key === key);
  return option && agreement.selected(key) ? displayName(option) : undefined;
}

/**
 * A line that names the selected options among `keys` (option keys), even those a box of the card
 * already ticks: the form's "describe" lines after a box ("Conv □ ___", "Other □ ___") say which
 * of the box's meanings the agreement plays.
 */
const describe = (keys: readonly string[], more: { strip?: RegExp; prefix?: string } = {}): CardFieldSpec => ({
  kind: 'derived',
  keys,
  fill: (agreement) => {
    const parts = keys.flatMap((key) => {
      const name = optionName(agreement, key);
      if (name === undefined) return [];
      agreement.use(key);
      return [more.strip ? name.replace(more.strip, '') : name];
    });
    return parts.length === 0 ? undefined : `${more.prefix ?? ''}${parts.join('; ')}`;
  },
});

/** The seats or vulnerability of the first 1NT range: the other side of what the second range states (nt.range2's options). */
const FIRST_RANGE_WHEN: readonly (readonly [string, string])[] = [
  ['nt.range2.seats34', '1st/2nd'],
  ['nt.range2.seats12', '3rd/4th'],
  ['nt.range2.vul', 'NV'],
  ['nt.range2.nonVul', 'Vul'],
];

/** The 1NT opening "Str" and "Wk" boxes of the Overview: ranges centred at 15 or above are strong, below are weak. */
const STRONG_NT = ['nt.range.14-16', 'nt.range.15-17', 'nt.range.15-18', 'nt.range.16-18'];
const WEAK_NT = ['nt.range.10-12', 'nt.range.12-14', 'nt.range.13-15'];

/** The minor openings' raise grid (1♣ and 1♦ share the catalogue's items): Single NF/Inv+/GF, Jump Wk/Mixed/Inv, After Overcall Wk/Mixed/Inv. */
const minorRaises = (section: '1C' | '1D', first: number): Record<string, CardFieldSpec> => ({
  [`${section}.c.${first}`]: tick('mn.single'),
  [`${section}.c.${first + 1}`]: tick('mn.inverted.forcing1', 'mn.forcingRaise.single'),
  [`${section}.c.${first + 2}`]: tick('mn.inverted.gf'),
  [`${section}.c.${first + 3}`]: tick('mn.jumpRaise.weak'),
  [`${section}.c.${first + 4}`]: blank('Jump raise of a minor, Mixed: the catalogue’s minor jump raises are forcing, invitational or weak.'),
  [`${section}.c.${first + 5}`]: tick('mn.jumpRaise.inv'),
  [`${section}.c.${first + 6}`]: tick('mn.jumpRaiseComp.weak'),
  [`${section}.c.${first + 7}`]: blank('Jump raise of a minor after their overcall, Mixed: not among the catalogue’s options (forcing, invitational, weak).'),
  [`${section}.c.${first + 8}`]: tick('mn.jumpRaiseComp.inv'),
});

/** "Rebids over 2NT" of a 2-level opening: the 2NT ask and its replies, on the rows of the weak two-bids. */
const rebidsOver2nt = (opening: 'tw.2d' | 'tw.2h' | 'tw.2s'): CardFieldSpec => ({
  kind: 'derived',
  keys: ['tw.2ntResp', 'tw.2ntReplies', `${opening}.weak`],
  fill: (agreement) => {
    if (!agreement.selected(`${opening}.weak`)) return undefined;
    const parts = ['tw.2ntResp', 'tw.2ntReplies'].flatMap((subjectKey) => {
      const subject = agreement.played(subjectKey);
      if (!subject) return [];
      const chosen = subject.options.filter((option) => option.isSelected && option.key !== 'tw.2ntResp.forcing');
      for (const option of chosen) agreement.use(option.key ?? option._id);
      if (chosen.length > 0) agreement.use(subjectKey);
      return chosen.map((option) => displayName(option));
    });
    return parts.length === 0 ? undefined : parts.join('; ');
  },
});

/**
 * The 2022 card's fields, by form field name (one page, the convention side). Field names are the
 * form's own; one is misspelt by the form (`21.t.2`, the top of the 2♠ range).
 */
export const ACBL_2022_FIELDS: Readonly<Record<string, CardFieldSpec>> = {
  // Names (top right).
  'Name.t.1': names,

  // Overview: General Approach, "Min Expected HCP when Balanced: Opening ___ Responding ___",
  // "Forcing Open: 1♣ □ 2♣ □ Other ___", "1NT Open: Str □ Wk □ Variable □",
  // "Bids That May Require Preparation ___" and a free line.
  'OV.t.1': write('ga.system', { played: ['ga.system'] }),
  'OV.t.2': write('ga.minOpen', { strip: /\s*HCP/ }),
  'OV.t.3': write('ga.responseMin', { strip: /\s*HCP/ }),
  'OV.c.4': tick('ga.forcingOpening.1c', 'mn.strong1c'),
  'OV.c.5': tick('ga.forcingOpening.2c'),
  'OV.t.6': write('ga.forcingOpening'),
  'OV.c.7': tick(...STRONG_NT),
  'OV.c.8': tick(...WEAK_NT),
  'OV.c.9': tick('nt.range2'),
  'OV.t.10': write('ga.prealerts'),
  'OV.t.11': {
    ...write(['ga.twoOverOne', 'ga.veryLight', 'ga.majorStyle', 'ga.openingRange', 'ga.thirdSeat', 'ga.fourthSeat', 'ga.psychics'], { named: true }),
    other: ['ga'],
  },

  // Doubles (top left): "Negative □ Thru ___ Penalty □", "Responsive □ Thru ___ Maximal □",
  // "Support □ Thru ___ Rdbl □", "T/O Style ___", "Other ___".
  'D.c.1': tick('db.negative'),
  'D.t.2': write('db.negative', { strip: THROUGH }),
  'D.c.3': tick('db.penaltyAfterOvercall'),
  'D.c.4': tick('db.responsive'),
  'D.t.5': write('db.responsive', { strip: THROUGH }),
  'D.c.6': tick('db.maximal'),
  'D.c.7': tick('db.support'),
  'D.t.8': write('db.support', { strip: THROUGH }),
  'D.c.9': tick('db.support.redouble'),
  'D.t.10': write(['db.minOffshape', 'db.takeout'], { named: false }),
  'D.t.11': {
    ...write(['db.cardShowing', 'db.penaltyAfterOvercall', 'db.maximal', 'db.jumpRaiseOverDouble', 'db.sos', 'db.reopening', 'db.1ntOvercall'], {
      named: true,
      played: ['db.cardShowing'],
    }),
    other: ['db'],
  },

  // NT Overcalls: "Direct 1NT ___ to ___ Systems On □", "Balance 1NT ___ to ___ Systems On □",
  // "Conv □ ___", "Jump to 2NT: 2 Lowest Unbid □", "Other ___".
  'NTO.t.1': low('ov.1ntDirect'),
  'NTO.t.2': high('ov.1ntDirect'),
  'NTO.c.3': tick('ov.1ntDirect.systemsOn'),
  'NTO.t.4': low('ov.1ntBalance'),
  'NTO.t.5': high('ov.1ntBalance'),
  'NTO.c.6': tick('ov.1ntBalance.systemsOn'),
  'NTO.c.7': tick('ov.1ntDirect.conv', 'ov.1ntBalance.conv'),
  'NTO.t.8': write(['ov.1ntDirect', 'ov.1ntBalance'], { named: true }),
  'NTO.c.9': tick('ov.unusual2nt.twoLowest'),
  // "Minors" of the Unusual 2NT has no box on this card: written here.
  'NTO.t.10': write(['ov.unusual2nt', 'ov.sandwich'], { named: true }),

  // Overcalls: "1-Lvl ___ to ___ Often 4 Cards □", "2-Lvl ___ to ___", "Jump Overcalls: Wk □ Int □
  // Str □", "Conv □ ___", Responses: "New Suit: F □ NFConst □ NF □ Tfr □", "Jump Raise: Wk □ Mixed □
  // Inv □", "Cuebids ___ Support □", "Other ___".
  'OC.t.1': low('ov.1level'),
  'OC.t.2': high('ov.1level'),
  'OC.c.3': tick('ov.style.often4'),
  'OC.t.4': low('ov.2level'),
  'OC.t.5': high('ov.2level'),
  'OC.c.6': tick('ov.jump.weak'),
  'OC.c.7': tick('ov.jump.intermediate'),
  'OC.c.8': tick('ov.jump.strong'),
  // "Conv □ ___" under the jump overcalls: the catalogue's conventional overcall is the jump cuebid.
  'OC.c.9': tick('ov.jumpCue'),
  'OC.t.10': write('ov.jumpCue'),
  'OC.c.11': tick('ov.newSuit.forcing'),
  'OC.c.12': tick('ov.newSuit.nfConst'),
  'OC.c.13': tick('ov.newSuit.nf'),
  'OC.c.14': tick('ov.newSuit.transfer'),
  'OC.c.15': tick('ov.jumpRaise.weak'),
  'OC.c.16': blank(
    'Jump raise by advancer, Mixed: the catalogue’s jump raises are forcing, invitational or weak (a mixed raise by jump cuebid is written on the Cuebids line).',
  ),
  'OC.c.17': tick('ov.jumpRaise.inv'),
  'OC.t.18': write('ov.cuebidRaise'),
  'OC.c.19': tick('ov.cuebidRaise.limitPlus'),
  'OC.t.20': {
    ...write(
      [
        'ov.1level',
        'ov.2level',
        'ov.jumpRaise',
        'ov.style',
        'ov.newSuit',
        'ov.jump',
        'ov.jumpResp',
        'ov.single',
        'ov.advNt',
        'ov.advJs',
        'ov.balancing',
        'ov.bidAndRaise',
        'ov.rebidAfterCue',
      ],
      { named: true },
    ),
    other: ['ov'],
  },

  // Direct Cuebids: columns Art ♣♦, Quasi ♣♦, Nat ♣♦, Nat ♥♠; rows Michaels, Natural, Other; then "Describe ___".
  'DC.c.1': blank('Cuebid of an artificial 1♣ or 1♦: the catalogue has no such item (its defence to a strong 1♣ is written on “Vs (Very)Str Open”).'),
  'DC.c.2': tick('df.shortMinor.cueMichaels'),
  'DC.c.3': tick('ov.cueMinor.michaels'),
  'DC.c.4': tick('ov.cueMajor.michaels'),
  'DC.c.5': blank('As DC.c.1: no cuebid of an artificial minor in the catalogue.'),
  'DC.c.6': tick('df.shortMinor.cueNatural'),
  'DC.c.7': tick('ov.cueMinor.natural'),
  'DC.c.8': tick('ov.cueMajor.natural'),
  'DC.c.9': blank('As DC.c.1: no cuebid of an artificial minor in the catalogue.'),
  'DC.c.10': blank('Cuebid of a short (quasi-natural) minor, Other: the catalogue’s cuebids of a short minor are natural or Michaels.'),
  'DC.c.11': tick('ov.cueMinor.strongTO', 'ov.cueMinor.artificial'),
  'DC.c.12': tick('ov.cueMajor.strongTO', 'ov.cueMajor.artificial'),
  // "Describe": what the Other row means, and Michaels' details.
  'DC.t.13': {
    kind: 'derived',
    keys: ['ov.cueMinor.strongTO', 'ov.cueMajor.strongTO', 'ov.cueMinor.artificial', 'ov.cueMajor.artificial', 'ov.michaels'],
    fill: (agreement) => {
      const parts: string[] = [];
      const other = (word: string, label: string) => {
        const minor = agreement.selected(`ov.cueMinor.${word}`);
        const major = agreement.selected(`ov.cueMajor.${word}`);
        if (minor || major) parts.push(`Other: ${label}${minor && major ? '' : minor ? ' (minors)' : ' (majors)'}`);
      };
      other('strongTO', 'strong takeout');
      other('artificial', 'artificial');
      const michaels = agreement.played('ov.michaels');
      const chosen = michaels?.options.filter((option) => option.isSelected) ?? [];
      for (const option of chosen) agreement.use(option.key ?? option._id);
      if (chosen.length > 0) agreement.use('ov.michaels');
      parts.push(...chosen.map((option) => displayName(option)));
      return parts.length === 0 ? undefined : parts.join('; ');
    },
  },

  // Preempts: "3-Level Style (Seat/Vul) ___", a line, "Resp ___", "4-Level Style ___", "Resp ___",
  // "4♣/4♦ Tfr □ Other ___". The card has no boxes for sound, light or very light: the style is written.
  'P.t.1': write('pr.style'),
  'P.t.2': write(['pr.3level', 'pr.thirdSeat', 'pr.fourthSeat', 'pr.sideMajor', 'pr.void'], { named: true }),
  'P.t.3': write('pr.responses'),
  'P.t.4': write(['pr.4level', 'pr.5minor'], { named: true }),
  // The 4-level responses: Namyats' relay (its 4♣/4♦ transfer opening is the box below).
  'P.t.5': write('pr.namyats'),
  'P.c.6': tick('pr.namyats.4c4d'),
  'P.t.7': { ...write('pr.4nt', { named: true }), other: ['pr'] },

  // Slams: "4♣ Gerber: Directly Over NT □ Over NT Seq □ Non-NT Seq □ ___", "4NT: Blackwood □ RKC
  // 0314 □ RKC 1430 □ ___", "Control Bids ___", "Vs Interference ___", "Other ___".
  'SL.c.1': tick('sl.gerber.direct'),
  'SL.c.2': tick('sl.gerber.ntOpeningsRebids', 'sl.gerber.anyNt'),
  'SL.c.3': blank('Gerber in sequences without notrump: the catalogue’s Gerber is always over notrump.'),
  'SL.t.4': write('sl.gerber', { played: ['sl.gerber'] }),
  'SL.c.5': tick('sl.blackwood'),
  'SL.c.6': tick('sl.rkcb.3014'),
  'SL.c.7': tick('sl.rkcb.1430'),
  'SL.t.8': write(['sl.rkcb', 'sl.blackwood', 'sl.queenAsk', 'sl.kingAsk', 'sl.minorKeyCard', 'sl.voids', 'sl.specificSuitAsk', 'sl.exclusion'], {
    named: true,
    played: ['sl.rkcb'],
  }),
  'SL.t.9': write('sl.control', { played: ['sl.control'] }),
  // DOPI, DEPO, ROPI have no boxes on this card: their names, without the explanation in brackets.
  'SL.t.10': write('sl.interference', { strip: /\s*\([^)]*\)$|^Level: /gi }),
  'SL.t.11': {
    ...write(['sl.gsf', 'sl.quantitative', 'sl.asking', 'sl.lastTrain', 'sl.5nt', 'sl.5M', 'sl.4ntComp'], { named: true, played: ['sl.gsf'] }),
    other: ['sl'],
  },

  // Carding: columns Suits and NT; rows Standard – Attitude, Standard – Count, Upside Down –
  // Attitude, Upside Down – Count; "Exceptions ___", "Other Carding: ___", "Smith Echo: Suits □ NT □
  // Reverse □", a line, "Trump Signals ___". The catalogue's standard signals are attitude and count.
  'C.c.1': tick('sg.standard.suits'),
  'C.c.2': tick('sg.standard.nt'),
  'C.c.3': tick('sg.standard.suits'),
  'C.c.4': tick('sg.standard.nt'),
  'C.c.5': tick('sg.upsideDown.attSuits'),
  'C.c.6': tick('sg.upsideDown.attNt'),
  'C.c.7': tick('sg.upsideDown.countSuits'),
  'C.c.8': tick('sg.upsideDown.countNt'),
  // "Exceptions": the note of standard signals' "Except (describe)" (the exception itself).
  'C.t.9': {
    kind: 'derived',
    keys: ['sg.standard.except'],
    fill: (agreement) => {
      const note = agreement.selected('sg.standard.except') ? noteOf(agreement.played('sg.standard')!) : '';
      if (!note) return undefined;
      agreement.use('sg.standard.except');
      return note;
    },
  },
  'C.t.10': write(['sg.special', 'sg.foster'], { named: true, played: ['sg.special'] }),
  'C.c.11': tick('sg.smith.suits'),
  'C.c.12': tick('sg.smith.nt'),
  'C.c.13': tick('sg.smith.reverse'),
  'C.t.14': write(['sg.count', 'sg.suitPref'], { named: true }),
  'C.t.15': write('sg.trump', { played: ['sg.trump'] }),

  // Signals: "Primary Signals to: ___", then Declarer's Lead and Partner's Lead columns for
  // Attitude, Count, Suit Preference; "Exceptions ___", "First Discard: Std □ Upside Down □
  // Lavinthal □ Odd/Even □ Other □", two lines.
  'SI.t.1': blank('The line after “Primary Signals to:”: the catalogue’s primary signals are the boxes under it, on declarer’s and on partner’s leads.'),
  'SI.c.2': tick('sg.primaryDeclarer.attitude'),
  'SI.c.3': tick('sg.primaryLead.attitude'),
  'SI.c.4': tick('sg.primaryDeclarer.count'),
  'SI.c.5': tick('sg.primaryLead.count'),
  'SI.c.6': tick('sg.primaryDeclarer.suitPref'),
  'SI.c.7': tick('sg.primaryLead.suitPref'),
  'SI.t.8': write(['sg.honorLeads', 'sg.obviousShift'], { named: true }),
  'SI.c.9': tick('sg.firstDiscard.standard'),
  'SI.c.10': tick('sg.firstDiscard.upsideDown'),
  'SI.c.11': tick('sg.firstDiscard.lavinthal'),
  'SI.c.12': tick('sg.firstDiscard.oddEven'),
  'SI.c.13': tick('sg.firstDiscard.revolving'),
  // The line under First Discard: which "Other" discards are played, and the discards versus
  // notrump where they differ from those versus suits that the boxes show.
  'SI.t.14': {
    kind: 'derived',
    keys: ['sg.firstDiscard.revolving', 'sg.firstDiscardNt', ...DISCARDS.map((method) => `sg.firstDiscardNt.${method}`)],
    fill: (agreement) => {
      const parts: string[] = [];
      const revolving = optionName(agreement, 'sg.firstDiscard.revolving');
      if (revolving !== undefined) {
        agreement.use('sg.firstDiscard.revolving');
        parts.push(`Other: ${revolving}`);
      }
      const versusNt = DISCARDS.filter((method) => agreement.selected(`sg.firstDiscardNt.${method}`));
      if (versusNt.length > 0) {
        agreement.use('sg.firstDiscardNt');
        for (const method of versusNt) agreement.use(`sg.firstDiscardNt.${method}`);
        const versusSuits = DISCARDS.filter((method) => agreement.selected(`sg.firstDiscard.${method}`));
        if (versusSuits.join() !== versusNt.join())
          parts.push(`vs NT: ${versusNt.map((method) => optionName(agreement, `sg.firstDiscardNt.${method}`)).join('; ')}`);
      }
      return parts.length === 0 ? undefined : parts.join('; ');
    },
  },
  'SI.t.15': { ...write('sg.honorDiscards', { named: true }), other: ['sg'] },

  // Leads vs suits: "Length Leads: 4th □ 3rd/5th □ 3rd/Low □", "Attitude □ Small from xx □", the
  // grid of small cards (ACBL_2022_LEADS), "After 1st Trick ___", "Honor Leads: AKx (+) Varies □ ___",
  // the honour grid, "Interior Seq:" grid, "Exceptions ___".
  'LS.c.1': tick('ld.lengthSuits.4th'),
  'LS.c.2': tick('ld.lengthSuits.3rd5th'),
  'LS.c.3': tick('ld.lengthSuits.3rdLow'),
  'LS.c.4': blank('Attitude length leads versus suits: the catalogue has attitude leads versus notrump only (LN.c.4).'),
  'LS.c.5': tick('ld.xx.low'),
  'LS.t.6': write('ld.afterFirst'),
  'LS.c.7': blank('“AKx (+) Varies”: the catalogue’s lead from AK is the ace or the king (circled in the grid), not varying.'),
  // The line after "Varies": honour holdings the grid does not print (KQ10x, AJx/KJx/K10x).
  'LS.t.8': write(['ld.kq10', 'ld.hhx'], { named: true }),
  'LS.t.9': write(['ld.underleadAce', 'ld.trump', 'ld.hx', 'ld.partnerSuit', 'ld.lengthSuits'], { named: true }),

  // Leads vs NT: as versus suits, with "Attitude □ 2nd from xxxx(+) □" and AKxx(+).
  'LN.c.1': tick('ld.lengthNt.4th'),
  'LN.c.2': tick('ld.lengthNt.3rd5th'),
  'LN.c.3': blank('3rd/Low length leads versus notrump: the catalogue’s notrump length leads are 4th best, 3rd and 5th, attitude or 2nd from small.'),
  'LN.c.4': tick('ld.lengthNt.attitude'),
  'LN.c.5': tick('ld.lengthNt.2ndFromSmall'),
  // The catalogue has one agreement for leads after the first trick: written on both columns.
  'LN.t.6': {
    kind: 'derived',
    keys: ['ld.afterFirst'],
    fill: (agreement) => {
      const chosen = agreement.played('ld.afterFirst')?.options.filter((option) => option.isSelected) ?? [];
      return chosen.length === 0 ? undefined : chosen.map((option) => displayName(option)).join('; ');
    },
  },
  'LN.c.7': blank('“AKxx (+) Varies”: the catalogue’s lead from AK versus notrump is the ace or the king (circled in the grid).'),
  // The line after "Varies": holdings the grid does not print (109x, AJx/KJx/K10x).
  'LN.t.8': write(['ld.109Nt', 'ld.hhxNt', 'ld.hxNt'], { named: true }),
  'LN.t.9': { ...write(['ld.ntHonors', 'ld.rusinow', 'ld.journalist', 'ld.style', 'ld.vsSlam'], { named: true }), other: ['ld'] },

  // Vs 1NT Opening: two columns "Vs ___" with rows Dbl, 2♣, 2♦, 2♥, 2♠, 2NT; then "Other ___".
  'V1NT.t.1': vsNotrumpHeading(1, ['df.double', 'df.2c', 'df.2d', 'df.2h', 'df.2s', 'df.2nt']),
  'V1NT.t.2': vsNotrumpHeading(2),
  'V1NT.t.3': vsNotrumpColumn('df.double', 1),
  'V1NT.t.4': vsNotrumpColumn('df.double', 2),
  'V1NT.t.5': vsNotrumpColumn('df.2c', 1),
  'V1NT.t.6': vsNotrumpColumn('df.2c', 2),
  'V1NT.t.7': vsNotrumpColumn('df.2d', 1),
  'V1NT.t.8': vsNotrumpColumn('df.2d', 2),
  'V1NT.t.9': vsNotrumpColumn('df.2h', 1),
  'V1NT.t.10': vsNotrumpColumn('df.2h', 2),
  'V1NT.t.11': vsNotrumpColumn('df.2s', 1),
  'V1NT.t.12': vsNotrumpColumn('df.2s', 2),
  'V1NT.t.13': vsNotrumpColumn('df.2nt', 1),
  'V1NT.t.14': vsNotrumpColumn('df.2nt', 2),
  'V1NT.t.15': write(['df.vs1nt', 'df.vsWeak', 'df.balancing', 'df.vsStaymanTransfer'], { named: true }),

  // Vs Takeout Dbl: "New Suit F: 2 Lvl □ Tfr □ ___", "Jump Shift: Wk □ Inv □ F □ Fit □", "Rdbl: 10+ □
  // Conv □ ___", "2NT Over: Nat / Raise / Range ___ to ___" for ♣♦ and ♥♠, "Other ___".
  'VTD.c.1': tick('db.newSuitOverDouble.2level'),
  'VTD.c.2': tick('db.newSuitOverDouble.transfers'),
  'VTD.t.3': write('db.newSuitOverDouble'),
  'VTD.c.4': tick('db.jumpShiftOverDouble.weak'),
  'VTD.c.5': tick('db.jumpShiftOverDouble.inv'),
  'VTD.c.6': tick('db.jumpShiftOverDouble.force'),
  'VTD.c.7': blank('Fit-showing jump shift after their takeout double: not among the catalogue’s options (forcing, invitational, weak).'),
  'VTD.c.8': tick('db.redouble.10plus'),
  'VTD.c.9': blank(
    'Conventional redouble after their takeout double: the catalogue’s redouble shows 10+ HCP (the box before); its other options are written on the line after.',
  ),
  'VTD.t.10': write('db.redouble'),
  'VTD.c.11': tick('db.2ntOverDouble.natural'),
  'VTD.c.12': tick('db.2ntOverDouble.minorLimitPlus', 'db.2ntOverDouble.minorLimit', 'db.2ntOverDouble.minorWeak'),
  'VTD.t.13': blank(
    '2NT raise over ♣♦, range: the catalogue states the raise’s strength in words (limit raise or better, limit, weak), written on the Other line.',
  ),
  'VTD.t.14': blank('As VTD.t.13: the top of the range.'),
  'VTD.c.15': tick('db.2ntOverDouble.natural'),
  'VTD.c.16': tick('db.2ntOverDouble.majorLimitPlus', 'db.2ntOverDouble.majorLimit', 'db.2ntOverDouble.majorWeak'),
  'VTD.t.17': blank('As VTD.t.13, over ♥♠.'),
  'VTD.t.18': blank('As VTD.t.13, over ♥♠.'),
  // "Other": the strength of the 2NT raise (the Range boxes take HCP, which the catalogue does not state).
  'VTD.t.19': describe(
    [
      'db.2ntOverDouble.majorLimitPlus',
      'db.2ntOverDouble.majorLimit',
      'db.2ntOverDouble.majorWeak',
      'db.2ntOverDouble.minorLimitPlus',
      'db.2ntOverDouble.minorLimit',
      'db.2ntOverDouble.minorWeak',
    ],
    { prefix: '2NT: ' },
  ),

  // Vs Preempts: "2NT Overcall ___", "T/O Dbl Thru ___ Penalty □", "2NT Lebensohl Resp □ ___",
  // "Cuebid ___", "Jump Overcalls ___", "Other ___".
  'VP.t.1': write('df.2ntOvercall'),
  'VP.t.2': {
    kind: 'derived',
    keys: ['df.preemptDouble.3s', 'df.preemptDouble.4h', 'df.preemptDouble.4s'],
    fill: (agreement) => {
      const level = (['4s', '4h', '3s'] as const).find((word) => agreement.selected(`df.preemptDouble.${word}`));
      if (level === undefined) return undefined;
      agreement.use(`df.preemptDouble.${level}`);
      return level === '3s' ? '3!s' : level === '4h' ? '4!h' : '4!s';
    },
  },
  'VP.c.3': tick('df.preemptDouble.penalty'),
  'VP.c.4': tick('df.lebensohl'),
  'VP.t.4': write('df.lebensohl'),
  'VP.t.5': write('df.cuebidWeakTwo'),
  'VP.t.6': write(['df.overcallPreempt', 'df.leapingMichaels'], { named: true }),
  'VP.t.7': { ...write(['df.convTakeout', 'df.preemptDouble', 'df.multi', 'df.vsGambling', 'df.twoSuited'], { named: true }), other: ['df'] },

  // 1♣: "Min Length: 5 □ 4 □ 3 □ NF 2 □ (4432 only □) NF 1 □ NF 0 □ Art F □", "Resp ___ Transfer
  // Resp □", a line, "1♦ ___ Bypass 5+ □", "1NT ___ to ___", "2NT ___ to ___", Raises.
  '1C.c.1': tick('mn.1cLength.5'),
  '1C.c.2': tick('mn.1cLength.4'),
  '1C.c.3': tick('mn.1cLength.3'),
  '1C.c.4': blank('1♣ “NF 2”: the catalogue’s short 1♣ (“may be short (0-2)”) is ticked at NF 0, its shortest.'),
  '1C.c.5': blank('1♣ “(4432 only)”: the catalogue has no 1♣ that is short only with 4=4=3=2 (its 1♦ “4 cards, except 3 with 4=4=3=2” is ticked at 1♦ 4).'),
  '1C.c.6': blank('1♣ “NF 1”: as 1C.c.4.'),
  '1C.c.7': tick('mn.1cLength.short'),
  // "Art F": an artificial, forcing 1♣ (the strong club), described on the Resp line and the line under it.
  '1C.c.8': tick('mn.1cLength.conv', 'mn.strong1c'),
  '1C.t.9': write(['mn.strong1cResp', 'mn.upTheLine'], { named: false }),
  '1C.c.10': tick('mn.transfer1c.transfers'),
  '1C.t.11': write(['mn.strong1c', 'mn.strong1cRebid', 'mn.strong1cComp', 'mn.choice'], { named: true }),
  // "1♦ ___": the 1♦ response to 1♣.
  '1C.t.12': write('mn.transfer1c', { strip: /^1!d /i }),
  '1C.c.13': tick('mn.bypass.weak', 'mn.bypass.gfOnly'),
  '1C.t.14': low('mn.1nt1c'),
  '1C.t.15': high('mn.1nt1c'),
  '1C.t.16': low('mn.2nt'),
  '1C.t.17': high('mn.2nt'),
  ...minorRaises('1C', 18),

  // 1♦: "Min Length: 5 □ 4 □ 3 □ Unbal □ NF 2 □ NF 1 □ NF 0 □ Art F □", "Resp ___ Same as over 1♣ □",
  // a line, "1NT ___ to ___", "2NT ___ to ___", Raises.
  '1D.c.1': tick('mn.1dLength.5'),
  '1D.c.2': tick('mn.1dLength.4', 'mn.1dLength.4except4432'),
  '1D.c.3': tick('mn.1dLength.3'),
  '1D.c.4': blank('1♦ “Unbal”: the catalogue has no 1♦ that promises an unbalanced hand.'),
  '1D.c.5': tick('mn.1dLength.nebulous'),
  '1D.c.6': blank('1♦ “NF 1”: the catalogue’s short 1♦ is “2+ cards” (NF 2) or “may be short (0-2)” (NF 0).'),
  '1D.c.7': tick('mn.1dLength.short'),
  '1D.c.8': tick('mn.1dLength.conv'),
  '1D.t.9': write(['mn.nebulousResp', 'mn.1d2c'], { named: true }),
  '1D.c.10': blank('“Same as over 1♣”: the catalogue describes the responses to 1♦ by their own items; it has no such statement.'),
  '1D.t.11': {
    ...write(
      [
        'mn.forcingRaise',
        'mn.jumpRaise',
        'mn.jumpRaiseComp',
        'mn.inverted',
        'mn.single',
        'mn.bypass',
        'mn.1nt1c',
        'mn.1nt1d',
        'mn.2nt',
        'mn.3nt',
        'mn.1ntRebid',
        'mn.raiseWith3',
      ],
      { named: true },
    ),
    other: ['mn'],
  },
  '1D.t.12': low('mn.1nt1d'),
  '1D.t.13': high('mn.1nt1d'),
  '1D.t.14': low('mn.2nt'),
  '1D.t.15': high('mn.2nt'),
  ...minorRaises('1D', 16),

  // 1♥/1♠: "1st/2nd Length: 4 □ 5 □", "3rd/4th Length: 4 □ 5 □", "1NT: F □ Semi-F □ Bypass ♠ □",
  // "Other ___" (left); "Art Raises: 2NT □ 3NT □ Splinter □", "Other ___", "Drury: 2♣ □ 2♦ □ In Comp
  // □ ___", "Jump Raise: Wk □ Mixed □ Inv □", "After Overcall: Wk □ Mixed □ Inv □" (right); a line.
  '1H1S.c.1': tick('mj.length12.4'),
  '1H1S.c.2': tick('mj.length12.5'),
  '1H1S.c.3': tick('mj.length34.4', 'mj.length34.good4'),
  '1H1S.c.4': tick('mj.length34.5'),
  '1H1S.c.5': tick('mj.1nt.forcing'),
  '1H1S.c.6': tick('mj.1nt.semi'),
  '1H1S.c.7': blank('“Bypass ♠” (1♥–1NT may hold four spades): the catalogue has no such item.'),
  '1H1S.c.8': tick('mj.jacoby2nt'),
  '1H1S.c.9': tick('mj.3nt.convRaise'),
  '1H1S.c.10': tick('mj.splinters'),
  '1H1S.t.11': write(['mj.jacoby2nt', 'mj.splinters', 'mj.bergen', 'mj.swiss', 'mj.cuebidRaise', 'mj.limit3'], { named: true }),
  // Drury's 2♣ box is ticked for any Drury (Reverse, Original, Fit and Two-way all use 2♣); the
  // line after "In Comp" names which.
  '1H1S.c.12': tick('mj.drury'),
  '1H1S.c.13': tick('mj.drury.twoWay'),
  '1H1S.c.14': tick('mj.drury.inComp'),
  '1H1S.t.15': write('mj.drury', { strip: /\s*Drury(?: \(2!c\))?$/i }),
  '1H1S.c.17': tick('mj.jumpRaise.weak'),
  '1H1S.c.18': tick('mj.jumpRaise.mixed'),
  '1H1S.c.19': tick('mj.jumpRaise.inv', 'mj.jumpRaise.limit4'),
  '1H1S.c.20': tick('mj.jumpRaiseComp.weak'),
  '1H1S.c.21': blank('Jump raise of a major after their overcall, Mixed: not among the catalogue’s options (forcing, invitational, weak).'),
  '1H1S.c.22': tick('mj.jumpRaiseComp.inv'),
  // The left "Other": the notrump responses (the card has no 2NT or 3NT response boxes).
  '1H1S.t.16': write(['mj.1nt', 'mj.2nt', 'mj.3nt'], { named: true }),
  '1H1S.t.16b': {
    ...write(['mj.jumpRaise', 'mj.jumpRaiseComp', 'mj.single', 'mj.4m', 'mj.2hOver1s', 'mj.2mResponse', 'mj.after1nt', 'mj.gameTries'], {
      named: true,
    }),
    other: ['mj'],
  },

  // 1NT: "1NT ___ to ___ (Seat/Vul ___)" and a second "1NT ___ to ___ (Same Resp: Y □ N □)";
  // "5-Card Major □ Sys On vs ___"; "2♣: Stayman □ Puppet □ Other □"; "2♦: Nat □ Tfr □ Other ___" and
  // the same for 2♥, 2♠, 2NT; "Smolen □ Tfr: 4♣ □ 4♦ □ 4♥ □"; "Dbl: Neg □ ___ Pen □ Other ___
  // Lebensohl □: ___"; 3♣ … 3♠ lines, "Other ___" and a line (right).
  '1NT.t.1': low('nt.range'),
  '1NT.t.2': high('nt.range'),
  // The seats or vulnerability of the first range: the other side of the second range's.
  '1NT.t.3': {
    kind: 'derived',
    keys: FIRST_RANGE_WHEN.map(([key]) => key),
    fill: (agreement) => {
      const found = FIRST_RANGE_WHEN.filter(([key]) => agreement.selected(key));
      for (const [key] of found) agreement.use(key);
      return found.length === 0 ? undefined : found.map(([, text]) => text).join(' ');
    },
  },
  '1NT.t.28': low('nt.range2'),
  '1NT.t.29': high('nt.range2'),
  '1NT.c.30': blank('“Same Resp: Y”: the catalogue does not say whether the second range keeps the responses.'),
  '1NT.c.31': blank('“Same Resp: N”: as 1NT.c.30.'),
  '1NT.c.4': tick('nt.fiveMajor.common', 'nt.fiveMajor.possible'),
  '1NT.t.5': write('nt.systemsOn', { strip: /^Over (?:an? )?/i }),
  '1NT.c.6': tick('nt.stayman.regular'),
  '1NT.c.7': tick('nt.puppet.2c'),
  '1NT.c.8': blank('2♣ “Other”: the catalogue’s 2♣ responses to 1NT are Stayman and Puppet Stayman (the boxes before).'),
  '1NT.c.9': blank('2♦ natural response to 1NT: not in the catalogue.'),
  '1NT.c.10': tick('nt.jacoby.2d'),
  '1NT.t.11': describe(['nt.stayman.forcing', 'nt.stayman.twoWay']),
  '1NT.c.12': blank('2♥ natural response to 1NT: not in the catalogue.'),
  '1NT.c.13': tick('nt.jacoby.2h'),
  '1NT.t.14': blank('2♥ “Other”: the catalogue’s 2♥ response to 1NT is the transfer only.'),
  '1NT.c.15': blank('2♠ natural response to 1NT: not in the catalogue.'),
  '1NT.c.16': tick('nt.2s.clubs'),
  '1NT.t.17': write('nt.2s'),
  '1NT.c.18': tick('nt.2nt.natural'),
  '1NT.c.19': tick('nt.2nt.diamonds', 'nt.2nt.clubs'),
  '1NT.t.20': write('nt.2nt'),
  '1NT.c.21': tick('nt.smolen'),
  // Texas: 4♦ and 4♥ transfer to the majors; South African Texas: 4♣ and 4♦.
  '1NT.c.22': tick('nt.texas.southAfrican'),
  '1NT.c.23': tick('nt.texas.4d4h', 'nt.texas.southAfrican'),
  '1NT.c.24': tick('nt.texas.4d4h'),
  '1NT.c.25': tick('nt.double.neg2s', 'nt.double.neg3s'),
  // "Neg □ ___": the level negative doubles go through.
  '1NT.t.26': {
    kind: 'derived',
    keys: ['nt.double.neg2s', 'nt.double.neg3s'],
    fill: (agreement) => (agreement.selected('nt.double.neg3s') ? 'thru 3!s' : agreement.selected('nt.double.neg2s') ? 'thru 2!s' : undefined),
  },
  '1NT.c.27': tick('nt.double.penalty'),
  '1NT.t.38': write(['nt.double', 'nt.runouts'], { named: false }),
  '1NT.c.39': tick('nt.lebensohl'),
  '1NT.t.40': write('nt.lebensohl', { strip: / \(a stopper\)$/ }),
  '1NT.t.32': write('nt.3c'),
  '1NT.t.33': write('nt.3d'),
  '1NT.t.34': write('nt.3h'),
  '1NT.t.35': write('nt.3s'),
  '1NT.t.36': write(['nt.stayman', 'nt.staymanReplies', 'nt.jacoby', 'nt.superAccept', 'nt.puppet'], { named: true }),
  '1NT.t.37': {
    ...write(['nt.texas', 'nt.smolen', 'nt.4nt', 'nt.conventional', 'nt.fiveMajor', 'nt.shape', 'nt.upgrade'], { named: true }),
    other: ['nt'],
  },

  // 2NT: "2NT ___ to ___ Puppet □ 3♠ □ ___", "Conv □ ___ Tfr: 3Lvl □ 4Lvl □ Neg Dbl □ Other ___".
  '2NT.t.1': low('nt.2ntRange'),
  '2NT.t.2': high('nt.2ntRange'),
  '2NT.c.3': tick('nt.puppet.3c2nt'),
  '2NT.c.4': tick('nt.2nt3s'),
  '2NT.t.5': write('nt.2nt3s'),
  '2NT.c.6': tick('nt.conventional.2ntMinors'),
  '2NT.t.7': describe(['nt.conventional.2ntMinors'], { strip: /^2NT: / }),
  '2NT.c.8': tick('nt.jacoby.over2nt'),
  '2NT.c.9': tick('nt.texas.over2nt'),
  '2NT.c.10': blank('Negative double after interference over 2NT: not in the catalogue.'),
  '2NT.t.11': write('nt.2ntFiveMajor', { named: true }),

  // 3NT: "3NT ___ to ___ One Suit □ ___" (a gambling 3NT is a one-suited 3NT).
  '3NT.t.1': low('nt.3nt'),
  '3NT.t.2': high('nt.3nt'),
  '3NT.c.3': tick('pr.gambling'),
  '3NT.t.4': write(['pr.gambling', 'nt.3nt'], { named: false }),

  // 2♣: "2♣ ___ to ___ ___ 2♦ Neg □ Waiting □", "Steps □ ___ 2♥ Neg □", "Very Str □ Str □ Nat □
  // Conv □ ___ Other ___". A strong 2♣ of 22+ is Very Str, of 20+ or 21+ Str; a Precision 2♣ is natural.
  '2C.t.1': low('tw.2c'),
  '2C.t.2': high('tw.2c'),
  '2C.t.3a': write('tw.2c'),
  '2C.c.3b': tick('tw.2cResp2d.negative'),
  '2C.c.4': tick('tw.2cResp2d.waiting'),
  '2C.c.5': tick('tw.2cPositive.steps', 'tw.2cPositive.controls'),
  // "Steps □ ___": what the steps show.
  '2C.t.6': {
    kind: 'derived',
    keys: ['tw.2cPositive.controls'],
    fill: (agreement) => (agreement.selected('tw.2cPositive.controls') ? (agreement.use('tw.2cPositive.controls'), 'controls') : undefined),
  },
  '2C.c.7': tick('tw.2cPositive.2hBust'),
  '2C.c.8': tick('tw.2c.veryStrong', 'tw.2c.22', 'tw.2c.noRange'),
  '2C.c.9': tick('tw.2c.21', 'tw.2c.20'),
  '2C.c.10': tick('tw.2c.precision'),
  '2C.c.11': blank('2♣ “Conv”: the catalogue’s artificial 2♣ is the strong one (Very Str, Str); its “Other” 2♣ is written on the line after the range.'),
  '2C.t.12': blank('The line after 2♣ “Conv”: no conventional 2♣ but the strong one in the catalogue (see 2C.c.11).'),
  '2C.t.13': write(['tw.p2cResp', 'tw.2cResp2d', 'tw.2cPositive', 'tw.2cSecondNeg', 'tw.kokish', 'tw.2cNt', 'tw.2cForcing', 'tw.2cComp'], {
    named: true,
    played: ['tw.kokish'],
  }),

  // 2♦, 2♥, 2♠: "2x ___ to ___ ___ New Suit NF □", "Wk □ Int □ Str □ Conv □ (2♦) or 2 Suits □ (2♥,
  // 2♠) Rebids over 2NT: ___ Other ___". The range of a weak two is the weak two-bids' when the
  // opening states none.
  '2D.t.1': low('tw.2d', { subject: 'tw.weakTwos', when: 'tw.2d.weak' }),
  '2D.t.2': high('tw.2d', { subject: 'tw.weakTwos', when: 'tw.2d.weak' }),
  '2D.t.3': describe(['tw.2d.flannery', 'tw.2d.multi', 'tw.2d.precision', 'tw.2d.miniRoman', 'tw.2d.majors']),
  '2D.c.4': tick('tw.newSuit.nf'),
  '2D.c.5': tick('tw.2d.weak'),
  '2D.c.6': tick('tw.2d.intermediate'),
  '2D.c.7': tick('tw.2d.strong'),
  '2D.c.8': tick('tw.2d.conv', 'tw.2d.flannery', 'tw.2d.multi', 'tw.2d.precision', 'tw.2d.miniRoman', 'tw.2d.majors'),
  '2D.t.9': rebidsOver2nt('tw.2d'),
  '2D.t.10': write('tw.p2dResp', { named: false }),
  '2H.t.1': low('tw.2h', { subject: 'tw.weakTwos', when: 'tw.2h.weak' }),
  '2H.t.2': high('tw.2h', { subject: 'tw.weakTwos', when: 'tw.2h.weak' }),
  '2H.t.3': describe(['tw.2h.conv', 'tw.2h.hMinor', 'tw.2h.majors']),
  '2H.c.4': tick('tw.newSuit.nf'),
  '2H.c.5': tick('tw.2h.weak'),
  '2H.c.6': tick('tw.2h.intermediate'),
  '2H.c.7': tick('tw.2h.strong'),
  '2H.c.8': tick('tw.2h.hMinor', 'tw.2h.majors'),
  '2H.t.9': rebidsOver2nt('tw.2h'),
  '2H.t.10': write('tw.raise', { named: false }),
  '2S.t.1': low('tw.2s', { subject: 'tw.weakTwos', when: 'tw.2s.weak' }),
  '21.t.2': high('tw.2s', { subject: 'tw.weakTwos', when: 'tw.2s.weak' }),
  '2S.t.3': describe(['tw.2s.conv', 'tw.2s.sMinor', 'tw.2s.minors']),
  '2S.c.4': tick('tw.newSuit.nf'),
  '2S.c.5': tick('tw.2s.weak'),
  '2S.c.6': tick('tw.2s.intermediate'),
  '2S.c.7': tick('tw.2s.strong'),
  '2S.c.8': tick('tw.2s.sMinor', 'tw.2s.minors'),
  '2S.t.9': rebidsOver2nt('tw.2s'),
  '2S.t.10': {
    ...write(['tw.weakTwos', 'tw.weakTwo3rd', 'tw.2ntResp', 'tw.newSuit', 'tw.doubleOvercall'], { named: true }),
    other: ['tw'],
  },

  // Other: "Jump Shift Resp ___", "Vs (Very)Str Open ___ NMF □ 2Way NMF □ XYZ □ 4thSF: 1Rnd □ GF □", two lines.
  'O.t.1': write(['co.wjs', 'co.sjs', 'co.passedJs'], { named: true }),
  'O.t.2': write(['df.strongClub', 'df.strong2c'], { named: true }),
  'O.c.3': tick('co.nmf'),
  'O.c.4': tick('co.twoWayNmf'),
  'O.c.5': tick('co.xyz'),
  'O.c.6': tick('co.fsf.oneRound'),
  'O.c.7': tick('co.fsf.gf'),
  'O.t.8': write(['co.nmf', 'co.twoWayNmf', 'co.xyz', 'co.fsf', 'co.checkback'], { named: true, played: ['co.checkback'] }),
  'O.t.9': { ...write(['co.wolff', 'co.reverse', 'co.afterReverse', 'co.fastArrival', 'co.serious3nt'], { named: true }), other: ['co'] },
};

/** A card of a lead grid: the option that leads it and the glyph's box, measured on the form (`pdftotext -bbox`, points). */
const card = (option: string, x: number, y: number, width = 3.9): LeadMark => ({ option, x, y, width, height: 10.6 });

/** Rows of the grids, bottom of each glyph box (points): small cards, H-holdings, AK, honour sequences, interior sequences. */
const SUITS_ROW = { small: 87.8, honor: 77.9, ak: 44.1, sequence: 33, interior: 11.1 } as const;
const NT_ROW = { small: 87.2, honor: 77.9, ak: 44.1, sequence: 33, interior: 11.1 } as const;

/**
 * The 2022 card's lead grids ("CIRCLE CARD LED (if not bold)"), which have no fields: for each
 * catalogue lead option, the card it leads where the grid prints its holding (docs/official-cards.md
 * §2). Versus suits the grid prints xx, xxx, xxxx, xxxxx, Hxx, Hxxx, Hxxxx, AKx(+), KQx, QJx, JTx,
 * T9x and the interior sequences KJTx, KT9x, QT9x; versus notrump xx … Hxxxx, AKxx(+), KQJx, KQT9,
 * QJTx, JT9x and AQJx, AJTx, KT9x, QT9x. Where the printed holding differs from the catalogue's, the
 * nearest one with the same card led is marked: AKx versus notrump in AKxx(+), KQx in KQJx, QJx in
 * QJTx, J10x in JT9x. An interior-sequence option marks its card in each of the catalogue's holdings
 * the grid prints (AQJx versus notrump is not one of them): the top of the sequence, the ten or nine
 * for "zero or two higher honors", or the fourth card. Holdings the grids do not print (KQ10x versus
 * suits, 109x versus notrump, the two non-touching honours) are written on the line after "Varies".
 */
export const ACBL_2022_LEADS: readonly LeadMark[] = [
  // Versus suits: small cards.
  card('ld.xx.top', 22.9, SUITS_ROW.small),
  card('ld.xx.low', 28.75, SUITS_ROW.small),
  card('ld.xxx.top', 42.7, SUITS_ROW.small),
  card('ld.xxx.middle', 48.5, SUITS_ROW.small),
  card('ld.xxx.low', 54.3, SUITS_ROW.small),
  card('ld.xxxx.top', 69.4, SUITS_ROW.small),
  card('ld.xxxx.2nd', 75.2, SUITS_ROW.small),
  card('ld.xxxx.3rd', 81, SUITS_ROW.small),
  card('ld.xxxx.4th', 86.9, SUITS_ROW.small),
  card('ld.xxxxx.2nd', 107.7, SUITS_ROW.small),
  card('ld.xxxxx.4th', 119.4, SUITS_ROW.small),
  card('ld.xxxxx.5th', 125.2, SUITS_ROW.small),
  // Versus suits: Hxx, Hxxx, Hxxxx.
  card('ld.hxx.honor', 22.1, SUITS_ROW.honor, 5.7),
  card('ld.hxx.middle', 29.7, SUITS_ROW.honor),
  card('ld.hxx.low', 35.5, SUITS_ROW.honor),
  card('ld.hxxx.3rd', 65.5, SUITS_ROW.honor),
  card('ld.hxxx.4th', 71.4, SUITS_ROW.honor),
  card('ld.hxxxx.4th', 105.9, SUITS_ROW.honor),
  card('ld.hxxxx.5th', 111.7, SUITS_ROW.honor),
  // Versus suits: AKx(+), KQx, QJx, JTx, T9x.
  card('ld.ak.a', 21.8, SUITS_ROW.ak, 5),
  card('ld.ak.k', 27.8, SUITS_ROW.ak, 5),
  card('ld.kq.k', 21.8, SUITS_ROW.sequence, 5.1),
  card('ld.kq.q', 28.9, SUITS_ROW.sequence, 5.4),
  card('ld.qj.q', 53.8, SUITS_ROW.sequence, 5.5),
  card('ld.qj.j', 61.2, SUITS_ROW.sequence, 4.4),
  card('ld.j10.j', 83.8, SUITS_ROW.sequence, 4.5),
  card('ld.j10.10', 90.1, SUITS_ROW.sequence, 4.8),
  card('ld.109.10', 112.8, SUITS_ROW.sequence, 5),
  card('ld.109.9', 119.6, SUITS_ROW.sequence, 4.4),
  // Versus suits: interior sequences KJTx, KT9x, QT9x.
  card('ld.interior.top', 28.1, SUITS_ROW.interior, 4.5),
  card('ld.interior.top', 60.1, SUITS_ROW.interior, 5),
  card('ld.interior.top', 90.4, SUITS_ROW.interior, 5),
  card('ld.interior.zeroTwo', 35, SUITS_ROW.interior, 4.8),
  card('ld.interior.zeroTwo', 66.5, SUITS_ROW.interior, 4.4),
  card('ld.interior.zeroTwo', 96.9, SUITS_ROW.interior, 4.4),
  card('ld.interior.4th', 41.5, SUITS_ROW.interior),
  card('ld.interior.4th', 72.8, SUITS_ROW.interior),
  card('ld.interior.4th', 103.3, SUITS_ROW.interior),
  // Versus notrump: small cards.
  card('ld.xxNt.top', 166.3, NT_ROW.small),
  card('ld.xxNt.low', 172.1, NT_ROW.small),
  card('ld.xxxNt.top', 188.3, NT_ROW.small),
  card('ld.xxxNt.middle', 194.2, NT_ROW.small),
  card('ld.xxxNt.low', 200, NT_ROW.small),
  card('ld.xxxxNt.top', 215, NT_ROW.small),
  card('ld.xxxxNt.2nd', 220.9, NT_ROW.small),
  card('ld.xxxxNt.3rd', 226.7, NT_ROW.small),
  card('ld.xxxxNt.4th', 232.5, NT_ROW.small),
  card('ld.xxxxxNt.2nd', 253.3, NT_ROW.small),
  card('ld.xxxxxNt.4th', 265, NT_ROW.small),
  card('ld.xxxxxNt.5th', 270.8, NT_ROW.small),
  // Versus notrump: Hxx, Hxxx, Hxxxx (the form prints the last two as words: letters measured at their pitch).
  card('ld.hxxNt.honor', 165.5, NT_ROW.honor, 5.7),
  card('ld.hxxNt.middle', 173.1, NT_ROW.honor),
  card('ld.hxxNt.low', 179, NT_ROW.honor),
  card('ld.hxxxNt.3rd', 209, NT_ROW.honor),
  card('ld.hxxxNt.4th', 214.8, NT_ROW.honor),
  card('ld.hxxxxNt.4th', 249.3, NT_ROW.honor),
  card('ld.hxxxxNt.5th', 255.2, NT_ROW.honor),
  // Versus notrump: AKxx(+), KQJx, KQT9, QJTx, JT9x.
  card('ld.akNt.a', 164.7, NT_ROW.ak, 5),
  card('ld.akNt.k', 170.7, NT_ROW.ak, 5),
  card('ld.kqNt.k', 164.7, NT_ROW.sequence, 5.1),
  card('ld.kqNt.q', 171.7, NT_ROW.sequence, 5.4),
  card('ld.kq10Nt.k', 194.2, NT_ROW.sequence, 5.1),
  card('ld.kq10Nt.q', 200.6, NT_ROW.sequence, 5.5),
  card('ld.qjNt.q', 225.7, NT_ROW.sequence, 5.5),
  card('ld.qjNt.j', 233.1, NT_ROW.sequence, 4.4),
  card('ld.j10Nt.j', 256.7, NT_ROW.sequence, 4.5),
  card('ld.j10Nt.10', 263.6, NT_ROW.sequence, 4.8),
  // Versus notrump: interior sequences AJTx, KT9x, QT9x.
  card('ld.interiorNt.top', 200.9, NT_ROW.interior, 4.5),
  card('ld.interiorNt.top', 232, NT_ROW.interior, 5),
  card('ld.interiorNt.top', 263.4, NT_ROW.interior, 5),
  card('ld.interiorNt.zeroTwo', 207.3, NT_ROW.interior, 4.8),
  card('ld.interiorNt.zeroTwo', 238.6, NT_ROW.interior, 4.4),
  card('ld.interiorNt.zeroTwo', 270.1, NT_ROW.interior, 4.4),
  card('ld.interiorNt.4th', 213.8, NT_ROW.interior),
  card('ld.interiorNt.4th', 245, NT_ROW.interior),
  card('ld.interiorNt.4th', 276.5, NT_ROW.interior),
];

/** The 2022 card: form, page and map (docs/official-cards.md §1). */
export const ACBL_2022_CARD: OfficialCardMap = {
  id: '2022',
  title: 'ACBL Convention Card (2022)',
  page: 0,
  fields: ACBL_2022_FIELDS,
  leads: ACBL_2022_LEADS,
  // The form is framed to the page's edge; the band between the frame and the Names line, right of "Names", is blank.
  footer: { x: 336, y: 606.6 },
};
