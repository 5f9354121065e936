/**
 * The official ACBL convention cards filled from an agreement (docs/official-cards.md, ADR 197):
 * the model shared by both forms. A form's field map (acbl-classic-card.ts, acbl-2022-card.ts)
 * says, for every field of the ACBL's fillable PDF, which catalogue items fill it, by catalogue key
 * (docs/catalogue-keys.md), or why it stays blank. `fillOfficialCard` reads the agreement through
 * a map; `fitOfficialCard` decides, with the renderer's measure of text, what is printed on each
 * field and what goes to the numbered supplementary sheet ("see S3"). Both are pure: the server's
 * renderer (packages/server/src/pdf/render-official-card.ts) only draws what they return.
 */
import { alertOf, type AlertKind } from './alert-procedures';
import { keyLevel, subjectKeyOfOption } from './catalogue-keys';
import { type ContractDocument, type Option, type Subject, displayName, formatPlayerNames, isPlaceholderName, noteOf } from './contract';

/**
 * How one field of a form is filled (docs/official-cards.md §2):
 *
 * - `tick`: a check box, ticked when any of `keys` holds: a subject key when the agreement plays
 *   the subject, an option key when the option is selected in a played subject;
 * - `write`: a write-in line: the selected options of `subjects` that no other field of the card
 *   shows (no box, no range), their names joined with "; ", `strip` removed from each (e.g.
 *   "Through " before "Through 2♠" on a "thru ___" line); a subject listed in `played` that is
 *   played with no such option is written as its own name; with `named`, each subject's options
 *   follow its name ("Gambling 3NT: solid 7-card minor");
 * - `low` / `high`: one end of the HCP range stated by the first selected option of `subject`
 *   whose name holds one ("15-17", "22+ HCP", "20 to a bad 22"; see `hcpRange`); when it states
 *   none and the `fallback`'s `when` option is selected, the range of the `fallback` subject (a
 *   weak 2♥ takes the weak twos' "5-11 HCP");
 * - `names`: both partners' names;
 * - `tick` with `fallback`: ticked by the fallback keys while the agreement does not play the
 *   `unlessPlayed` subject (tickOr);
 * - `derived`: computed by `fill` from the agreement for what no single item states (the columns
 *   of the defence to 1NT); `keys` lists the items it reads, so the map tests see them;
 * - `blank`: never filled, with the reason.
 *
 * `other` marks a section's write-in line that also carries the reference to the supplement
 * ("see S3") of the categories listed.
 */
export type CardFieldSpec = (
  | { kind: 'tick'; keys: readonly string[]; fallback?: { unlessPlayed: string; keys: readonly string[] } }
  | { kind: 'write'; subjects: readonly string[]; strip?: RegExp; played?: readonly string[]; named?: boolean }
  | { kind: 'low' | 'high'; subject: string; fallback?: { subject: string; when: string } }
  | { kind: 'names' }
  | { kind: 'derived'; keys: readonly string[]; fill: (agreement: AgreementReader) => string | undefined }
  | { kind: 'blank'; reason: string }
) & { other?: readonly string[] };

/** One card led in a form's lead grid: the option key that leads it, and where the card is printed (points, PDF coordinates of the glyph's box). */
export interface LeadMark {
  option: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A check box as the form prints it: `[x, y, side]`, the square's centre (PDF coordinates) and side, in points. */
export type BoxMark = readonly [x: number, y: number, side: number];

/** A form: its PDF's fields by name, with their specs, and the cards of its lead grid. */
export interface OfficialCardMap {
  /** Short id used in routes and file names: `classic` or `2022`. */
  id: OfficialCardId;
  /** The form as the ACBL names it. */
  title: string;
  /** The page of the form's PDF that holds the convention side (0-based). */
  page: number;
  fields: Readonly<Record<string, CardFieldSpec>>;
  leads: readonly LeadMark[];
  /** Where the footer line (agreement, version, date) starts: a baseline outside the card's boxes, points, PDF coordinates. */
  footer: { x: number; y: number };
  /** Where the form prints the box of a check box, when not at its widget's centre (the classic card: acbl-classic-boxes.ts). */
  boxes?: Readonly<Record<string, BoxMark>>;
}

/** The two legal ACBL cards (docs/official-cards.md §1); the schema is api-contracts.ts `OfficialCardIdSchema`. */
export type OfficialCardId = 'classic' | '2022';
export const OFFICIAL_CARD_IDS: readonly OfficialCardId[] = ['classic', '2022'];

/** Shorthands for the field maps. */
export const tick = (...keys: string[]): CardFieldSpec => ({ kind: 'tick', keys });
/**
 * A box ticked by `keys`, or by `fallback` while the agreement does not play `unlessPlayed`: for a
 * subject split in two (the first discard versus notrump, apart from versus suits), an agreement
 * made before the split, or that leaves the new half unticked, keeps its box.
 */
export const tickOr = (keys: readonly string[], fallback: { unlessPlayed: string; keys: readonly string[] }): CardFieldSpec => ({
  kind: 'tick',
  keys,
  fallback,
});
export const write = (
  subjects: string | readonly string[],
  more: { strip?: RegExp; played?: readonly string[]; named?: boolean; other?: readonly string[] } = {},
): CardFieldSpec => ({
  kind: 'write',
  subjects: typeof subjects === 'string' ? [subjects] : subjects,
  ...more,
});
export const low = (subject: string, fallback?: { subject: string; when: string }): CardFieldSpec => ({
  kind: 'low',
  subject,
  ...(fallback ? { fallback } : {}),
});
export const high = (subject: string, fallback?: { subject: string; when: string }): CardFieldSpec => ({
  kind: 'high',
  subject,
  ...(fallback ? { fallback } : {}),
});
export const blank = (reason: string): CardFieldSpec => ({ kind: 'blank', reason });
export const names: CardFieldSpec = { kind: 'names' };

/**
 * The HCP range an option's name states: "15-17" → [15, 17], "22+ HCP" → [22, undefined], "20 to a
 * bad 22" → [20, 22], "Natural, 13-15 balanced" → [13, 15]; undefined when the name states none.
 * Only numbers from 0 to 40 count (a point count), so "4-4-4-1" is not a range.
 */
export function hcpRange(name: string): [number, number | undefined] | undefined {
  const text = name.replace(/!([cdhs])/gi, ' ');
  const pair = /(?:^|[^\d-])(\d{1,2})\s*(?:-|–|to(?: a (?:bad|good|poor))?)\s*(\d{1,2})(?![\d-])/.exec(text);
  if (pair) {
    const from = Number(pair[1]);
    const to = Number(pair[2]);
    if (from <= 40 && to <= 40 && from < to) return [from, to];
  }
  // "22+ HCP", "Balanced 22+; …": a plus followed by HCP or the end of a phrase, not "6+ !c" or "6+ cards".
  const plus = /(?:^|\D)(\d{1,2})\+(?=\s*(?:HCP\b|points\b|$|[,;)]|or\b))/i.exec(name);
  if (plus && Number(plus[1]) <= 40) return [Number(plus[1]), undefined];
  return undefined;
}

/** Read access to an agreement by catalogue key, for `derived` fields. */
export interface AgreementReader {
  /** The subject with that key when the agreement plays it. */
  played(subjectKey: string): Subject | undefined;
  /** Whether the option with that key is selected in a played subject. */
  selected(optionKey: string): boolean;
  /** Marks an item as shown on the card (so it is not repeated on the supplement). */
  use(key: string): void;
}

/** A filled field: text (colour markup kept; suit shorthand allowed) or a tick, with its Alert colour. */
export type FilledField = { kind: 'text'; text: string; alert?: AlertKind; label?: string } | { kind: 'tick'; alert?: AlertKind };

/** One entry of the supplementary sheet: a label and what the agreement says. */
export interface SupplementEntry {
  /** The subject's catalogue key, when the entry is one subject that has one. */
  key?: string;
  label: string;
  text: string;
  alert?: AlertKind;
}

/** What the agreement says on one form, before fitting. */
export interface FilledOfficialCard {
  card: OfficialCardId;
  names: string;
  fields: Map<string, FilledField>;
  /** The option keys whose card is marked in the lead grid. */
  leads: LeadMark[];
  /** By category key ('' for a category without one): what the card has no field for. */
  supplement: Map<string, { title: string; entries: SupplementEntry[] }>;
  /** The agreement's categories in order, by key and name: the supplement's order and section titles. */
  categories: { key: string; title: string }[];
}

const selectedOptions = (subject: Subject): Option[] => subject.options.filter((option) => option.isSelected && !isPlaceholderName(option.optionName));

/** The colour a set of written items takes: alert wins over announce (docs/bridge.md §1c). */
function colourOf(keys: readonly (string | undefined)[]): AlertKind | undefined {
  const kinds = keys.flatMap((key) => (key === undefined ? [] : [alertOf(key)]));
  return kinds.includes('alert') ? 'alert' : kinds.includes('announce') ? 'announce' : undefined;
}

/** The option keys a map shows in boxes or ranges, and every key it reaches. */
function keysOfMap(map: OfficialCardMap): { boxed: Set<string>; reached: Set<string>; ranged: Set<string> } {
  const boxed = new Set<string>();
  const reached = new Set<string>();
  const ranged = new Set<string>();
  for (const spec of Object.values(map.fields)) {
    if (spec.kind === 'tick') for (const key of [...spec.keys, ...(spec.fallback?.keys ?? [])]) (keyLevel(key) === 'option' ? boxed : reached).add(key);
    if (spec.kind === 'write') for (const key of spec.subjects) reached.add(key);
    if (spec.kind === 'low' || spec.kind === 'high') {
      reached.add(spec.subject);
      ranged.add(spec.subject);
      if (spec.fallback) {
        reached.add(spec.fallback.subject).add(spec.fallback.when);
        ranged.add(spec.fallback.subject);
      }
    }
    if (spec.kind === 'derived') for (const key of spec.keys) reached.add(key);
  }
  for (const lead of map.leads) boxed.add(lead.option);
  for (const key of boxed) reached.add(key).add(subjectKeyOfOption(key));
  return { boxed, reached, ranged };
}

/**
 * Whether a form has a place for a catalogue item (docs/official-cards.md §2): a field or lead
 * mark names it, or, for an option, a write-in line of the card writes its subject's options.
 *
 * @param key a subject or option key
 */
export function reaches(map: OfficialCardMap, key: string): boolean {
  const { reached } = keysOfMap(map);
  if (reached.has(key)) return true;
  if (keyLevel(key) !== 'option') return false;
  const subjectKey = subjectKeyOfOption(key);
  return Object.values(map.fields).some((spec) => spec.kind === 'write' && spec.subjects.includes(subjectKey));
}

/**
 * Every catalogue key a form's map reaches: subjects and options it ticks, writes in, reads a
 * range from, derives from, or marks in the lead grid (the map tests check that every ACBL item of
 * the catalogue is among them, docs/official-cards.md §2).
 */
export function keysReachedBy(map: OfficialCardMap): Set<string> {
  return keysOfMap(map).reached;
}

/**
 * Fills a form from an agreement (docs/official-cards.md §2): every field of `map` that the
 * agreement has something for, the lead grid's marks, and, by category, what the form has no
 * field for (the supplement): played subjects the map does not reach (user-added ones too),
 * selected options of reached subjects that no field showed, and notes. Items are found by
 * catalogue key only; a subject the agreement does not play fills nothing.
 *
 * @param document the agreement (names, categories; colour markup kept in the texts)
 * @param map the form's field map
 * @returns the filled fields by form field name, the lead marks and the supplement by category key
 */
export function fillOfficialCard(document: ContractDocument, map: OfficialCardMap): FilledOfficialCard {
  const subjects = new Map<string, Subject>();
  for (const category of document.categories)
    for (const subject of category.subjects) if (subject.key !== undefined && !subjects.has(subject.key)) subjects.set(subject.key, subject);
  const played = (key: string): Subject | undefined => {
    const subject = subjects.get(key);
    return subject?.isSelected ? subject : undefined;
  };
  const selected = (optionKey: string): boolean =>
    played(subjectKeyOfOption(optionKey))?.options.some((option) => option.key === optionKey && option.isSelected && !isPlaceholderName(option.optionName)) ??
    false;
  const used = new Set<string>();
  const reader: AgreementReader = { played, selected, use: (key) => used.add(key) };
  const { boxed, ranged } = keysOfMap(map);
  const fields = new Map<string, FilledField>();

  const rangeOf = (subjectKey: string): { range: [number, number | undefined]; key: string | undefined } | undefined => {
    const subject = played(subjectKey);
    if (!subject) return undefined;
    for (const option of selectedOptions(subject)) {
      const range = hcpRange(displayName(option));
      if (range) return { range, key: option.key };
    }
    return undefined;
  };

  for (const [name, spec] of Object.entries(map.fields)) {
    switch (spec.kind) {
      case 'tick': {
        const isOn = (key: string) => (keyLevel(key) === 'option' ? selected(key) : played(key) !== undefined);
        let on = spec.keys.filter(isOn);
        if (on.length === 0 && spec.fallback && played(spec.fallback.unlessPlayed) === undefined) on = spec.fallback.keys.filter(isOn);
        if (on.length === 0) break;
        on.forEach((key) => used.add(key));
        const alert = colourOf(on);
        fields.set(name, { kind: 'tick', ...(alert ? { alert } : {}) });
        break;
      }
      case 'write': {
        const parts: string[] = [];
        const keys: (string | undefined)[] = [];
        const labels: string[] = [];
        const named = spec.named ?? spec.subjects.length > 1;
        for (const subjectKey of spec.subjects) {
          const subject = played(subjectKey);
          if (!subject) continue;
          const rangeOption = ranged.has(subjectKey) ? selectedOptions(subject).find((option) => hcpRange(displayName(option))) : undefined;
          const options = selectedOptions(subject).filter(
            (option) => option !== rangeOption && (option.key === undefined || (!boxed.has(option.key) && !used.has(option.key))),
          );
          const texts = options.map((option) => (spec.strip ? displayName(option).replace(spec.strip, '') : displayName(option)));
          for (const option of options) {
            keys.push(option.key ?? subjectKey);
            used.add(option.key ?? option._id);
          }
          if (texts.length > 0) parts.push(named ? `${displayName(subject)}: ${texts.join('; ')}` : texts.join('; '));
          else if (spec.played?.includes(subjectKey)) {
            parts.push(displayName(subject));
            keys.push(subjectKey);
          } else continue;
          used.add(subjectKey);
          labels.push(displayName(subject));
        }
        if (parts.length === 0) break;
        const alert = colourOf(keys);
        fields.set(name, { kind: 'text', text: parts.join('; '), ...(named ? {} : { label: labels.join(', ') }), ...(alert ? { alert } : {}) });
        break;
      }
      case 'low':
      case 'high': {
        const found = rangeOf(spec.subject) ?? (spec.fallback && selected(spec.fallback.when) ? rangeOf(spec.fallback.subject) : undefined);
        if (!found) break;
        used.add(spec.subject);
        if (found.key) used.add(found.key).add(subjectKeyOfOption(found.key));
        const value = spec.kind === 'low' ? found.range[0] : found.range[1];
        if (value === undefined) break;
        const alert = colourOf([spec.subject, found.key]);
        fields.set(name, { kind: 'text', text: String(value), label: displayName(subjects.get(spec.subject)!), ...(alert ? { alert } : {}) });
        break;
      }
      case 'derived': {
        const text = spec.fill(reader);
        if (text) fields.set(name, { kind: 'text', text });
        break;
      }
      case 'names':
        if (formatPlayerNames(document.playerNames)) fields.set(name, { kind: 'text', text: formatPlayerNames(document.playerNames) });
        break;
      case 'blank':
        break;
    }
  }

  const leads = map.leads.filter((lead) => selected(lead.option));
  for (const lead of leads) used.add(lead.option).add(subjectKeyOfOption(lead.option));

  const supplement = new Map<string, { title: string; entries: SupplementEntry[] }>();
  for (const category of document.categories) {
    const entries: SupplementEntry[] = [];
    for (const subject of category.subjects) {
      if (!subject.isSelected || isPlaceholderName(subject.subjectName)) continue;
      const isUsed = (option: Option) => used.has(option.key ?? option._id);
      const shown = (subject.key !== undefined && used.has(subject.key)) || subject.options.some(isUsed);
      const left = selectedOptions(subject).filter((option) => !isUsed(option));
      const note = noteOf(subject);
      if (shown && left.length === 0 && !note) continue;
      const text = [left.map((option) => displayName(option)).join('; '), note].filter(Boolean).join(' — ');
      const alert = colourOf([subject.key, ...left.map((option) => option.key)]);
      entries.push({
        ...(subject.key ? { key: subject.key } : {}),
        label: displayName(subject),
        text: text || (shown ? '' : 'Yes'),
        ...(alert ? { alert } : {}),
      });
    }
    if (noteOf(category)) entries.push({ label: 'Note', text: noteOf(category) });
    if (entries.length > 0) supplement.set(category.key ?? '', { title: category.categoryName, entries });
  }
  const categories = document.categories.map((category) => ({ key: category.key ?? '', title: category.categoryName }));
  return { card: map.id, names: formatPlayerNames(document.playerNames), fields, leads, supplement, categories };
}

/** A field as drawn: its text (or tick), size in points, and the reference to the supplement it carries. */
export interface FittedField {
  field: string;
  value: FilledField;
  /** Font size, points: from the form's normal size down to MIN_CARD_FONT_SIZE. */
  size: number;
}

/** The smallest type the card is printed in, points: about what the ACBL card itself uses (docs/official-cards.md §3). */
export const MIN_CARD_FONT_SIZE = 6;
/** The size text starts at, points. */
export const CARD_FONT_SIZE = 8;

/** A section of the supplementary sheet as printed: "S3 · Notrump Opening Bids". */
export interface SupplementSection {
  number: number;
  title: string;
  entries: SupplementEntry[];
}

/** The card as drawn: every field with its size, the lead marks, the supplement and the fit report. */
export interface FittedOfficialCard {
  card: OfficialCardId;
  fields: FittedField[];
  leads: LeadMark[];
  supplement: SupplementSection[];
  /** One line per item sent to the supplement ("Stayman: garbage … → S2"), for the editor's report. */
  fitReport: string[];
}

/**
 * Fits a filled card to its form (docs/official-cards.md §3): each text is set at CARD_FONT_SIZE
 * and shrunk by half points to MIN_CARD_FONT_SIZE until it fits its field; a text that still does
 * not fit is cut at a word with "… see S3" and printed in full in the supplement section of its
 * category. Supplement sections are numbered S1, S2 … in the agreement's category order, and each
 * `other` line of the map that covers a category with a section carries "see S3".
 *
 * @param filled what `fillOfficialCard` returned for `map`
 * @param measure the width of a text at a size, in points (the renderer's font metrics); the text
 *   is the field's markup (suit shorthand included)
 * @param fieldWidth a field's usable width in points, by form field name
 */
export function fitOfficialCard(
  filled: FilledOfficialCard,
  map: OfficialCardMap,
  measure: (text: string, size: number) => number,
  fieldWidth: (field: string) => number,
): FittedOfficialCard {
  const overflow = new Map<string, SupplementEntry[]>();
  const fitted: FittedField[] = [];
  const pendingCuts: { index: number; category: string }[] = [];
  for (const [field, value] of filled.fields) {
    if (value.kind === 'tick') {
      fitted.push({ field, value, size: CARD_FONT_SIZE });
      continue;
    }
    const width = fieldWidth(field);
    let size = CARD_FONT_SIZE;
    while (size > MIN_CARD_FONT_SIZE && measure(value.text, size) > width) size -= 0.5;
    if (measure(value.text, size) <= width) {
      fitted.push({ field, value, size });
      continue;
    }
    // A field that names no catalogue item (the players' names) continues in the first category's section.
    const category = categoryOfField(map.fields[field]) || (filled.categories[0]?.key ?? '');
    overflow.set(category, [...(overflow.get(category) ?? []), { label: value.label ?? '', text: value.text, ...(value.alert ? { alert: value.alert } : {}) }]);
    pendingCuts.push({ index: fitted.length, category });
    fitted.push({ field, value, size });
  }
  // The agreement's order; an overflow whose field belongs to no category of the agreement comes last.
  const titles = new Map(filled.categories.map(({ key, title }) => [key, title]));
  const order = [...titles.keys(), ...[...filled.supplement.keys(), ...overflow.keys()].filter((key) => !titles.has(key))];
  const supplement: SupplementSection[] = [];
  const numberOf = new Map<string, number>();
  for (const category of order) {
    const entries = [...(overflow.get(category) ?? []), ...(filled.supplement.get(category)?.entries ?? [])];
    if (entries.length === 0 || numberOf.has(category)) continue;
    numberOf.set(category, supplement.length + 1);
    supplement.push({ number: supplement.length + 1, title: filled.supplement.get(category)?.title ?? titles.get(category) ?? category, entries });
  }
  const reference = (category: string) => `see S${numberOf.get(category)}`;
  for (const { index, category } of pendingCuts) {
    const item = fitted[index]!;
    if (item.value.kind !== 'text') continue;
    const tail = `… ${reference(category)}`;
    item.value = { ...item.value, text: cutToWidth(item.value.text, tail, (text) => measure(text, MIN_CARD_FONT_SIZE) <= fieldWidth(item.field)) };
    item.size = MIN_CARD_FONT_SIZE;
  }
  for (const [field, spec] of Object.entries(map.fields)) {
    const numbers = (spec.other ?? []).flatMap((category) => numberOf.get(category) ?? []).sort((a, b) => a - b);
    if (numbers.length === 0) continue;
    const index = fitted.findIndex((item) => item.field === field);
    const current = index >= 0 ? fitted[index]!.value : undefined;
    const base = current?.kind === 'text' ? current.text : '';
    const refText = `see ${numbers.map((number) => `S${number}`).join(', ')}`;
    const fits = (text: string) => measure(text, MIN_CARD_FONT_SIZE) <= fieldWidth(field);
    const text = base === '' ? refText : fits(`${base} · ${refText}`) ? `${base} · ${refText}` : cutToWidth(base, `… ${refText}`, fits);
    let size = CARD_FONT_SIZE;
    while (size > MIN_CARD_FONT_SIZE && measure(text, size) > fieldWidth(field)) size -= 0.5;
    const value: FilledField = { kind: 'text', text, ...(current?.kind === 'text' && current.alert ? { alert: current.alert } : {}) };
    if (index >= 0) fitted[index] = { field, value, size };
    else fitted.push({ field, value, size });
  }
  const fitReport = supplement.flatMap((section) =>
    section.entries.map((entry) => `${[entry.label, entry.text].filter(Boolean).join(': ')} → S${section.number}`),
  );
  return { card: filled.card, fields: fitted, leads: filled.leads, supplement, fitReport };
}

/** The category a field belongs to: the first word of the first key its spec names. */
function categoryOfField(spec: CardFieldSpec | undefined): string {
  if (!spec) return '';
  const key =
    spec.kind === 'tick' || spec.kind === 'derived'
      ? spec.keys[0]
      : spec.kind === 'write'
        ? spec.subjects[0]
        : spec.kind === 'low' || spec.kind === 'high'
          ? spec.subject
          : undefined;
  return key?.split('.')[0] ?? '';
}

/** The longest start of `text`, cut at a word, that with `tail` passes `fits`. */
function cutToWidth(text: string, tail: string, fits: (text: string) => boolean): string {
  const words = text.split(' ');
  for (let count = words.length - 1; count > 0; count--) {
    const candidate = `${words.slice(0, count).join(' ')}${tail}`;
    if (fits(candidate)) return candidate;
  }
  return tail.replace(/^… /, '');
}
