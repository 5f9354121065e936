/**
 * The template corrections of a teacher's review (docs/bridge.md §6), one test per corrected agreement. Each reads the shipped
 * CSV files (as the server loads them) so that a regression in the catalogue, a selection or the
 * generated files fails here. Sources for every choice: templates/README.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Subject } from '@bpa/domain/contract';
import { describe, expect, it } from 'vitest';
import { SHIPPED_TEMPLATE_FILES, type System, readShippedTemplates } from './shipped-templates';
import { subjectsOf } from './template-catalogue/catalogue-model';
import { CATALOGUE } from './template-catalogue/catalogue';
import { TEMPLATE_DEFINITIONS } from './template-catalogue/templates';
import { TEMPLATES_DIR } from './generate-templates';

const templates = readShippedTemplates();

function subjectOf(system: System, categoryName: string, subjectName: string): Subject {
  const found = templates[system].categories.find((c) => c.categoryName === categoryName)?.subjects.find((s) => s.subjectName === subjectName);
  if (!found) throw new Error(`${SHIPPED_TEMPLATE_FILES[system]}: no subject "${subjectName}" in "${categoryName}"`);
  return found;
}

/** The names of the options a template selects under a subject ([] when the subject is not selected). */
function selected(system: System, categoryName: string, subjectName: string): string[] {
  const found = subjectOf(system, categoryName, subjectName);
  return found.isSelected ? found.options.filter((o) => o.isSelected).map((o) => o.optionName) : [];
}

function isSelected(system: System, categoryName: string, subjectName: string): boolean {
  return subjectOf(system, categoryName, subjectName).isSelected;
}

const SYSTEMS: System[] = ['precision', 'msa', 'twoOverOne', 'bws', 'lc'];

describe('item 1: LC Standard', () => {
  const nt = (subjectName: string) => selected('lc', 'Notrump Openings', subjectName);

  it('plays lebensohl after interference over 1NT, fast denies', () => {
    expect(nt('Lebensohl after interference over 1NT')).toEqual(['Fast denies (a stopper)']);
  });

  it("expresses Cohen's scheme against interference: systems on, a double of an artificial 2!c is Stayman, other doubles", () => {
    expect(nt('Systems on after interference over 1NT')).toEqual(['Over a double', 'Over an artificial 2!c']);
    expect(nt('Double after interference over 1NT')).toEqual([
      'Of a natural overcall: negative (takeout) through 3!s',
      'Of an artificial 2!c: Stayman (stolen bid)',
      'Of another artificial overcall: values, with interest in penalizing a suit they showed',
    ]);
  });

  it('has responses to a 2NT opening: Puppet Stayman, Jacoby and Texas transfers, 3!s for the minors', () => {
    expect(nt('2NT opening range (HCP)')).toEqual(['20-21']);
    expect(nt('Puppet Stayman')).toEqual(['3!c over 2NT']);
    expect(nt('Jacoby transfers')).toContain('3!d and 3!h over 2NT');
    expect(nt('Texas transfers')).toContain('Also over 2NT');
    expect(nt('3!s response to 2NT')).toEqual(['Both minors, slam interest']);
  });

  it('has an agreement for doubles of preempts, with lebensohl after partner doubles a weak two', () => {
    expect(selected('lc', 'Defensive Bidding vs Their Openings', 'Double of their preempt')).toEqual(['Takeout through 4!h']);
    expect(isSelected('lc', 'Defensive Bidding vs Their Openings', 'Lebensohl after partner doubles their weak two')).toBe(true);
  });
});

describe('item 2: Modern Standard American', () => {
  it('after 2!c-2!d: 2NT not forcing, a suit rebid forces to 3 of a major or 4 of a minor, no second negative (SAYC)', () => {
    expect(selected('msa', 'Two-Level Openings', 'Forcing after 2!c')).toEqual([
      'After 2!c-2!d, a suit rebid forces to 3 of a major or 4 of a minor',
      '2!c-2!d-2NT: not forcing',
    ]);
    expect(selected('msa', 'Two-Level Openings', 'Second negative after 2!c-2!d')).toEqual(['None']);
  });
});

describe('item 3: Bridge World Standard', () => {
  it('plays lebensohl over interference with 1NT and after doubling a weak two', () => {
    expect(selected('bws', 'Notrump Openings', 'Lebensohl after interference over 1NT')).toEqual(['Fast denies (a stopper)']);
    expect(isSelected('bws', 'Defensive Bidding vs Their Openings', 'Lebensohl after partner doubles their weak two')).toBe(true);
  });

  it('plays Drury (Reverse Drury)', () => {
    expect(selected('bws', 'Major Openings', 'Drury')).toEqual(['Reverse Drury (2!c)']);
  });

  it('answers key-card asks 1430, as the BWS summary has it (docs/bridge.md §6)', () => {
    expect(selected('bws', 'Slam Bidding', 'Roman Key Card Blackwood')).toEqual(['1430 (5!c = 1 or 4 key cards, 5!d = 3 or 0)']);
  });

  it('keeps Landy, fourth suit forcing to game (1!s as the fourth suit natural) and its double levels', () => {
    expect(selected('bws', 'Defensive Bidding vs Their Openings', 'Defense to 1NT')).toEqual(['Landy (2!c = both majors)']);
    expect(selected('bws', 'Constructive Bidding', 'Fourth suit forcing')).toEqual(['Game forcing', '1!s as the fourth suit is natural']);
    expect(selected('bws', 'Doubles and Redoubles', 'Negative doubles')).toEqual(['Through 4!s']);
    expect(selected('bws', 'Doubles and Redoubles', 'Responsive doubles')).toEqual(['Through 4!h']);
  });
});

describe('item 5: Basic Precision', () => {
  it('plays 1!h-1NT and 1!s-1NT not forcing', () => {
    expect(selected('precision', 'Major Openings', '1NT response to 1!h or 1!s')).toEqual(['Not forcing']);
  });

  it("records opener's rebids after 1!c-1!d", () => {
    expect(selected('precision', 'Minor Openings', "Opener's rebid after 1!c-1!d")).toEqual([
      '1!h, 1!s, 2!c, 2!d: natural, 5+ cards, forcing one round',
      '1NT: 16-18 balanced',
      '2NT: 19-21 balanced',
      'A jump in a suit: a good 6+ suit, game forcing',
    ]);
  });
});

describe('item 7: one home per agreement, exclusive options never ticked together', () => {
  it('no template ticks two options of a subject that the catalogue marks as excluding each other', () => {
    const subjects = new Map(CATALOGUE.flatMap(subjectsOf).map((s) => [s.key, s] as const));
    const conflicts: string[] = [];
    for (const definition of TEMPLATE_DEFINITIONS) {
      for (const [key, optionKeys] of Object.entries(definition.selection)) {
        for (const group of subjects.get(key)?.exclusiveGroups ?? []) {
          const together = optionKeys.filter((o) => group.includes(o));
          if (together.length > 1) conflicts.push(`${definition.templateName}: ${key} ${together.join(' + ')}`);
        }
      }
    }
    expect(conflicts).toEqual([]);
  });

  it('marks the alternatives of the subjects the review found ticked twice as exclusive', () => {
    const subjects = new Map(CATALOGUE.flatMap(subjectsOf).map((s) => [s.key, s] as const));
    const excludes = (key: string, a: string, b: string) => subjects.get(key)?.exclusiveGroups.some((g) => g.includes(a) && g.includes(b));
    expect(excludes('mn.1dLength', '4', '4except4432')).toBe(true);
    expect(excludes('nt.2ntRange', '20-22', '20-bad22')).toBe(true);
    expect(excludes('nt.range', '15-17', '12-14')).toBe(true);
    expect(excludes('mj.1nt', 'forcing', 'nf')).toBe(true);
    expect(excludes('mj.1nt', 'forcing', '6-12')).toBeFalsy();
  });

  it('gives every subject a name unique in the whole catalogue (the jump raises say which opening they raise)', () => {
    const names = CATALOGUE.flatMap(subjectsOf).map((s) => s.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(isSelected('msa', 'Major Openings', 'Jump raise of 1!h or 1!s (double raise)')).toBe(true);
    expect(isSelected('msa', 'Minor Openings', 'Jump raise of 1!c or 1!d (double raise)')).toBe(true);
  });

  it('keeps Gambling 3NT in Preempts only (the defense against it aside)', () => {
    const mentions = templates.blank.categories.flatMap((c) =>
      c.subjects
        .filter((s) => [s.subjectName, ...s.options.map((o) => o.optionName)].some((n) => /gambling/i.test(n)))
        .map((s) => `${c.categoryName} / ${s.subjectName}`),
    );
    expect(mentions.sort()).toEqual(['Defensive Bidding vs Their Openings / Versus their Gambling 3NT', 'Preempts / Gambling 3NT']);
    expect(selected('bws', 'Preempts', 'Gambling 3NT')).toEqual(['Solid 7-card minor, no outside ace or king']);
    expect(isSelected('precision', 'Preempts', 'Gambling 3NT')).toBe(true);
  });

  it('has no notrump ladder repeating the range subjects; the ranges live in their own subjects', () => {
    expect(templates.blank.categories[0]?.subjects.some((s) => /ladder/i.test(s.subjectName))).toBe(false);
    expect(selected('bws', 'Notrump Openings', '2NT opening range (HCP)')).toEqual(['20 to a bad 22']);
    expect(selected('bws', 'Two-Level Openings', '2!c then notrump (HCP)')).toEqual(['2!c-2!d-2NT: a good 22-24']);
    expect(selected('precision', 'Constructive Bidding', "Opener's 1NT rebid (HCP)")).toEqual(['11-12']);
    expect(selected('msa', 'Constructive Bidding', "Opener's 2NT jump rebid (HCP)")).toEqual(['18-19']);
  });

  it('selects "4 cards, except 3 with exactly 4=4=3=2" alone for a 1!d opening', () => {
    for (const system of ['msa', 'twoOverOne', 'bws', 'lc'] as const) {
      expect(selected(system, 'Minor Openings', '1!d: minimum length'), system).toEqual(['4 cards, except 3 with exactly 4=4=3=2']);
    }
  });

  it('keeps the weak jump raise of a minor in one place, not also under inverted minors', () => {
    expect(subjectOf('blank', 'Minor Openings', 'Inverted minors').options.map((o) => o.optionName)).not.toContain('Jump raise: weak');
    for (const system of ['twoOverOne', 'bws', 'lc'] as const) {
      expect(selected(system, 'Minor Openings', 'Jump raise of 1!c or 1!d (double raise)'), system).toEqual(['Weak']);
    }
  });

  it('records 3!c Puppet Stayman over 1NT once, as the 3!c response', () => {
    expect(subjectOf('blank', 'Notrump Openings', 'Puppet Stayman').options.map((o) => o.optionName)).toEqual(['2!c over 1NT', '3!c over 2NT']);
    expect(selected('lc', 'Notrump Openings', '3!c response to 1NT')).toEqual(['Puppet Stayman']);
  });
});

describe('item 4: leads, row by row versus suits and versus notrump', () => {
  const leadRows = templates.blank.categories
    .find((c) => c.categoryName === 'Opening Leads')!
    .subjects.filter(
      // The doubleton honor is not a row of the card's grids: one agreement for every contract.
      (s) => s.subjectName.startsWith('Lead from') && !s.subjectName.startsWith('Lead from a doubleton honor'),
    );
  const holdings = leadRows.filter((s) => s.subjectName.endsWith(' versus suits')).map((s) => s.subjectName.replace(/ versus suits$/, ''));

  it('splits every lead holding into a row versus suits and a row versus notrump, as the ACBL card has them', () => {
    expect(holdings).toHaveLength(15);
    expect(leadRows.map((s) => s.subjectName).sort()).toEqual(holdings.flatMap((h) => [`${h} versus suits`, `${h} versus notrump`]).sort());
  });

  it.each(SYSTEMS)('%s leads one card from every holding in both grids', (system) => {
    for (const holding of holdings) {
      for (const against of ['suits', 'notrump']) {
        expect(selected(system, 'Opening Leads', `${holding} versus ${against}`), `${holding} versus ${against}`).toHaveLength(1);
      }
    }
  });

  it('leads the ace from AKx in every template with standard leads, Modern Standard American included; BWS leads the king', () => {
    for (const system of ['precision', 'msa', 'twoOverOne', 'lc'] as const) {
      expect(selected(system, 'Opening Leads', 'Lead from AKx versus suits'), system).toEqual(['Ace']);
      expect(selected(system, 'Opening Leads', 'Lead from AKx versus notrump'), system).toEqual(['Ace']);
    }
    expect(selected('bws', 'Opening Leads', 'Lead from AKx versus suits')).toEqual(['King']);
  });

  it('BWS leads 3rd from even and low from odd versus suits, 4th best or 2nd highest from weak suits versus notrump', () => {
    const bws = (row: string) => selected('bws', 'Opening Leads', row);
    expect(bws('Lead from xxxx versus suits')).toEqual(['3rd best']);
    expect(bws('Lead from xxxx versus notrump')).toEqual(['2nd highest']);
    expect(bws('Lead from xxx versus suits')).toEqual(['Low']);
    expect(bws('Lead from xxx versus notrump')).toEqual(['Middle (MUD)']);
    expect(bws('Lead from Hxxx versus suits')).toEqual(['3rd best (3rd and 5th)']);
    expect(bws('Lead from Hxxx versus notrump')).toEqual(['4th best']);
    expect(bws('Lead from KQ10x versus notrump')).toEqual(['Queen']);
    expect(selected('bws', 'Opening Leads', 'Length leads versus notrump')).toEqual(['4th best', '2nd highest from 4+ small cards']);
  });

  it('Basic Precision fills its spot-card rows and AKx (Wei: 4th best, top of sequences, J/10/9 show zero or two higher)', () => {
    const bp = (row: string) => selected('precision', 'Opening Leads', row);
    expect(bp('Lead from xxxx versus suits')).toEqual(['4th best']);
    expect(bp('Lead from xx versus notrump')).toEqual(['Top']);
    expect(bp('Lead from Hxx versus suits')).toEqual(['Low']);
    expect(bp('Lead from an interior sequence (KJ10x, K109x, Q109x, AJ10x) versus notrump')).toEqual(['Jack, ten or nine: zero or two higher honors']);
  });
});

describe('item 6: the maximal double', () => {
  it('is shown where they take the space just below our suit', () => {
    const option = subjectOf('blank', 'Doubles and Redoubles', 'Maximal doubles').options[0]?.optionName;
    expect(option).toContain('1!s-(2!h)-2!s-(3!h)-double');
  });
});

describe('item 8: glosses and homes', () => {
  it.each([
    ['Defensive Bidding vs Their Openings', 'Defense to 1NT', /^Brozel \(.+\)$/],
    ['Defensive Bidding vs Their Openings', 'Defense to 1NT', /^Astro \(.+\)$/],
    ['Defensive Bidding vs Their Openings', 'Versus their strong 1!c', /^CRASH \(.+\)$/],
    ['Signals and Discards', 'Obvious shift principle', /^Played: .{40,}$/],
  ])('%s / %s has an explained option matching %s', (categoryName, subjectName, pattern) => {
    expect(subjectOf('blank', categoryName, subjectName).options.some((o) => pattern.test(o.optionName))).toBe(true);
  });

  it('keeps "Unusual vs unusual" under Defensive Bidding, not Doubles and Redoubles', () => {
    const home = templates.blank.categories.filter((c) => c.subjects.some((s) => s.options.some((o) => o.optionName.startsWith('Unusual vs unusual'))));
    expect(home.map((c) => c.categoryName)).toEqual(['Defensive Bidding vs Their Openings']);
  });
});

describe('every system template', () => {
  it.each(SYSTEMS)('%s still selects something in every category', (system) => {
    for (const c of templates[system].categories)
      expect(
        c.subjects.some((s) => s.isSelected),
        c.categoryName,
      ).toBe(true);
  });
});

// The second review (blank or wrong in the templates), one describe per item. Sources: templates/README.md.
describe('second review, item 1: Basic Precision', () => {
  it('responds to a 2NT opening with 3!c Stayman and 3!d/3!h transfers', () => {
    expect(selected('precision', 'Notrump Openings', 'Stayman')).toContain('3!c Stayman over 2NT');
    expect(selected('precision', 'Notrump Openings', 'Jacoby transfers')).toContain('3!d and 3!h over 2NT');
  });

  it('plays Gerber directly over notrump openings and 5NT asking for the number of kings', () => {
    expect(selected('precision', 'Slam Bidding', 'Gerber')).toEqual(['Directly over 1NT and 2NT openings only']);
    expect(selected('precision', 'Slam Bidding', '5NT after a key-card ask')).toEqual(['Asks for the number of kings']);
  });
});

describe('second review, item 2: Modern Standard American', () => {
  it('plays systems on over a double and, over an overcall, conventional responses off with a cuebid as Stayman (SAYC)', () => {
    expect(selected('msa', 'Notrump Openings', 'Systems on after interference over 1NT')).toEqual([
      'Over a double',
      'Over an overcall: conventional responses off, and a cuebid is Stayman',
    ]);
  });

  it('rebids 3NT after 2!c-2!d with 25-27 and plays opener’s jump shift game forcing', () => {
    expect(selected('msa', 'Two-Level Openings', '2!c then notrump (HCP)')).toContain('2!c-2!d-3NT: 25-27');
    expect(selected('msa', 'Constructive Bidding', "Opener's jump shift rebid")).toEqual(['Game forcing']);
  });

  it('super-accepts a transfer with 4 trumps and a maximum by a jump to 3 of the major', () => {
    expect(selected('msa', 'Notrump Openings', 'Super-accepts')).toEqual(['With 4 trumps and a maximum', 'By a jump to 3 of the major']);
  });

  it('does not play the Grand Slam Force, which neither the SAYC booklet nor the add-ons have', () => {
    expect(isSelected('msa', 'Slam Bidding', 'Grand Slam Force')).toBe(false);
  });
});

describe('second review, item 3: lead-directing doubles', () => {
  it('LC Standard doubles an artificial bid to ask for that suit', () => {
    expect(selected('lc', 'Doubles and Redoubles', 'Lead-directing doubles')).toEqual([
      'A double of an artificial bid (Stayman, transfer, cuebid) asks for that suit',
    ]);
  });
});

describe('second review, item 5: Bridge World Standard', () => {
  it('fills the reverse, the weak-two new suit, the advance and the new suit after their takeout double', () => {
    expect(selected('bws', 'Constructive Bidding', "Opener's reverse")).toEqual(['Forcing one round']);
    expect(selected('bws', 'Two-Level Openings', 'New suit response to a weak two')).toEqual(['Forcing one round']);
    expect(selected('bws', 'Overcalls', 'New suit by advancer')).toEqual(['Not forcing, constructive']);
    expect(selected('bws', 'Doubles and Redoubles', 'New suit after their takeout double')).toEqual(['Forcing at the 1 level']);
  });
});

describe('second review, item 6: LC Standard', () => {
  it("plays opener's reverse forcing one round, about 17+", () => {
    expect(selected('lc', 'Constructive Bidding', "Opener's reverse")).toEqual(['Forcing one round', 'About 17+ points']);
  });

  it('has a balancing 1NT of about 12-15, systems on', () => {
    expect(selected('lc', 'Overcalls', '1NT overcall, balancing (HCP)')).toEqual(['12-15', 'Systems on']);
  });
});

describe('second review, item 7: notrump overcalls of a weak two, and 2/1 major length', () => {
  it('fills the 2NT overcall of their weak two where the source gives it', () => {
    expect(selected('msa', 'Defensive Bidding vs Their Openings', '2NT overcall of their weak two (HCP)')).toEqual(['16-19']);
    expect(selected('lc', 'Defensive Bidding vs Their Openings', '2NT overcall of their weak two (HCP)')).toEqual(['15-18']);
  });

  it('General Approach agrees with the minimum major length in 3rd and 4th seat in every system', () => {
    const disagree = SYSTEMS.filter(
      (system) =>
        selected(system, 'General Approach', 'Major-suit openings').includes('Five-card majors in 1st and 2nd seat only') &&
        selected(system, 'Major Openings', 'Minimum length in 3rd and 4th seat').includes('5 cards'),
    );
    expect(disagree).toEqual([]);
  });
});

describe('second review, item 8: docs', () => {
  it('names the co-author of "25 Bridge Conventions You Should Know" as Marc Smith', () => {
    const text = readFileSync(join(TEMPLATES_DIR, '..', 'docs', 'bridge.md'), 'utf8');
    expect(text).toContain('Barbara Seagram and Marc Smith');
    expect(text).not.toContain('David Smith');
  });
});
