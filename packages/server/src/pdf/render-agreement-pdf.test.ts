import { PRODUCT_TITLE } from '@bpa/domain/constants';
import type { Category, Subject } from '@bpa/domain/contract';
import { PALETTE } from '@bpa/domain/markup';
import { PLACEHOLDER_OPTION_NAME, PLACEHOLDER_SUBJECT_NAME } from '@bpa/domain/editing';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { FOUR_COLOUR_SUITS } from './agreement-layout';
import { LEGEND_TEXT, renderAgreementPdf } from './render-agreement-pdf';
import { pdfObjectsText } from '../test/pdf-objects-text';
import { testAgreement, testOption, testSubject } from '../test/test-agreement-builders';

// ---- building agreements -------------------------------------------------------------------

/** Every category full: `perCategory` subjects with `optionsEach` options, names "S<c>.<s>" / "O<c>.<s>.<o>". */
function longAgreement(perCategory: number, optionsEach: number): { contractName: string; categories: Category[] } {
  const subjects: Record<number, Subject[]> = {};
  for (let c = 0; c < 13; c += 1) {
    subjects[c] = Array.from({ length: perCategory }, (_, s) =>
      testSubject(
        `S${c + 1}.${s + 1} ${s % 4 === 0 ? 'a longer subject name that has to wrap onto a second line of the column' : 'Stayman'}`,
        Array.from({ length: optionsEach }, (_, o) =>
          testOption(`O${c + 1}.${s + 1}.${o + 1} ${o === 1 ? 'an option with enough words to wrap onto the next line' : 'forcing'}`),
        ),
        { subcategoryName: s < perCategory / 2 ? '' : 'Competitive bidding' },
      ),
    );
  }
  return testAgreement('Long agreement', subjects);
}

// ---- reading PDFs --------------------------------------------------------------------------

interface TextItem {
  text: string;
  page: number;
  x: number;
  /** Baseline from the page's bottom edge, in points. */
  y: number;
  /** Font size, in points. */
  size: number;
}

async function openPdf(pdf: Buffer) {
  return getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
}

/** The text items of every page, in content order, without empty ones. */
async function readText(pdf: Buffer): Promise<{ items: TextItem[]; pages: { width: number; height: number }[] }> {
  const document = await openPdf(pdf);
  const items: TextItem[] = [];
  const pages: { width: number; height: number }[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const [, , width = 0, height = 0] = page.view;
    pages.push({ width, height });
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      items.push({
        text: item.str,
        page: number - 1,
        x: item.transform[4] as number,
        y: item.transform[5] as number,
        size: Math.abs(item.transform[3] as number),
      });
    }
  }
  await document.destroy();
  return { items, pages };
}

/** All text of the PDF, items joined by spaces (white space collapsed). */
async function readAllText(pdf: Buffer): Promise<string> {
  const { items } = await readText(pdf);
  return items
    .map((item) => item.text)
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** Asserts that `needles` occur in `text` in this order. */
function expectInOrder(text: string, needles: readonly string[]): void {
  let from = 0;
  for (const needle of needles) {
    const at = text.indexOf(needle, from);
    expect(at, `"${needle}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + needle.length;
  }
}

// ---- tests ---------------------------------------------------------------------------------

describe('renderAgreementPdf', () => {
  const overcalls = 8;
  const doubles = 9;
  const sample = () =>
    testAgreement('Partner 1: Anna', {
      0: [
        testSubject('Two over one game forcing', [testOption('Except when responder rebids his suit'), testOption('Not shown', { isSelected: false })], {
          bold: true,
        }),
        testSubject('Not selected subject', [testOption('Its option')], { isSelected: false }),
        testSubject('Weak two bids', [testOption('5-10 HCP'), testOption('Not this one', { isSelected: false }), testOption('Ogust 2NT')], {
          subcategoryName: 'Openings',
          italics: true,
        }),
        testSubject(PLACEHOLDER_SUBJECT_NAME, [testOption(PLACEHOLDER_OPTION_NAME)]),
      ],
      [overcalls]: [
        testSubject('Simple overcall', [testOption('8-16 HCP'), testOption(PLACEHOLDER_OPTION_NAME)]),
        testSubject('Michaels', [testOption('Original name', { editedName: 'Both majors over a minor', isEdited: true })]),
      ],
      [doubles]: [testSubject('Negative doubles through 3!s', [testOption('Responsive doubles')])],
    });

  it('prints every selected subject and option in order, and nothing unselected', async () => {
    const text = await readAllText(await renderAgreementPdf(sample()));
    expectInOrder(text, [
      'Partner 1: Anna',
      'I. General Approach',
      'Two over one game forcing',
      'Except when responder rebids his suit',
      'Openings',
      'Weak two bids',
      '5-10 HCP',
      'Ogust 2NT',
      'IX. Overcalls',
      'Simple overcall',
      '8-16 HCP',
      'Michaels',
      'Both majors over a minor',
      'X. Doubles and Redoubles',
      'Negative doubles through 3♠',
      'Responsive doubles',
    ]);
    for (const absent of ['Not shown', 'Not selected subject', 'Its option', 'Not this one', 'button', 'Original name', 'II. ', 'Notrump Openings']) {
      expect(text).not.toContain(absent);
    }
  });

  it('embeds its fonts (TrueType subsets) and uses no standard PDF font', async () => {
    const pdf = await renderAgreementPdf(sample());
    const raw = pdfObjectsText(pdf);
    const descriptors = raw.match(/\/Type \/FontDescriptor/g) ?? [];
    const fontFiles = raw.match(/\/FontFile2 \d+ 0 R/g) ?? [];
    expect(descriptors.length).toBeGreaterThanOrEqual(2); // regular and bold at least
    expect(fontFiles.length).toBe(descriptors.length);
    expect(raw).not.toMatch(/\/Subtype \/Type1/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold/);
  });

  it('keeps suit symbols as text, hearts and diamonds in red', async () => {
    const pdf = await renderAgreementPdf(
      testAgreement('Suits', { 0: [testSubject('Suits !s !h !d !c in a ##c3#blue### name', [testOption('1!H shows hearts')])] }),
    );
    const text = await readAllText(pdf);
    expect(text).toContain('Suits ♠ ♥ ♦ ♣ in a blue name');
    expect(text).toContain('1♥ shows hearts');

    const document = await openPdf(pdf);
    const operators = await (await document.getPage(1)).getOperatorList();
    const fillColours = operators.fnArray.flatMap((fn, index) => (fn === OPS.setFillRGBColor ? [String(operators.argsArray[index])] : []));
    await document.destroy();
    expect(fillColours).toContain('#c83349'); // red suits (docs/product.md §D5)
    expect(fillColours).toContain(PALETTE[3]); // ##c3# blue
  });

  it('labels categories with Roman numerals and puts the name and page numbers in every footer', async () => {
    const { items, pages } = await readText(await renderAgreementPdf(longAgreement(12, 3)));
    expect(pages.length).toBeGreaterThan(2);
    const text = items.map((item) => item.text).join(' ');
    expectInOrder(text, ['I. General Approach', 'IV. Minor Openings', 'IX. Overcalls', 'XIII. Signals and Discards']);
    pages.forEach((_, page) => {
      const footer = items.filter((item) => item.page === page && item.y < 40).map((item) => item.text);
      expect(footer[0]).toBe('Long agreement');
      expect(footer[1]).toMatch(new RegExp(` · Page ${page + 1} of ${pages.length}$`));
      expect(footer).toHaveLength(2);
    });
  });

  it('sets Letter by default and A4 on request', async () => {
    const letter = await readText(await renderAgreementPdf(sample()));
    expect(letter.pages).toEqual([{ width: 612, height: 792 }]);
    const a4 = await readText(await renderAgreementPdf(sample(), { pageSize: 'a4' }));
    expect(a4.pages.map((page) => [Math.round(page.width), Math.round(page.height)])).toEqual([[595, 842]]);
  });

  it('sets the title and creator metadata', async () => {
    const document = await openPdf(await renderAgreementPdf(testAgreement('##c2#Anna### !h', { 0: [testSubject('Stayman', [])] })));
    const { info } = (await document.getMetadata()) as { info: { Title?: string; Creator?: string } };
    await document.destroy();
    expect(info.Title).toBe('Anna ♥');
    expect(info.Creator).toBe(PRODUCT_TITLE);
  });

  it('spans several pages and never separates a subject from its options', async () => {
    const perCategory = 20;
    const optionsEach = 4;
    const { items, pages } = await readText(await renderAgreementPdf(longAgreement(perCategory, optionsEach)));
    expect(pages.length).toBeGreaterThanOrEqual(8);
    const find = (prefix: string) => {
      // An option's bullet may come out joined to its text.
      const found = items.filter((item) => {
        const text = item.text.replace(/^•\s*/, '');
        return text === prefix || text.startsWith(`${prefix} `);
      });
      expect(found, prefix).toHaveLength(1);
      return found[0] as TextItem;
    };
    const columnOf = (item: TextItem) => (item.x < (pages[item.page]?.width ?? 0) / 2 ? 0 : 1);
    let previous = { page: -1, column: 0, y: Infinity };
    for (let c = 1; c <= 13; c += 1) {
      for (let s = 1; s <= perCategory; s += 1) {
        const subjectItem = find(`S${c}.${s}`);
        const at = { page: subjectItem.page, column: columnOf(subjectItem), y: subjectItem.y };
        // Reading order: same column further down, or a later column.
        const isLater =
          at.page > previous.page || (at.page === previous.page && (at.column > previous.column || (at.column === previous.column && at.y < previous.y)));
        expect(isLater, `S${c}.${s} follows the previous subject`).toBe(true);
        for (let o = 1; o <= optionsEach; o += 1) {
          const optionItem = find(`O${c}.${s}.${o}`);
          expect({ page: optionItem.page, column: columnOf(optionItem) }, `O${c}.${s}.${o} beside its subject`).toEqual({ page: at.page, column: at.column });
          expect(optionItem.y).toBeLessThan(subjectItem.y);
          expect(optionItem.x).toBeGreaterThan(subjectItem.x); // indented beneath
        }
        previous = at;
      }
    }
  });

  it('keeps a category heading with its first subject and repeats it when a category continues', async () => {
    const { items, pages } = await readText(await renderAgreementPdf(longAgreement(20, 4)));
    const columnTops = new Map<string, TextItem>();
    for (const item of items) {
      if (item.text === 'Long agreement' || item.text.includes('Page ') || item.text === LEGEND_TEXT) continue; // title, legend, footer
      const key = `${item.page}/${item.x < (pages[item.page]?.width ?? 0) / 2 ? 0 : 1}`;
      const top = columnTops.get(key);
      if (!top || item.y > top.y) columnTops.set(key, item);
    }
    expect(columnTops.size).toBeGreaterThan(4);
    for (const top of columnTops.values()) expect(top.text).toMatch(/^[IVXL]+\. /); // a heading, new or continued
    expect(items.some((item) => item.text.includes('(continued)'))).toBe(true);
  });

  it('spreads a short agreement over both columns, splitting between categories', async () => {
    const some = (prefix: string) =>
      Array.from({ length: 8 }, (_, index) => testSubject(`${prefix} subject ${index + 1}`, [testOption(`${prefix} option ${index + 1}`)]));
    const { items, pages } = await readText(await renderAgreementPdf(testAgreement('Short', { [overcalls]: some('Overcall'), [doubles]: some('Double') })));
    const find = (text: string) => items.find((item) => item.text === text) as TextItem;
    const middle = (pages[0]?.width ?? 0) / 2;
    expect(find('IX. Overcalls').x).toBeLessThan(middle);
    expect(find('X. Doubles and Redoubles').x).toBeGreaterThan(middle);
    expect(find('X. Doubles and Redoubles').y).toBeCloseTo(find('IX. Overcalls').y, 1);
    expect(items.some((item) => item.text.includes('(continued)'))).toBe(false);
  });

  it('wraps a name longer than a column, even one long word, and keeps all of its text', async () => {
    const word = 'x'.repeat(150);
    const text = await readAllText(await renderAgreementPdf(testAgreement('Wide', { 0: [testSubject(`Start ${word} end`, [testOption('fine')])] })));
    expect(text.replace(/ /g, '')).toContain(`Start${word}end`);
  });

  it('says so when nothing is selected', async () => {
    const text = await readAllText(await renderAgreementPdf(testAgreement('Empty', { 0: [testSubject('Stayman', [], { isSelected: false })] })));
    expect(text).toContain('No subjects are selected in this agreement.');
    expect(text).toContain('Page 1 of 1');
  });
});

describe('renderAgreementPdf print options (docs/product.md §11)', () => {
  const printedOn = new Date('2026-11-25T10:00:00Z');
  const suits = () => testAgreement('Suits', { 0: [testSubject('Openings 1!c 1!d 1!h 1!s', [testOption('Jacoby 2NT over 1!h and 1!s')])] });

  /** The fill colour in force when each suit symbol is drawn, from the page's operators. */
  async function suitColours(pdf: Buffer): Promise<Record<string, string[]>> {
    const document = await openPdf(pdf);
    const operators = await (await document.getPage(1)).getOperatorList();
    await document.destroy();
    const found: Record<string, string[]> = {};
    let colour = '';
    operators.fnArray.forEach((fn, index) => {
      const args = operators.argsArray[index] as unknown[];
      if (fn === OPS.setFillRGBColor) colour = String(args[0]);
      if (fn !== OPS.showText) return;
      for (const glyph of args[0] as ({ unicode?: string } | number | null)[]) {
        const unicode = typeof glyph === 'object' && glyph !== null ? glyph.unicode : undefined;
        if (unicode && '♠♥♦♣'.includes(unicode)) (found[unicode] ??= []).push(colour);
      }
    });
    return found;
  }

  it('prints the legend under the title by default, and leaves it out on request', async () => {
    const { items } = await readText(await renderAgreementPdf(suits()));
    const title = items.find((item) => item.text === 'Suits') as TextItem;
    const legend = items.find((item) => item.text === LEGEND_TEXT) as TextItem;
    expect(legend.page).toBe(0);
    expect(legend.y).toBeLessThan(title.y);
    expect(await readAllText(await renderAgreementPdf(suits(), { print: { legend: false } }))).not.toContain('Bold:');
  });

  it('prints the players under the title when they are set (docs/product.md §11)', async () => {
    const { items } = await readText(await renderAgreementPdf({ ...suits(), playerNames: ['Anna Smith', 'Bob Jones'] }));
    const title = items.find((item) => item.text === 'Suits') as TextItem;
    const players = items.find((item) => item.text === 'Players: Anna Smith & Bob Jones') as TextItem;
    expect(players.page).toBe(0);
    expect(players.y).toBeLessThan(title.y);
    expect(await readAllText(await renderAgreementPdf(suits()))).not.toContain('Players:');
  });

  it('prints the version and the date in every footer', async () => {
    const text = await readAllText(await renderAgreementPdf(suits(), { revision: 12, printedOn }));
    expect(text).toContain('Version 12 · 25 November 2026 · Page 1 of 1');
    expect(await readAllText(await renderAgreementPdf(suits(), { printedOn }))).toContain('Suits 25 November 2026 · Page 1 of 1');
  });

  it('sets large print in one column with body text of at least 13 pt', async () => {
    const { items, pages } = await readText(await renderAgreementPdf(longAgreement(3, 2), { print: { layout: 'large' } }));
    const body = items.filter((item) => /\b[SO]\d+\.\d/.test(item.text));
    expect(body.length).toBeGreaterThan(100);
    for (const item of body) expect(item.size).toBeGreaterThanOrEqual(13);
    const middle = (pages[0]?.width ?? 0) / 2;
    const subjects = body.filter((item) => item.text.startsWith('S'));
    expect(new Set(subjects.map((item) => Math.round(item.x))).size).toBe(1);
    expect(subjects.every((item) => item.x < middle)).toBe(true);
    const detailed = await readText(await renderAgreementPdf(longAgreement(3, 2)));
    expect(pages.length).toBeGreaterThan(detailed.pages.length);
  });

  it('sets compact smaller and on fewer pages than detailed', async () => {
    const compact = await readText(await renderAgreementPdf(longAgreement(12, 3), { print: { layout: 'compact' } }));
    const detailed = await readText(await renderAgreementPdf(longAgreement(12, 3)));
    expect(compact.pages.length).toBeLessThan(detailed.pages.length);
    const subjectSize = (read: typeof compact) => read.items.find((item) => item.text.startsWith('S1.2 '))?.size ?? 0;
    expect(subjectSize(compact)).toBeLessThan(subjectSize(detailed));
  });

  it('colours the four suits apart on request, and hearts and diamonds red by default', async () => {
    const four = await suitColours(await renderAgreementPdf(suits(), { print: { fourColourSuits: true } }));
    for (const [symbol, colour] of Object.entries(FOUR_COLOUR_SUITS)) {
      expect(four[symbol]?.length, symbol).toBeGreaterThan(0);
      expect(new Set(four[symbol]), symbol).toEqual(new Set([colour]));
    }
    expect(new Set(Object.values(FOUR_COLOUR_SUITS)).size).toBe(4);
    const two = await suitColours(await renderAgreementPdf(suits()));
    expect(new Set(two['♦'])).toEqual(new Set(['#c83349']));
    expect(new Set(two['♥'])).toEqual(new Set(['#c83349']));
    expect(new Set(two['♣'])).toEqual(new Set(['#111111']));
  });

  it('sets A4 with any layout', async () => {
    const { pages } = await readText(await renderAgreementPdf(suits(), { pageSize: 'a4', print: { layout: 'large', fourColourSuits: true } }));
    expect(pages[0]).toEqual({ width: 595.28, height: 841.89 });
  });
});

describe('renderAgreementPdf structure (PDF/UA basics, ADR 180)', () => {
  interface Node {
    role?: string;
    children?: Node[];
  }
  const rolesOf = (node: Node): string[] => [...(node.role ? [node.role] : []), ...(node.children ?? []).flatMap(rolesOf)];

  it('is tagged: a structure tree of the title, category headings and one list item per subject, in English', async () => {
    const agreement = longAgreement(3, 2);
    const pdf = await renderAgreementPdf(agreement);
    const raw = pdfObjectsText(pdf);
    expect(raw).toMatch(/\/Marked true/);
    expect(raw).toMatch(/\/Lang \(en\)/);
    expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
    const document = await openPdf(pdf);
    const roles: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) roles.push(...rolesOf((await (await document.getPage(number)).getStructTree()) as Node));
    await document.destroy();
    const count = (role: string) => roles.filter((candidate) => candidate === role).length;
    expect(count('H1')).toBeGreaterThanOrEqual(1);
    expect(roles.indexOf('H1')).toBeLessThan(roles.indexOf('H2'));
    // 13 categories, 3 subjects each; a heading or item cut by a page is counted on both pages.
    expect(count('H2')).toBeGreaterThanOrEqual(13);
    expect(count('LI')).toBeGreaterThanOrEqual(39);
    expect(count('LBody')).toBe(count('LI'));
  });
});

describe('notes in the agreement PDF (docs/agreement-format.md, "Notes")', () => {
  it("prints a category's note under its heading and a subject's note under its options, line by line, tagged", async () => {
    const agreement = testAgreement('With notes', {
      0: [
        testSubject('Stayman', [testOption('Garbage Stayman')], { note: 'Promises a 4-card major\nexcept with !c5' }),
        testSubject('Transfers', [testOption('Texas')]),
      ],
    });
    agreement.categories[0] = { ...agreement.categories[0]!, note: 'Over 1NT and 2NT alike' };
    const pdf = await renderAgreementPdf(agreement);
    const text = await readAllText(pdf);
    expectInOrder(text, ['Over 1NT and 2NT alike', 'Stayman', 'Garbage Stayman', 'Promises a 4-card major', 'except with', 'Transfers', 'Texas']);
    const without = await readAllText(await renderAgreementPdf(testAgreement('Without', { 0: [testSubject('Stayman', [testOption('Garbage Stayman')])] })));
    expect(without).not.toContain('Promises');
  });
});
