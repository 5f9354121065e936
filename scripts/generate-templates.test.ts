/**
 * Tests of the shipped templates (docs/product.md §D6): the files on disk are what the generator makes from
 * the catalogue and the selections; every file parses with the domain's CSV parser; all seven
 * share one catalogue; the ACBL classic card items are present and bold, the 25-conventions book
 * items italic; each system selects its defining agreements.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MasterTemplate, Subject } from '@bpa/domain/contract';
import { FREE_TRIAL_TEMPLATE_NAME, TRIAL_CATEGORY_NAMES } from '@bpa/domain/constants';
import { ACBL_CLASSIC_CARD } from '@bpa/domain/acbl-classic-card';
import { reaches } from '@bpa/domain/official-card';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { describe, expect, it } from 'vitest';
import { ACBL, category, heading, markExclusive, subject } from './template-catalogue/catalogue-model';
import { CATALOGUE } from './template-catalogue/catalogue';
import { TEMPLATES_DIR, TemplateCatalogueError, buildMasterTemplate, checkCatalogue, renderTemplateCsvs } from './generate-templates';

/** Domain-facts section 3, in order. */
const CATEGORY_NAMES = [
  'General Approach',
  'Notrump Openings',
  'Major Openings',
  'Minor Openings',
  'Two-Level Openings',
  'Preempts',
  'Constructive Bidding',
  'Slam Bidding',
  'Overcalls',
  'Doubles and Redoubles',
  'Defensive Bidding vs Their Openings',
  'Opening Leads',
  'Signals and Discards',
];

const TEMPLATE_FILES: Record<string, string> = {
  'blank.csv': 'Blank',
  'basic-precision.csv': 'Basic Precision',
  'modern-standard-american.csv': 'Modern Standard American',
  'basic-2-over-1-game-forcing.csv': 'Basic 2 over 1 Game Forcing',
  'bridge-world-standard.csv': 'Bridge World Standard',
  'lc-standard.csv': 'LC Standard',
  'free-trial-agreement.csv': FREE_TRIAL_TEMPLATE_NAME,
};

function readTemplate(fileName: string): MasterTemplate {
  return parseMasterCsv(readFileSync(join(TEMPLATES_DIR, fileName), 'utf8'));
}

const templates = Object.fromEntries(Object.keys(TEMPLATE_FILES).map((fileName) => [fileName, readTemplate(fileName)]));
const blank = templates['blank.csv'] as MasterTemplate;

function findSubject(template: MasterTemplate, categoryName: string, subjectName: string): Subject | undefined {
  return template.categories.find((c) => c.categoryName === categoryName)?.subjects.find((s) => s.subjectName === subjectName);
}

/** The shape of a template without selections: category -> heading/subject -> options and marks. */
function catalogueShape(template: MasterTemplate) {
  return template.categories.map((c) => ({
    name: c.categoryName,
    subjects: c.subjects.map((s) => ({
      heading: s.subcategoryName,
      name: s.subjectName,
      bold: s.bold,
      italics: s.italics,
      options: s.options.map((o) => [o.optionName, o.bold, o.italics]),
    })),
  }));
}

describe('generated template files', () => {
  it('are exactly what the generator makes from the catalogue and the selections (run `npm run templates` after editing them)', () => {
    const generated = renderTemplateCsvs();
    const onDisk = readdirSync(TEMPLATES_DIR)
      .filter((name) => name.endsWith('.csv'))
      .sort();
    expect(onDisk).toEqual(Object.keys(generated).sort());
    for (const [fileName, text] of Object.entries(generated)) {
      expect(readFileSync(join(TEMPLATES_DIR, fileName), 'utf8'), fileName).toBe(text);
    }
  });

  it('are the seven templates, each with its name', () => {
    expect(Object.keys(renderTemplateCsvs()).sort()).toEqual(Object.keys(TEMPLATE_FILES).sort());
    for (const [fileName, templateName] of Object.entries(TEMPLATE_FILES)) {
      expect(templates[fileName]?.templateName).toBe(templateName);
    }
  });
});

describe('the shared catalogue', () => {
  it('gives every template the 13 categories of docs/bridge.md §3, in order', () => {
    for (const [fileName, template] of Object.entries(templates)) {
      expect(
        template.categories.map((c) => c.categoryName),
        fileName,
      ).toEqual(CATEGORY_NAMES);
    }
    expect(CATEGORY_NAMES).toEqual(expect.arrayContaining([...TRIAL_CATEGORY_NAMES]));
  });

  it('gives every template the same headings, subjects, options and marks', () => {
    const expected = catalogueShape(blank);
    for (const [fileName, template] of Object.entries(templates)) expect(catalogueShape(template), fileName).toEqual(expected);
  });

  it('has no duplicate subject within a category and no duplicate option within a subject', () => {
    for (const c of blank.categories) {
      const names = c.subjects.map((s) => s.subjectName);
      expect(new Set(names).size, c.categoryName).toBe(names.length);
      for (const s of c.subjects) {
        const options = s.options.map((o) => o.optionName);
        expect(new Set(options).size, s.subjectName).toBe(options.length);
      }
    }
  });

  it('has well over 250 subjects, each with options to choose among, none locked', () => {
    const subjects = blank.categories.flatMap((c) => c.subjects);
    expect(subjects.length).toBeGreaterThan(260);
    for (const s of subjects) {
      expect(s.options.length, s.subjectName).toBeGreaterThan(0);
      expect(s.isLocked, s.subjectName).toBe(false);
    }
    for (const c of blank.categories) expect(c.subjects.length, c.categoryName).toBeGreaterThanOrEqual(10);
  });

  it('writes suits in the markup shorthand, never as symbols or letters after a level', () => {
    const names = blank.categories.flatMap((c) => [
      c.categoryName,
      ...c.subjects.flatMap((s) => [s.subjectName, s.subcategoryName, ...s.options.map((o) => o.optionName)]),
    ]);
    for (const name of names) {
      expect(name, name).not.toMatch(/[♠♥♦♣]/);
      expect(name, name).not.toMatch(/\b[1-7][CDHS]\b/);
      expect(name.length).toBeLessThanOrEqual(500);
    }
  });
});

/**
 * Conventions confirmed or probable in "25 Bridge Conventions You Should Know" (docs/bridge.md
 * section 2) and where the catalogue keeps them; nothing else may be italic.
 */
const BOOK_ITEMS: [string, string, string?][] = [
  ['Notrump Openings', 'Stayman'],
  ['Notrump Openings', 'Jacoby transfers'],
  ['Notrump Openings', 'Texas transfers'],
  ['Notrump Openings', 'Lebensohl after interference over 1NT'],
  ['Major Openings', 'Cuebid of their overcall'],
  ['Major Openings', 'Jacoby 2NT'],
  ['Major Openings', 'Splinter bids'],
  ['Major Openings', 'Drury'],
  ['Major Openings', 'Drury', 'Reverse Drury (2!c)'],
  ['Major Openings', 'Game tries after a single raise', 'Help-suit game tries'],
  ['Two-Level Openings', '2!c opening', 'Strong, artificial, forcing'],
  ['Two-Level Openings', 'Weak two-bids'],
  ['Constructive Bidding', 'New Minor Forcing'],
  ['Constructive Bidding', 'Fourth suit forcing'],
  ['Slam Bidding', 'Blackwood'],
  ['Slam Bidding', 'Roman Key Card Blackwood'],
  ['Slam Bidding', 'Gerber'],
  ['Slam Bidding', 'Control bids (cuebids)'],
  ['Slam Bidding', 'Grand Slam Force'],
  ['Overcalls', 'Cuebid raise by advancer'],
  ['Overcalls', 'Unusual 2NT (jump to 2NT)'],
  ['Overcalls', 'Michaels cuebid'],
  ['Doubles and Redoubles', 'Takeout double'],
  ['Doubles and Redoubles', 'Negative doubles'],
  ['Doubles and Redoubles', 'Responsive doubles'],
  ['Doubles and Redoubles', 'Lead-directing doubles'],
  ['Defensive Bidding vs Their Openings', 'Lebensohl after partner doubles their weak two'],
];

describe('marks', () => {
  it('marks italic exactly the conventions of the 25-conventions book', () => {
    const italic: string[] = [];
    for (const c of blank.categories) {
      for (const s of c.subjects) {
        if (s.italics) italic.push(`${c.categoryName} / ${s.subjectName}`);
        for (const o of s.options) if (o.italics) italic.push(`${c.categoryName} / ${s.subjectName} / ${o.optionName}`);
      }
    }
    const expected = BOOK_ITEMS.map(([c, s, o]) => (o ? `${c} / ${s} / ${o}` : `${c} / ${s}`));
    expect(italic.sort()).toEqual(expected.sort());
  });

  it('gives every bold catalogue item (an ACBL card item) a place on the classic card (docs/official-cards.md §2)', () => {
    const placeless: string[] = [];
    for (const c of blank.categories)
      for (const s of c.subjects) {
        if (s.bold && !(s.key !== undefined && reaches(ACBL_CLASSIC_CARD, s.key))) placeless.push(`${s.key} (${c.categoryName} / ${s.subjectName})`);
        for (const o of s.options)
          if (o.bold && !(o.key !== undefined && reaches(ACBL_CLASSIC_CARD, o.key)))
            placeless.push(`${o.key} (${c.categoryName} / ${s.subjectName} / ${o.optionName})`);
      }
    expect(placeless).toEqual([]);
  });
});

/** Each system's defining agreements: [file, category, subject, option]. */
const DEFINING_AGREEMENTS: [string, string, string, string][] = [
  ['basic-precision.csv', 'General Approach', 'Forcing opening', '1!c'],
  ['basic-precision.csv', 'Minor Openings', 'Strong 1!c opening', '16+ HCP, artificial, forcing, any shape'],
  ['basic-precision.csv', 'Minor Openings', 'Responses to a strong 1!c', '1!d: negative (0-7), any shape'],
  ['basic-precision.csv', 'Minor Openings', '1!d: minimum length', '2+ cards, catch-all (nebulous)'],
  ['basic-precision.csv', 'Notrump Openings', '1NT opening range (HCP)', '13-15'],
  ['basic-precision.csv', 'Two-Level Openings', '2!c opening', '11-15 HCP, 6+ !c, or 5 !c and a 4-card major (Precision)'],
  ['basic-precision.csv', 'Two-Level Openings', '2!d opening', 'Short !d, three-suited, 11-15 (Precision)'],
  ['basic-precision.csv', 'Slam Bidding', 'Asking bids (Precision)', 'Trump-asking bids'],
  ['modern-standard-american.csv', 'General Approach', 'Two over one (2/1)', 'Forcing one round, not game forcing'],
  ['modern-standard-american.csv', 'Notrump Openings', '1NT opening range (HCP)', '15-17'],
  ['modern-standard-american.csv', 'Notrump Openings', '2NT opening range (HCP)', '20-21'],
  ['modern-standard-american.csv', 'Notrump Openings', 'Stayman', '2!c Stayman'],
  ['modern-standard-american.csv', 'Notrump Openings', 'Jacoby transfers', '2!d transfer to !h'],
  ['modern-standard-american.csv', 'Major Openings', '1NT response to 1!h or 1!s', 'Not forcing'],
  ['modern-standard-american.csv', 'Major Openings', 'Jacoby 2NT', 'Game-forcing raise, 4+ trumps'],
  ['modern-standard-american.csv', 'Two-Level Openings', '2!c opening', 'Strong, artificial, forcing'],
  ['modern-standard-american.csv', 'Two-Level Openings', '2!d response to 2!c', 'Waiting'],
  ['modern-standard-american.csv', 'Two-Level Openings', 'Weak two-bids', 'In !d, !h and !s'],
  ['basic-2-over-1-game-forcing.csv', 'General Approach', 'Two over one (2/1)', 'Game forcing'],
  ['basic-2-over-1-game-forcing.csv', 'Notrump Openings', '1NT opening range (HCP)', '15-17'],
  ['basic-2-over-1-game-forcing.csv', 'Major Openings', '1NT response to 1!h or 1!s', 'Forcing'],
  ['basic-2-over-1-game-forcing.csv', 'Major Openings', 'Jacoby 2NT', 'Game-forcing raise, 4+ trumps'],
  ['basic-2-over-1-game-forcing.csv', 'Major Openings', 'Drury', 'Reverse Drury (2!c)'],
  ['basic-2-over-1-game-forcing.csv', 'Minor Openings', 'Inverted minors', 'Single raise: forcing one round (10+ HCP)'],
  ['basic-2-over-1-game-forcing.csv', 'Slam Bidding', 'Roman Key Card Blackwood', '1430 (5!c = 1 or 4 key cards, 5!d = 3 or 0)'],
  ['bridge-world-standard.csv', 'General Approach', 'Two over one (2/1)', 'Game forcing'],
  ['bridge-world-standard.csv', 'Major Openings', '1NT response to 1!h or 1!s', 'Semi-forcing'],
  ['bridge-world-standard.csv', 'Notrump Openings', '1NT opening range (HCP)', '15-17'],
  ['bridge-world-standard.csv', 'Notrump Openings', '2NT opening range (HCP)', '20 to a bad 22'],
  ['bridge-world-standard.csv', 'Notrump Openings', '2NT response to 1NT', 'Transfer to !d'],
  ['bridge-world-standard.csv', 'Major Openings', 'Jump raise of 1!h or 1!s (double raise)', 'Limit raise with 4 trumps'],
  ['bridge-world-standard.csv', 'Slam Bidding', 'Forcing 5NT', 'Undiscussed: pick a slam, then Grand Slam Force, then control-showing'],
  ['bridge-world-standard.csv', 'Opening Leads', 'Lead from AKx versus suits', 'King'],
  ['lc-standard.csv', 'General Approach', 'Two over one (2/1)', 'Game forcing'],
  ['lc-standard.csv', 'Major Openings', '1NT response to 1!h or 1!s', 'Semi-forcing'],
  ['lc-standard.csv', 'Slam Bidding', 'Roman Key Card Blackwood', '1430 (5!c = 1 or 4 key cards, 5!d = 3 or 0)'],
  ['lc-standard.csv', 'Notrump Openings', '1NT opening range (HCP)', '15-17'],
  ['lc-standard.csv', 'Notrump Openings', '2!s response to 1NT', 'Transfer to !c'],
  ['lc-standard.csv', 'Notrump Openings', '3!c response to 1NT', 'Puppet Stayman'],
  ['lc-standard.csv', 'Major Openings', 'Drury', 'Reverse Drury (2!c)'],
  ['lc-standard.csv', 'Constructive Bidding', 'Two-way New Minor Forcing', '2!d: artificial, game forcing'],
  ['lc-standard.csv', 'Doubles and Redoubles', 'Negative doubles', 'Through any level'],
  ['lc-standard.csv', 'Minor Openings', 'Inverted minors', 'On by a passed hand'],
  ['free-trial-agreement.csv', 'Overcalls', 'One-level overcall (HCP)', '8-16'],
  ['free-trial-agreement.csv', 'Overcalls', 'Michaels cuebid', 'Over a minor: both majors'],
  ['free-trial-agreement.csv', 'Overcalls', 'Unusual 2NT (jump to 2NT)', 'Two lowest unbid suits'],
  ['free-trial-agreement.csv', 'Doubles and Redoubles', 'Negative doubles', 'Through 3!s'],
  ['free-trial-agreement.csv', 'Doubles and Redoubles', 'Takeout double', 'Opening values, short in their suit, support for the unbid suits'],
];

/** Agreements a system does not play and must not select: [file, category, subject, option?]. */
const NOT_PLAYED: [string, string, string, string?][] = [
  ['basic-precision.csv', 'Two-Level Openings', '2!c opening', 'Strong, artificial, forcing'],
  ['modern-standard-american.csv', 'General Approach', 'Two over one (2/1)', 'Game forcing'],
  ['modern-standard-american.csv', 'Minor Openings', 'Inverted minors'],
  ['modern-standard-american.csv', 'Major Openings', 'Drury'],
  ['lc-standard.csv', 'Doubles and Redoubles', 'Penalty double after their overcall'],
  ['lc-standard.csv', 'Two-Level Openings', 'Kokish relay'],
  ['bridge-world-standard.csv', 'Major Openings', '1NT response to 1!h or 1!s', 'Forcing'],
];

describe('selections', () => {
  it('Blank selects nothing', () => {
    for (const c of blank.categories) {
      for (const s of c.subjects) {
        expect(s.isSelected, s.subjectName).toBe(false);
        for (const o of s.options) expect(o.isSelected, `${s.subjectName}: ${o.optionName}`).toBe(false);
      }
    }
  });

  it.each(DEFINING_AGREEMENTS)('%s selects %s / %s / %s', (fileName, categoryName, subjectName, optionName) => {
    const template = templates[fileName] as MasterTemplate;
    const found = findSubject(template, categoryName, subjectName);
    expect(found?.isSelected, subjectName).toBe(true);
    expect(found?.options.find((o) => o.optionName === optionName)?.isSelected, optionName).toBe(true);
  });

  it.each(NOT_PLAYED)('%s does not select %s / %s / %s', (fileName, categoryName, subjectName, optionName) => {
    const found = findSubject(templates[fileName] as MasterTemplate, categoryName, subjectName);
    expect(found).toBeDefined();
    if (optionName === undefined) expect(found?.isSelected).toBe(false);
    else expect(found?.options.find((o) => o.optionName === optionName)?.isSelected).toBe(false);
  });

  it('the Free Trial Agreement selects in both trial categories and nowhere else', () => {
    const trial = templates['free-trial-agreement.csv'] as MasterTemplate;
    for (const c of trial.categories) {
      const selected = c.subjects.filter((s) => s.isSelected).length;
      if ((TRIAL_CATEGORY_NAMES as readonly string[]).includes(c.categoryName)) expect(selected, c.categoryName).toBeGreaterThanOrEqual(10);
      else expect(selected, c.categoryName).toBe(0);
    }
  });

  it('each system template selects in every category, and a selected option always has its subject selected', () => {
    for (const fileName of [
      'basic-precision.csv',
      'modern-standard-american.csv',
      'basic-2-over-1-game-forcing.csv',
      'bridge-world-standard.csv',
      'lc-standard.csv',
    ]) {
      const template = templates[fileName] as MasterTemplate;
      for (const c of template.categories)
        expect(
          c.subjects.some((s) => s.isSelected),
          `${fileName}: ${c.categoryName}`,
        ).toBe(true);
    }
    for (const template of Object.values(templates)) {
      for (const s of template.categories.flatMap((c) => c.subjects)) {
        if (s.options.some((o) => o.isSelected)) expect(s.isSelected, `${template.templateName}: ${s.subjectName}`).toBe(true);
      }
    }
  });
});

describe('generator checks', () => {
  it('fails loudly, naming it, when a selection names a subject that does not exist', () => {
    expect(() => buildMasterTemplate({ fileName: 'x.csv', templateName: 'X', selection: { 'nt.rnage': ['15-17'] } })).toThrow(/unknown subject "nt\.rnage"/);
  });

  it('fails loudly, naming it, when a selection names an option that does not exist', () => {
    expect(() => buildMasterTemplate({ fileName: 'x.csv', templateName: 'X', selection: { 'nt.range': ['15-71'] } })).toThrow(TemplateCatalogueError);
    expect(() => buildMasterTemplate({ fileName: 'x.csv', templateName: 'X', selection: { 'nt.range': ['15-71'] } })).toThrow(
      /nt\.range .* has no option "15-71"/,
    );
  });

  it('lists every problem of every template at once', () => {
    try {
      renderTemplateCsvs([
        { fileName: 'a.csv', templateName: 'A', selection: { 'no.such': [] } },
        { fileName: 'b.csv', templateName: 'B', selection: { 'nt.range': ['nope'] } },
      ]);
      expect.unreachable('renderTemplateCsvs should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(TemplateCatalogueError);
      expect((error as TemplateCatalogueError).problems).toHaveLength(2);
    }
  });

  it('accepts the shipped catalogue and rejects duplicate keys, duplicate names and over-long names', () => {
    expect(checkCatalogue(CATALOGUE)).toEqual([]);
    const broken = [
      category(
        'a',
        'General Approach',
        heading('', subject('a.one', 'Same name', ['x']), subject('a.one', 'Same name', ['y', 'y']), subject('a.long', 'n'.repeat(501), ['z'], ACBL)),
      ),
      category('a', 'Overcalls', heading('', subject('b.two', 'Two', ['x y']))),
    ];
    const problems = checkCatalogue(broken).join('\n');
    expect(problems).toMatch(/expected 13 categories/);
    expect(problems).toMatch(/key used twice/);
    expect(problems).toMatch(/name used twice in "General Approach"/);
    expect(problems).toMatch(/option a\.one\/y .*key used twice/);
    expect(problems).toMatch(/501 characters/);
    expect(problems).toMatch(/"Doubles and Redoubles" is missing/);
    // docs/catalogue-keys.md: keys unique, of their level's form, a subject's under its category's.
    expect(problems).toMatch(/category "Overcalls": key "a" used twice/);
    expect(problems).toMatch(/subject b\.two .*does not start with its category's key "a\."/);
    expect(problems).toMatch(/option b\.two\/x y .*"b\.two\.x y" is not a well-formed option key/);
  });

  it('rejects a selection that ticks two options marked as excluding each other, naming them', () => {
    expect(() => buildMasterTemplate({ fileName: 'x.csv', templateName: 'X', selection: { 'nt.range': ['15-17', '16-18'] } })).toThrow(
      /nt\.range .* selects "15-17" and "16-18", which exclude each other/,
    );
    expect(() => buildMasterTemplate({ fileName: 'x.csv', templateName: 'X', selection: { 'mj.1nt': ['forcing', '6-12', 'passedNF'] } })).not.toThrow();
  });

  it('rejects an exclusive group that names an option its subject does not have', () => {
    const broken = markExclusive([category('a', 'General Approach', heading('', subject('a.one', 'One', ['x', 'y'])))], { 'a.one': [['x', 'z']] });
    expect(checkCatalogue(broken).join('\n')).toMatch(/exclusive group names the unknown option "z"/);
    expect(() => markExclusive(broken, { 'no.such': 'all' })).toThrow(/no\.such/);
  });

  it('keeps the catalogue order and gives deterministic ids', () => {
    const built = buildMasterTemplate({ fileName: 'x.csv', templateName: 'X', selection: { 'ga.system': ['lc'] } });
    const first = built.categories[0]?.subjects[0];
    expect(first?._id).toBe('c1s1');
    expect(first?.subjectName).toBe('Basic system');
    expect(first?.isSelected).toBe(true);
    expect(first?.options.find((o) => o.isSelected)?.optionName).toBe('LC Standard');
  });
});
