/**
 * The ACBL-style convention card (docs/product.md §13, docs/bridge.md §1a): which catalogue items fill which
 * field of the classic card, in the card's order, and the card's content for one agreement. Every
 * item is named by its catalogue key (docs/catalogue-keys.md), never by its shown name, so a name
 * may be corrected in the catalogue, or edited in an agreement, without touching this file. Drawn
 * by the server's card renderer; the templates' tests check the mapping against the catalogue
 * (every field is a bold catalogue item, every bold catalogue item is a field) and the key audit
 * test (scripts/catalogue-keys.test.ts) that every key named here is a catalogue key of its level.
 */
import { ACBL_ALERT_ITEMS, type AlertKind, alertOf } from './alert-procedures';
import { type ContractDocument, type Subject, displayName, formatPlayerNames, isPlaceholderName } from './contract';

/**
 * One field of the card: [the subject's catalogue key, the option keys of the field's check
 * boxes], e.g. `['nt.stayman', ['nt.stayman.regular', 'nt.stayman.forcing']]` (docs/catalogue-keys.md; an
 * option key is its subject's key, a dot and a word). A field with check boxes shows them ticked
 * as the agreement selects them; a field without shows the subject's selected options written in
 * (or a tick when it has none). "Other ___" write-in lines of the card are not listed: users add
 * their own subjects for those.
 */
export type AcblCardField = readonly [subject: string, checks?: readonly string[]];

/**
 * The items of the ACBL classic convention card (docs/bridge.md §1a), in the card's order, by the
 * catalogue keys of the items that fill them (scripts/template-catalogue/catalogue.ts).
 */
export const ACBL_CARD_FIELDS: readonly AcblCardField[] = [
  ['ga.system'],
  ['ga.twoOverOne', ['ga.twoOverOne.gf', 'ga.twoOverOne.gfExceptRebid']],
  ['ga.veryLight', ['ga.veryLight.openings', 'ga.veryLight.thirdHand', 'ga.veryLight.overcalls', 'ga.veryLight.preempts']],
  ['ga.forcingOpening', ['ga.forcingOpening.1c', 'ga.forcingOpening.2c', 'ga.forcingOpening.natural2']],
  ['nt.range'],
  ['nt.range2'],
  ['nt.fiveMajor', ['nt.fiveMajor.common']],
  ['nt.systemsOn'],
  ['nt.stayman', ['nt.stayman.regular', 'nt.stayman.forcing']],
  ['nt.puppet', ['nt.puppet.2c', 'nt.puppet.3c2nt']],
  ['nt.jacoby', ['nt.jacoby.2d', 'nt.jacoby.2h', 'nt.jacoby.over2nt']],
  ['nt.2s'],
  ['nt.2nt'],
  ['nt.3c'],
  ['nt.3d'],
  ['nt.3h'],
  ['nt.3s'],
  ['nt.texas', ['nt.texas.4d4h', 'nt.texas.over2nt']],
  ['nt.smolen'],
  ['nt.lebensohl', ['nt.lebensohl.fastDenies', 'nt.lebensohl.slowDenies']],
  ['nt.double'],
  ['nt.2ntRange'],
  ['nt.2nt3s'],
  ['nt.3nt'],
  ['nt.conventional'],
  ['mj.length12', ['mj.length12.4', 'mj.length12.5']],
  ['mj.length34', ['mj.length34.4', 'mj.length34.5']],
  ['mj.jumpRaise', ['mj.jumpRaise.force', 'mj.jumpRaise.inv', 'mj.jumpRaise.weak']],
  ['mj.jumpRaiseComp', ['mj.jumpRaiseComp.force', 'mj.jumpRaiseComp.inv', 'mj.jumpRaiseComp.weak']],
  ['mj.jacoby2nt'],
  ['mj.3nt', ['mj.3nt.convRaise']],
  ['mj.splinters'],
  ['mj.1nt', ['mj.1nt.forcing', 'mj.1nt.semi']],
  ['mj.2nt', ['mj.2nt.forcing', 'mj.2nt.inv']],
  ['mj.drury', ['mj.drury.reverse', 'mj.drury.twoWay', 'mj.drury.fit']],
  ['mn.1cLength', ['mn.1cLength.5', 'mn.1cLength.4', 'mn.1cLength.3', 'mn.1cLength.short', 'mn.1cLength.conv']],
  ['mn.1dLength', ['mn.1dLength.5', 'mn.1dLength.4', 'mn.1dLength.3', 'mn.1dLength.short', 'mn.1dLength.conv']],
  ['mn.jumpRaise', ['mn.jumpRaise.force', 'mn.jumpRaise.inv', 'mn.jumpRaise.weak']],
  ['mn.jumpRaiseComp', ['mn.jumpRaiseComp.force', 'mn.jumpRaiseComp.inv', 'mn.jumpRaiseComp.weak']],
  ['mn.forcingRaise', ['mn.forcingRaise.jumpShift', 'mn.forcingRaise.single']],
  ['mn.bypass'],
  ['mn.1nt1c'],
  ['mn.2nt', ['mn.2nt.forcing', 'mn.2nt.inv']],
  ['mn.3nt'],
  ['tw.2c', ['tw.2c.veryStrong', 'tw.2c.other']],
  ['tw.2cResp2d', ['tw.2cResp2d.negative', 'tw.2cResp2d.waiting']],
  ['tw.2d', ['tw.2d.weak', 'tw.2d.intermediate', 'tw.2d.strong', 'tw.2d.conv']],
  ['tw.2h', ['tw.2h.weak', 'tw.2h.intermediate', 'tw.2h.strong', 'tw.2h.conv']],
  ['tw.2s', ['tw.2s.weak', 'tw.2s.intermediate', 'tw.2s.strong', 'tw.2s.conv']],
  ['tw.2ntResp', ['tw.2ntResp.forcing']],
  ['tw.newSuit', ['tw.newSuit.nf']],
  ['pr.style', ['pr.style.sound', 'pr.style.light', 'pr.style.veryLight']],
  ['pr.responses'],
  ['co.nmf'],
  ['co.twoWayNmf'],
  ['co.wjs', ['co.wjs.inComp', 'co.wjs.notInComp']],
  ['co.fsf', ['co.fsf.oneRound', 'co.fsf.gf']],
  ['sl.gerber'],
  ['sl.blackwood'],
  ['sl.rkcb', ['sl.rkcb.1430']],
  ['sl.interference', ['sl.interference.dopi', 'sl.interference.depo', 'sl.interference.ropi', 'sl.interference.level']],
  ['ov.1level'],
  ['ov.style', ['ov.style.often4', 'ov.style.veryLight']],
  ['ov.newSuit', ['ov.newSuit.forcing', 'ov.newSuit.nfConst', 'ov.newSuit.nf']],
  ['ov.jumpRaise', ['ov.jumpRaise.force', 'ov.jumpRaise.inv', 'ov.jumpRaise.weak']],
  ['ov.jump', ['ov.jump.strong', 'ov.jump.intermediate', 'ov.jump.weak']],
  ['ov.1ntDirect', ['ov.1ntDirect.systemsOn', 'ov.1ntDirect.conv']],
  ['ov.1ntBalance', ['ov.1ntBalance.conv']],
  ['ov.unusual2nt', ['ov.unusual2nt.minors', 'ov.unusual2nt.twoLowest']],
  ['ov.cueMinor', ['ov.cueMinor.natural', 'ov.cueMinor.strongTO', 'ov.cueMinor.michaels', 'ov.cueMinor.artificial']],
  ['ov.cueMajor', ['ov.cueMajor.natural', 'ov.cueMajor.strongTO', 'ov.cueMajor.michaels', 'ov.cueMajor.artificial']],
  ['ov.michaels'],
  ['db.penaltyAfterOvercall'],
  ['db.negative'],
  ['db.responsive'],
  ['db.maximal'],
  ['db.support', ['db.support.redouble']],
  ['db.cardShowing'],
  ['db.minOffshape'],
  ['db.newSuitOverDouble', ['db.newSuitOverDouble.1level', 'db.newSuitOverDouble.2level']],
  ['db.jumpShiftOverDouble', ['db.jumpShiftOverDouble.force', 'db.jumpShiftOverDouble.inv', 'db.jumpShiftOverDouble.weak']],
  ['db.redouble', ['db.redouble.noFit']],
  [
    'db.2ntOverDouble',
    [
      'db.2ntOverDouble.majorLimitPlus',
      'db.2ntOverDouble.majorLimit',
      'db.2ntOverDouble.majorWeak',
      'db.2ntOverDouble.minorLimitPlus',
      'db.2ntOverDouble.minorLimit',
      'db.2ntOverDouble.minorWeak',
    ],
  ],
  ['df.vsWeak'],
  ['df.double'],
  ['df.2c'],
  ['df.2d'],
  ['df.2h'],
  ['df.2s'],
  ['df.preemptDouble', ['df.preemptDouble.3s', 'df.preemptDouble.4h', 'df.preemptDouble.4s', 'df.preemptDouble.penalty']],
  ['df.convTakeout'],
  ['df.lebensohl'],
  ['ld.lengthSuits', ['ld.lengthSuits.4th', 'ld.lengthSuits.3rd5th']],
  ['ld.lengthNt', ['ld.lengthNt.4th', 'ld.lengthNt.3rd5th', 'ld.lengthNt.attitude']],
  ['ld.ak'],
  ['ld.akNt'],
  ['ld.kq'],
  ['ld.kqNt'],
  ['ld.qj'],
  ['ld.qjNt'],
  ['ld.j10'],
  ['ld.j10Nt'],
  ['ld.109'],
  ['ld.109Nt'],
  ['ld.kq10'],
  ['ld.kq10Nt'],
  ['ld.interior'],
  ['ld.interiorNt'],
  ['ld.xx'],
  ['ld.xxNt'],
  ['ld.xxx'],
  ['ld.xxxNt'],
  ['ld.xxxx'],
  ['ld.xxxxNt'],
  ['ld.xxxxx'],
  ['ld.xxxxxNt'],
  ['ld.hxx'],
  ['ld.hxxNt'],
  ['ld.hxxx'],
  ['ld.hxxxNt'],
  ['ld.hxxxx'],
  ['ld.hxxxxNt'],
  ['ld.hhx'],
  ['ld.hhxNt'],
  ['sg.primaryLead', ['sg.primaryLead.attitude', 'sg.primaryLead.count', 'sg.primaryLead.suitPref']],
  ['sg.standard', ['sg.standard.suits', 'sg.standard.nt', 'sg.standard.except']],
  ['sg.upsideDown', ['sg.upsideDown.countSuits', 'sg.upsideDown.countNt', 'sg.upsideDown.attSuits', 'sg.upsideDown.attNt']],
  ['sg.firstDiscard', ['sg.firstDiscard.lavinthal', 'sg.firstDiscard.oddEven']],
  ['sg.smith'],
  ['sg.trump'],
  ['sg.foster'],
  ['sg.special'],
];

/**
 * The Alert procedures' flags (docs/bridge.md §1c) now live in alert-procedures.ts; re-exported
 * here for this file's callers.
 */
export { ACBL_ALERT_ITEMS, type AlertKind, alertOf };

/**
 * A section of the card: its title, the side of the card, the catalogue keys of the categories it
 * shows and, when a category is split between sections, the keys of its subjects there.
 */
export interface AcblCardSection {
  title: string;
  page: 0 | 1;
  categories: readonly string[];
  subjects?: readonly string[];
}

const SPECIAL_DOUBLES = ['db.penaltyAfterOvercall', 'db.negative', 'db.responsive', 'db.maximal', 'db.support', 'db.cardShowing', 'db.minOffshape'];
const NOTRUMP_OVERCALLS = ['ov.1ntDirect', 'ov.1ntBalance', 'ov.unusual2nt'];
const SIMPLE_OVERCALLS = ['ov.1level', 'ov.style', 'ov.newSuit', 'ov.jumpRaise'];
const OVER_TAKEOUT_DOUBLE = ['db.newSuitOverDouble', 'db.jumpShiftOverDouble', 'db.redouble', 'db.2ntOverDouble'];
const DIRECT_CUEBID = ['ov.cueMinor', 'ov.cueMajor', 'ov.michaels'];
const VS_PREEMPTS = ['df.preemptDouble', 'df.convTakeout', 'df.lebensohl'];
const VS_NOTRUMP = ['df.vsWeak', 'df.double', 'df.2c', 'df.2d', 'df.2h', 'df.2s'];

/**
 * The sections in the classic card's order (docs/bridge.md §1a): the front holds the names, the
 * general approach, the openings, other conventional calls, special doubles and notrump overcalls;
 * the back the defensive and competitive bidding, jump overcalls, preempts, direct cuebids, the
 * defence against preempts and notrump, slam conventions, leads and carding.
 */
export const ACBL_CARD_SECTIONS: readonly AcblCardSection[] = [
  { title: 'General Approach', page: 0, categories: ['ga'] },
  { title: 'Notrump Opening Bids', page: 0, categories: ['nt'] },
  { title: 'Major Opening', page: 0, categories: ['mj'] },
  { title: 'Minor Opening', page: 0, categories: ['mn'] },
  { title: '2-Level Openings', page: 0, categories: ['tw'] },
  { title: 'Other Conventional Calls', page: 0, categories: ['co'] },
  { title: 'Special Doubles', page: 0, categories: ['db'], subjects: SPECIAL_DOUBLES },
  { title: 'Notrump Overcalls', page: 0, categories: ['ov'], subjects: NOTRUMP_OVERCALLS },
  { title: 'Defensive and Competitive Bidding', page: 1, categories: ['ov'], subjects: SIMPLE_OVERCALLS },
  { title: 'Over Opponents’ Takeout Double', page: 1, categories: ['db'], subjects: OVER_TAKEOUT_DOUBLE },
  { title: 'Jump Overcall', page: 1, categories: ['ov'], subjects: ['ov.jump'] },
  { title: 'Opening Preempts', page: 1, categories: ['pr'] },
  { title: 'Direct Cuebid', page: 1, categories: ['ov'], subjects: DIRECT_CUEBID },
  { title: 'Vs Opening Preempts', page: 1, categories: ['df'], subjects: VS_PREEMPTS },
  { title: 'Defense vs Notrump', page: 1, categories: ['df'], subjects: VS_NOTRUMP },
  { title: 'Slam Conventions', page: 1, categories: ['sl'] },
  { title: 'Leads', page: 1, categories: ['ld'] },
  { title: 'Defensive Carding', page: 1, categories: ['sg'] },
];

/**
 * True when the card's field of subject key `subjectKey` (e.g. `ov.michaels`) belongs in
 * `section`: its category's key (the key's first word, docs/catalogue-keys.md) is one of the
 * section's, and the section lists the subject or lists no subjects.
 */
export function isInSection(section: AcblCardSection, subjectKey: string): boolean {
  const categoryKey = subjectKey.split('.')[0] ?? '';
  return section.categories.includes(categoryKey) && (section.subjects === undefined || section.subjects.includes(subjectKey));
}

/** One check box of a filled field. */
export interface AcblCheck {
  /** The option's name as the agreement shows it (an edited name replaces the original). */
  label: string;
  isChecked: boolean;
  alert?: AlertKind;
}

/** A field as printed: its label, its check boxes, and what is written in. */
export interface FilledAcblField {
  /** The subject's name as the agreement shows it (an edited name replaces the original). */
  label: string;
  /** Whether the agreement plays the subject at all. */
  isPlayed: boolean;
  checks: AcblCheck[];
  /** The selected options that are not check boxes, joined with "; " ('' for none). */
  writeIn: string;
  /** Blue (announce) or red (alert) on the card, when the ACBL's procedures say so. */
  alert?: AlertKind;
}

/** The card for one agreement: the names line and the sections with their fields. */
export interface FilledAcblCard {
  names: string;
  sections: { title: string; page: 0 | 1; fields: FilledAcblField[] }[];
}

/** The agreement's subjects by catalogue key (the first of each key; subjects without a key are left out). */
function subjectsByKey(document: ContractDocument): Map<string, Subject> {
  const subjects = new Map<string, Subject>();
  for (const category of document.categories)
    for (const subject of category.subjects) if (subject.key !== undefined && !subjects.has(subject.key)) subjects.set(subject.key, subject);
  return subjects;
}

/**
 * Fills the card from an agreement: every field of ACBL_CARD_FIELDS, in the sections' order. The
 * agreement's items are found by catalogue key only (`subject.key`, `option.key`;
 * docs/catalogue-keys.md), never by name: a field whose subject the agreement does not hold under
 * that key (deleted, or an item without a key) is left off the card, and so is a check box whose
 * option the subject does not hold. Check boxes follow the options' ticks; the subject's other
 * selected options (user-added ones, which have no key, too) are written in; a subject the
 * agreement does not play has nothing ticked or written in.
 *
 * @param document the agreement (names and categories; colour markup is kept in the texts)
 * @returns the names line and every section of ACBL_CARD_SECTIONS, in order, with its fields.
 */
export function fillAcblCard(document: ContractDocument): FilledAcblCard {
  const subjects = subjectsByKey(document);
  const sections = ACBL_CARD_SECTIONS.map((section) => ({
    title: section.title,
    page: section.page,
    fields: ACBL_CARD_FIELDS.filter(([subjectKey]) => isInSection(section, subjectKey)).flatMap(([subjectKey, checkKeys = []]): FilledAcblField[] => {
      const subject = subjects.get(subjectKey);
      if (!subject) return [];
      const options = subject.options.filter((option) => !isPlaceholderName(option.optionName));
      const alert = alertOf(subjectKey);
      return [
        {
          label: displayName(subject),
          isPlayed: subject.isSelected,
          ...(alert ? { alert } : {}),
          checks: checkKeys.flatMap((checkKey): AcblCheck[] => {
            const option = options.find((candidate) => candidate.key === checkKey);
            if (!option) return [];
            const checkAlert = alertOf(checkKey);
            return [{ label: displayName(option), isChecked: subject.isSelected && option.isSelected, ...(checkAlert ? { alert: checkAlert } : {}) }];
          }),
          writeIn: subject.isSelected
            ? options
                .filter((option) => option.isSelected && !(option.key !== undefined && checkKeys.includes(option.key)))
                .map((option) => displayName(option))
                .join('; ')
            : '',
        },
      ];
    }),
  }));
  return { names: formatPlayerNames(document.playerNames), sections };
}
