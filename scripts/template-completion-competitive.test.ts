/**
 * "Complete the systems": the continuations, defenses, carding and lead agreements added to the
 * catalogue (advancing our defense to 1NT, the first discard versus notrump, ...), one test per added point, reading the shipped CSV files as the server
 * loads them. Each system ticks a point only where its source plays it; the sources, and what
 * stays unticked and why, are in templates/README.md.
 */
import { ACBL_2022_CARD } from '@bpa/domain/acbl-2022-card';
import { ACBL_CLASSIC_CARD } from '@bpa/domain/acbl-classic-card';
import type { ContractDocument, Subject } from '@bpa/domain/contract';
import { fillOfficialCard } from '@bpa/domain/official-card';
import { describe, expect, it } from 'vitest';
import { SHIPPED_TEMPLATE_FILES, type System, readShippedTemplates } from './shipped-templates';
import { subjectsOf } from './template-catalogue/catalogue-model';
import { CATALOGUE } from './template-catalogue/catalogue';

const templates = readShippedTemplates();

/** The subject with this key in a shipped template. */
function subjectOf(system: System, key: string): Subject {
  const found = templates[system].categories.flatMap((c) => c.subjects).find((s) => s.key === key);
  if (!found) throw new Error(`${SHIPPED_TEMPLATE_FILES[system]}: no subject ${key}`);
  return found;
}

/** The keys of the options a template selects under a subject ([] when the subject is not selected). */
function selected(system: System, key: string): string[] {
  const found = subjectOf(system, key);
  return found.isSelected ? found.options.filter((o) => o.isSelected).map((o) => o.key ?? '') : [];
}

describe('advancing our defense to 1NT (the relays of DONT and Cappelletti)', () => {
  it('is one subject beside the defense to 1NT, with the relay, pass or correct, and advancer’s own suit', () => {
    const subject = subjectOf('blank', 'df.advance1nt');
    expect(subject.options.map((o) => o.key)).toEqual(
      ['relay', 'passOrCorrect', 'ownSuit', '2ntAsk', 'majorsChoose'].map((option) => `df.advance1nt.${option}`),
    );
  });

  it.each(['twoOverOne', 'lc'] as const)('%s, which plays DONT, relays after the double and passes or corrects after a two-suiter', (system) => {
    expect(selected(system, 'df.vs1nt')).toEqual(['df.vs1nt.dont']);
    expect(selected(system, 'df.advance1nt')).toEqual(['df.advance1nt.relay', 'df.advance1nt.passOrCorrect']);
  });

  it.each(['precision', 'msa', 'bws'] as const)('%s, which plays no artificial defense to 1NT, leaves it unticked', (system) => {
    expect(subjectOf(system, 'df.advance1nt').isSelected).toBe(false);
  });
});

describe("opener's calls after interference over our Stayman or transfer", () => {
  it('is one subject under interference over our 1NT, for a doubled transfer, a doubled Stayman and an overcall', () => {
    const subject = subjectOf('blank', 'nt.responseComp');
    expect(subject.options.map((o) => o.key)).toEqual(
      [
        'xferAccept3',
        'xferAlways',
        'xferRedouble',
        'staymanStopper',
        'staymanNormal',
        'staymanPassClubs',
        'staymanRedouble',
        'overcallDouble',
        'overcallFit4',
      ].map((option) => `nt.responseComp.${option}`),
    );
  });

  it('Modern Standard American completes a doubled transfer with 3+ trumps, passes with 2, and redoubles with the doubled suit (SAYC)', () => {
    expect(selected('msa', 'nt.responseComp')).toEqual(['nt.responseComp.xferAccept3', 'nt.responseComp.xferRedouble']);
  });

  it.each(['precision', 'twoOverOne', 'bws', 'lc'] as const)('%s, whose sources do not say, leaves it unticked', (system) => {
    expect(subjectOf(system, 'nt.responseComp').isSelected).toBe(false);
  });
});

describe("opener's calls after interference over our Jacoby 2NT or Drury", () => {
  it('is one subject of the major openings, for Jacoby 2NT and for Drury', () => {
    const subject = subjectOf('blank', 'mj.raiseComp');
    expect(subject.options.map((o) => o.key)).toEqual(
      ['j2ntDouble', 'j2ntPassMin', 'j2ntShortness', 'j2ntDoubled', 'druryDoubled', 'druryRedouble', 'druryOvercallDouble'].map(
        (option) => `mj.raiseComp.${option}`,
      ),
    );
  });

  it.each(['precision', 'msa', 'twoOverOne', 'bws', 'lc'] as const)('%s, whose sources do not say, leaves it unticked', (system) => {
    expect(subjectOf(system, 'mj.raiseComp').isSelected).toBe(false);
  });
});

describe('defense to conventional two-bids and Namyats', () => {
  it('extends "Versus their Multi 2!d" (no second subject for it) with what a double of 2!d goes on to show', () => {
    expect(subjectOf('blank', 'df.multi').options.map((o) => o.key)).toEqual(['df.multi.doubleBal', 'df.multi.laterTakeout', 'df.multi.doubleThenNt']);
    const names = templates.blank.categories.flatMap((c) => c.subjects).map((s) => s.subjectName);
    expect(names.filter((name) => /multi/i.test(name))).toEqual(['Versus their Multi 2!d']);
  });

  it.each([
    ['df.flannery', 'Versus their Flannery 2!d', ['asOver1h', 'doubleBal', '2sNatural', '2ntMinors']],
    ['df.weakTwoSuited', 'Versus their two-suited weak two (Muiderberg, 2!d for the majors)', ['takeoutMajor', 'majorsDouble', 'majorsCueMinors']],
    ['df.namyats', 'Versus their Namyats', ['doubleTakeout', 'cueTakeout', 'laterDoubleTakeout', '4ntMinors']],
  ])('has %s "%s" under Defensive Bidding', (key, name, options) => {
    const subject = subjectOf('blank', key);
    expect(subject.subjectName).toBe(name);
    expect(subject.options.map((o) => o.key)).toEqual(options.map((option) => `${key}.${option}`));
    expect(templates.blank.categories.find((c) => c.subjects.includes(subject))?.key).toBe('df');
  });

  it.each(['precision', 'msa', 'twoOverOne', 'bws', 'lc'] as const)('%s, whose sources give no defense to these openings, leaves them unticked', (system) => {
    for (const key of ['df.multi', 'df.flannery', 'df.weakTwoSuited', 'df.namyats']) expect(subjectOf(system, key).isSelected, key).toBe(false);
  });
});

describe("opener's rebid after an inverted minor raise", () => {
  it('is one subject of the minor openings, with the minimum rebids, 3NT, the stopper-showing new suit and how far the raise forces', () => {
    expect(subjectOf('blank', 'mn.invertedRebid').options.map((o) => o.key)).toEqual(
      ['2ntMin', '3mMin', '3nt1819', 'newSuitStopper', 'newSuitNatural', 'nfBelowGame'].map((option) => `mn.invertedRebid.${option}`),
    );
  });

  it('LC Standard may stop in 2NT or 3 of the minor, and any other rebid forces to game (LC Standard -- Minor Openings)', () => {
    expect(selected('lc', 'mn.inverted')).toContain('mn.inverted.forcing1');
    expect(selected('lc', 'mn.invertedRebid')).toEqual(['mn.invertedRebid.nfBelowGame']);
  });

  it('Bridge World Standard rebids 2NT with a balanced minimum, 3 of the minor with an unbalanced one and 3NT with 18-19', () => {
    expect(selected('bws', 'mn.invertedRebid')).toEqual(['mn.invertedRebid.2ntMin', 'mn.invertedRebid.3mMin', 'mn.invertedRebid.3nt1819']);
  });

  it('Basic 2 over 1, whose sources give no continuations, leaves it unticked', () => {
    expect(selected('twoOverOne', 'mn.inverted')).toContain('mn.inverted.forcing1');
    expect(subjectOf('twoOverOne', 'mn.invertedRebid').isSelected).toBe(false);
  });

  it('without inverted minors, Modern Standard American records 1m-2NT and 1m-3m in the existing subjects, not in a second home', () => {
    expect(subjectOf('msa', 'mn.inverted').isSelected).toBe(false);
    expect(subjectOf('msa', 'mn.invertedRebid').isSelected).toBe(false);
    expect(selected('msa', 'mn.2nt')).toEqual(['mn.2nt.forcing', 'mn.2nt.13-15']);
    expect(selected('msa', 'mn.jumpRaise')).toEqual(['mn.jumpRaise.inv']);
  });
});

describe('replies to the 2NT ask over a weak two: Ogust in both step orders, and the feature ask', () => {
  it('offers both Ogust step orders as replies to the 2NT ask, excluding each other and the feature replies', () => {
    const replies = subjectOf('blank', 'tw.2ntReplies').options;
    expect(replies.map((o) => o.key)).toEqual(['minRebid', 'featureMax', '3ntSolid', 'ogust', 'ogustRedSwapped'].map((option) => `tw.2ntReplies.${option}`));
    expect(replies.find((o) => o.key === 'tw.2ntReplies.ogust')?.optionName).toContain('3!c bad hand, bad suit; 3!d bad hand, good suit');
    expect(replies.find((o) => o.key === 'tw.2ntReplies.ogustRedSwapped')?.optionName).toContain('3!d good hand, bad suit; 3!h bad hand, good suit');
    const groups = CATALOGUE.flatMap(subjectsOf).find((s) => s.key === 'tw.2ntReplies')?.exclusiveGroups ?? [];
    const excludes = (a: string, b: string) => groups.some((group) => group.includes(a) && group.includes(b));
    expect([excludes('ogust', 'ogustRedSwapped'), excludes('ogust', 'minRebid'), excludes('ogustRedSwapped', 'featureMax')]).toEqual([true, true, true]);
    expect(excludes('minRebid', 'featureMax')).toBe(false);
  });

  it('Basic 2 over 1 plays Ogust, whose step order its sources do not give: the order stays unticked', () => {
    expect(selected('twoOverOne', 'tw.2ntResp')).toContain('tw.2ntResp.ogust');
    expect(selected('twoOverOne', 'tw.2ntReplies')).toEqual([]);
  });

  it('Bridge World Standard answers its feature ask: a minimum rebids the suit, a maximum shows a feature', () => {
    expect(selected('bws', 'tw.2ntResp')).toContain('tw.2ntResp.feature');
    expect(selected('bws', 'tw.2ntReplies')).toEqual(['tw.2ntReplies.minRebid', 'tw.2ntReplies.featureMax']);
  });

  it.each(['msa', 'lc'] as const)('%s keeps its feature replies', (system) => {
    expect(selected(system, 'tw.2ntReplies')).toEqual(['tw.2ntReplies.minRebid', 'tw.2ntReplies.featureMax']);
  });
});

describe('the first discard versus suits and versus notrump (the ACBL classic card asks for both)', () => {
  it('splits the first discard as the lead grids were split: the row versus suits keeps its key, the row versus notrump adds Nt', () => {
    const suits = subjectOf('blank', 'sg.firstDiscard');
    const notrump = subjectOf('blank', 'sg.firstDiscardNt');
    expect([suits.subjectName, notrump.subjectName]).toEqual(['First discard versus suits', 'First discard versus notrump']);
    expect(notrump.options.map((o) => o.key)).toEqual(suits.options.map((o) => `sg.firstDiscardNt.${(o.key ?? '').split('.').at(-1)}`));
    expect(notrump.bold).toBe(true);
  });

  it.each([
    ['precision', 'standard'],
    ['msa', 'standard'],
    ['twoOverOne', 'standard'],
    ['bws', 'standard'],
    ['lc', 'oddEven'],
  ] as const)('%s discards the same way versus suits and versus notrump (%s), as its source gives one method for both', (system, method) => {
    expect(selected(system, 'sg.firstDiscard')).toEqual([`sg.firstDiscard.${method}`]);
    expect(selected(system, 'sg.firstDiscardNt')).toEqual([`sg.firstDiscardNt.${method}`]);
  });

  /** LC Standard with its discards versus notrump changed to Lavinthal. */
  const lavinthalVersusNt = (): ContractDocument => {
    const categories = structuredClone(templates.lc.categories);
    const notrump = categories.flatMap((c) => c.subjects).find((s) => s.key === 'sg.firstDiscardNt')!;
    for (const option of notrump.options) option.isSelected = option.key === 'sg.firstDiscardNt.lavinthal';
    return { contractName: 'LC', categories, playerNames: ['Ann', 'Bob'] } as unknown as ContractDocument;
  };

  it('ticks each column of the classic card from its own row', () => {
    const filled = fillOfficialCard(lavinthalVersusNt(), ACBL_CLASSIC_CARD);
    expect(['odd/even vs Suits', 'odd/even vs NT', 'Lavinthal vs Suits', 'Lavinthal vs NT'].map((field) => filled.fields.has(field))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('keeps the classic card’s versus-notrump boxes of an agreement made before the split (the method versus suits for both)', () => {
    const categories = structuredClone(templates.lc.categories).map((category) => ({
      ...category,
      subjects: category.subjects.filter((subject) => subject.key !== 'sg.firstDiscardNt'),
    }));
    const before = fillOfficialCard({ contractName: 'LC', categories, playerNames: ['Ann', 'Bob'] } as unknown as ContractDocument, ACBL_CLASSIC_CARD);
    expect(['odd/even vs Suits', 'odd/even vs NT', 'Lavinthal vs NT'].map((field) => before.fields.has(field))).toEqual([true, true, false]);
  });

  it('on the 2022 card (one row) ticks the discards versus suits and writes those versus notrump only where they differ', () => {
    const differing = fillOfficialCard(lavinthalVersusNt(), ACBL_2022_CARD);
    expect([differing.fields.has('SI.c.12'), differing.fields.has('SI.c.11')]).toEqual([true, false]);
    expect(differing.fields.get('SI.t.14')).toMatchObject({ kind: 'text', text: 'vs NT: Lavinthal' });
    const same = fillOfficialCard(
      { contractName: 'LC', categories: templates.lc.categories, playerNames: ['Ann', 'Bob'] } as unknown as ContractDocument,
      ACBL_2022_CARD,
    );
    expect(same.fields.has('SI.t.14')).toBe(false);
    expect([...same.supplement.values()].flatMap((section) => section.entries.map((entry) => entry.key))).not.toContain('sg.firstDiscardNt');
  });
});

describe('signals at trick one and on later tricks', () => {
  it('is one subject of the carding: attitude then count, count when dummy holds the honors, and the signal when dummy wins trick one', () => {
    expect(subjectOf('blank', 'sg.byTrick').options.map((o) => o.key)).toEqual(
      ['attThenCount', 'countDummyHonors', 'dummyWinsSuitPref', 'dummyWinsCount', 'dummyWinsAttitude'].map((option) => `sg.byTrick.${option}`),
    );
    const groups = CATALOGUE.flatMap(subjectsOf).find((s) => s.key === 'sg.byTrick')?.exclusiveGroups;
    expect(groups).toEqual([['dummyWinsSuitPref', 'dummyWinsCount', 'dummyWinsAttitude']]);
  });

  it('keeps the Smith echo and the suit-preference signal at trick one in their own subjects', () => {
    expect(subjectOf('blank', 'sg.smith').options.map((o) => o.key)).toEqual(['sg.smith.nt', 'sg.smith.suits', 'sg.smith.reverse']);
    expect(subjectOf('blank', 'sg.suitPref').options.map((o) => o.key)).toContain('sg.suitPref.dummySingleton');
  });

  it.each(['precision', 'msa', 'twoOverOne', 'bws', 'lc'] as const)('%s, whose sources do not say, leaves it unticked', (system) => {
    expect(subjectOf(system, 'sg.byTrick').isSelected).toBe(false);
  });
});

describe('the lead from a doubleton honor, versus suits and versus notrump', () => {
  it('splits the doubleton honor as the grids are split: the row versus suits keeps ld.hx, the row versus notrump is ld.hxNt', () => {
    expect(subjectOf('blank', 'ld.hx').subjectName).toBe('Lead from a doubleton honor (Kx, Qx, Jx) versus suits');
    const notrump = subjectOf('blank', 'ld.hxNt');
    expect(notrump.subjectName).toBe('Lead from a doubleton honor (Kx, Qx, Jx) versus notrump');
    expect(notrump.options.map((o) => o.key)).toEqual(['ld.hxNt.honor', 'ld.hxNt.avoid']);
  });

  it.each(['precision', 'msa', 'twoOverOne', 'bws', 'lc'] as const)('%s, whose sources do not give the holding, leaves both rows unticked', (system) => {
    expect([subjectOf(system, 'ld.hx').isSelected, subjectOf(system, 'ld.hxNt').isSelected]).toEqual([false, false]);
  });
});

describe("leading partner's suit from three small", () => {
  it('offers top, low and middle (MUD) from three small, excluding each other, beside the top of a doubleton and the card from three to an honor', () => {
    expect(subjectOf('blank', 'ld.partnerSuit').options.map((o) => o.key)).toEqual(
      ['topDoubleton', 'lowFromHxx', 'honorFromHxx', 'topOfSmall', 'lowFromSmall', 'middleFromSmall'].map((option) => `ld.partnerSuit.${option}`),
    );
    const groups = CATALOGUE.flatMap(subjectsOf).find((s) => s.key === 'ld.partnerSuit')?.exclusiveGroups;
    expect(groups).toEqual([['topOfSmall', 'lowFromSmall', 'middleFromSmall']]);
  });

  it.each(['msa', 'twoOverOne', 'lc'] as const)('%s keeps the standard leads in partner’s suit and ticks no card from three small', (system) => {
    expect(selected(system, 'ld.partnerSuit')).toEqual(['ld.partnerSuit.topDoubleton', 'ld.partnerSuit.lowFromHxx']);
  });

  it.each(['precision', 'bws'] as const)('%s, whose sources do not say, ticks no card from three small', (system) => {
    const ticked = selected(system, 'ld.partnerSuit');
    for (const option of ['topOfSmall', 'lowFromSmall', 'middleFromSmall']) expect(ticked).not.toContain(`ld.partnerSuit.${option}`);
  });
});

describe('default rules for undiscussed calls', () => {
  it('is one subject of General Approach, under "Undiscussed auctions"', () => {
    const subject = subjectOf('blank', 'ga.defaults');
    expect(subject.subjectName).toBe('Default rules for undiscussed calls');
    expect(subject.options.map((o) => o.key)).toEqual(['natural', 'newSuitForcing', 'forcingPass', 'competitiveNF'].map((option) => `ga.defaults.${option}`));
    const heading = CATALOGUE.find((c) => c.key === 'ga')?.subcategories.find((h) => h.subjects.some((s) => s.key === 'ga.defaults'))?.heading;
    expect(heading).toBe('Undiscussed auctions');
  });

  it('keeps the defaults of one topic in that topic: the double of an artificial bid, 4NT with a suit agreed, competitive 4NT, forcing 5NT', () => {
    expect(subjectOf('blank', 'db.leadDirecting').options.map((o) => o.key)).toContain('db.leadDirecting.artificial');
    expect(subjectOf('blank', 'sl.rkcb').options.map((o) => o.key)).toEqual(['sl.rkcb.1430', 'sl.rkcb.3014', 'sl.rkcb.lastSuit', 'sl.rkcb.agreedSuit']);
    expect(subjectOf('blank', 'sl.4ntComp').options.map((o) => o.key)).toContain('sl.4ntComp.bwsOrder');
    expect(subjectOf('blank', 'sl.5nt').options.map((o) => o.key)).toContain('sl.5nt.bwsOrder');
    const names = templates.blank.categories.flatMap((c) => c.subjects).flatMap((s) => s.options.map((o) => o.optionName));
    expect(names.filter((name) => /lead-directing/i.test(name) && /artificial/i.test(name))).toEqual([]);
  });

  it('Bridge World Standard takes an undiscussed call that could be natural as natural (BWS 2001 polls, question 102)', () => {
    expect(selected('bws', 'ga.defaults')).toEqual(['ga.defaults.natural']);
  });

  it.each(['precision', 'msa', 'twoOverOne', 'lc'] as const)('%s, whose sources state no default rules, leaves them unticked', (system) => {
    expect(subjectOf(system, 'ga.defaults').isSelected).toBe(false);
    expect(selected(system, 'sl.rkcb')).not.toContain('sl.rkcb.agreedSuit');
  });
});

describe('style by hand type, seat and vulnerability', () => {
  const groupsOf = (key: string) => CATALOGUE.flatMap(subjectsOf).find((s) => s.key === key)?.exclusiveGroups;

  it('records how light a balanced hand opens beside the Rule of 20 and the point counts, the two balanced options excluding each other', () => {
    expect(subjectOf('blank', 'ga.minOpen').options.map((o) => o.key)).toEqual(
      ['rule20', 'rule22', '11', '12', 'sound', 'balanced12', 'balancedGood11'].map((option) => `ga.minOpen.${option}`),
    );
    expect(groupsOf('ga.minOpen')).toEqual([
      ['rule20', 'rule22', '11', '12', 'sound'],
      ['balanced12', 'balancedGood11'],
    ]);
  });

  it('adds overcalls sounder when vulnerable or lighter by a passed hand, and preempts sounder in 2nd seat, as modifiers', () => {
    expect(subjectOf('blank', 'ov.style').options.map((o) => o.key)).toEqual(expect.arrayContaining(['ov.style.vulSounder', 'ov.style.passedHandLight']));
    expect(subjectOf('blank', 'pr.style').options.map((o) => o.key)).toContain('pr.style.secondSeatSound');
    for (const [key, option] of [
      ['ov.style', 'vulSounder'],
      ['ov.style', 'passedHandLight'],
      ['pr.style', 'secondSeatSound'],
    ] as const)
      expect(groupsOf(key)?.flat()).not.toContain(option);
  });

  it('does not repeat the style subjects the catalogue already had (seats, notrump upgrades, responses, vulnerability, psychics)', () => {
    for (const key of ['ga.thirdSeat', 'ga.fourthSeat', 'nt.upgrade', 'ga.responseMin', 'ga.vulStyle', 'pr.thirdSeat', 'ga.psychics'])
      expect(subjectOf('blank', key)).toBeDefined();
    const names = templates.blank.categories.flatMap((c) => c.subjects).map((s) => s.subjectName);
    expect(names.filter((name) => /psych/i.test(name))).toEqual(['Psychic calls']);
  });

  it('Bridge World Standard overcalls sounder when vulnerable (BWS 2001, VI.A)', () => {
    expect(selected('bws', 'ov.style')).toEqual(['ov.style.vulSounder']);
  });

  it.each(['precision', 'msa', 'twoOverOne', 'lc'] as const)('%s, whose sources do not state them, ticks none of the added style options', (system) => {
    const ticked = [...selected(system, 'ga.minOpen'), ...selected(system, 'ov.style'), ...selected(system, 'pr.style'), ...selected(system, 'ga.psychics')];
    for (const key of ['ga.minOpen.balanced12', 'ga.minOpen.balancedGood11', 'ov.style.vulSounder', 'ov.style.passedHandLight', 'pr.style.secondSeatSound'])
      expect(ticked).not.toContain(key);
    expect(subjectOf(system, 'ga.psychics').isSelected).toBe(false);
  });
});
