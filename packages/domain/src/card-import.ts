/**
 * An agreement from a filled ACBL convention card (docs/agreement-format.md, "Other tools' cards"):
 * the values of a filled fillable PDF, classic or 2022, read back through the same field maps the
 * official-card output uses (acbl-classic-card.ts, acbl-2022-card.ts), so one mapping per form
 * serves both ways. Ticked boxes tick their catalogue option; ranges typed into `___ to ___`
 * boxes tick the option with that range, or become a user-added option when none has it; other
 * text goes into the nearest subject's note; what has no place goes into a user-added subject
 * "Imported, not placed", never dropped. The import report says how much of each.
 */
import { subjectKeyOfOption, keyLevel } from './catalogue-keys';
import { MAX_NOTE_LENGTH, MAX_OPTIONS_PER_SUBJECT } from './constants';
import { type Category, type ContractDocument, type MasterTemplate, type Subject, displayName, isPlaceholderName, MAX_PLAYER_NAME_LENGTH } from './contract';
import { createAgreementFromTemplate, renameOption, renameSubject } from './editing';
import { escapeMarkupText, expandSuits, stripMarkup } from './markup';
import { type OfficialCardMap, hcpRange } from './official-card';

/** A form field's value as read from the PDF: a text, or whether a check box is ticked. */
export type CardFieldValue = string | boolean;

/** What an import of another tool's card did (docs/agreement-format.md, "Other tools' cards"). */
export interface CardImportReport {
  /** The format read, as the report names it: "ACBL classic card (2023)". */
  format: string;
  /** Fields with something in them. */
  read: number;
  /** Fields that ticked a catalogue item or filled a range of one. */
  placed: number;
  /** Fields kept as text: a note, or a user-added option for a range no option has. */
  placedAsText: number;
  /** "Field: value" of what has no place, kept in the subject "Imported, not placed". */
  notPlaced: string[];
}

/** The user-added subject that keeps what an import could not place (docs/agreement-format.md). */
export const NOT_PLACED_SUBJECT = 'Imported, not placed';

/** Longest value kept from one field, in characters (a form field holds a line). */
const MAX_VALUE_LENGTH = 400;

const isTicked = (value: CardFieldValue | undefined) => value === true;
const textOf = (value: CardFieldValue | undefined) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, MAX_VALUE_LENGTH) : '');

/**
 * The agreement a filled card states.
 *
 * @param values the form's fields by name (text, or true / false for a check box); fields the map
 *   does not know are reported as not placed
 * @param map the form's field map (the same as the card output's)
 * @param catalogue the keyed catalogue (templates/blank.csv): the agreement starts from it, nothing
 *   selected
 * @param contractName the agreement's name
 * @param formatName the format as the report names it
 * @param extra what a format says outside the form's fields: catalogue option keys it ticks (a
 *   BBO card's leads), and lines with no place (its elements no mapping knows)
 * @returns the agreement (catalogue items by key, ready to be checked and stored) and the report
 */
export function agreementFromCard(
  values: Readonly<Record<string, CardFieldValue>>,
  map: OfficialCardMap,
  catalogue: MasterTemplate,
  contractName: string,
  formatName: string,
  extra: { ticks?: readonly string[]; notPlaced?: readonly string[] } = {},
): { document: ContractDocument; report: CardImportReport } {
  let document = createAgreementFromTemplate(catalogue, contractName);
  for (const category of document.categories) {
    for (const subject of category.subjects) {
      subject.isSelected = false;
      for (const option of subject.options) option.isSelected = false;
    }
  }
  const where = new Map<string, { category: Category; subject: Subject }>();
  for (const category of document.categories) for (const subject of category.subjects) if (subject.key) where.set(subject.key, { category, subject });
  const report: CardImportReport = { format: formatName, read: 0, placed: 0, placedAsText: 0, notPlaced: [] };
  const notes = new Map<string, string[]>();
  const addedOptions: { subjectKey: string; name: string }[] = [];

  const tick = (key: string): boolean => {
    const found = where.get(keyLevel(key) === 'option' ? subjectKeyOfOption(key) : key);
    if (!found) return false;
    found.subject.isSelected = true;
    if (keyLevel(key) === 'option') {
      const option = found.subject.options.find((candidate) => candidate.key === key);
      if (!option) return false;
      option.isSelected = true;
    }
    return true;
  };
  const note = (subjectKey: string | undefined, text: string): boolean => {
    if (!subjectKey || !where.has(subjectKey)) return false;
    notes.set(subjectKey, [...(notes.get(subjectKey) ?? []), text]);
    where.get(subjectKey)!.subject.isSelected = true;
    return true;
  };

  // Ranges come in two fields: gather both ends per subject first.
  const ranges = new Map<string, { low?: number; high?: number; fallback?: { subject: string; when: string }; fields: string[] }>();
  // A ticked box of several options ("Str" 1NT: 14-16, 15-17, …) waits for the fields that name one (the range).
  const boxesOfSeveral: { keys: readonly string[]; shown: string }[] = [];
  for (const [field, raw] of Object.entries(values)) {
    const spec = map.fields[field];
    const text = textOf(raw);
    if (!isTicked(raw) && text === '') continue;
    report.read += 1;
    const shown = `${field}: ${isTicked(raw) ? 'ticked' : text}`;
    if (!spec || spec.kind === 'blank') {
      report.notPlaced.push(shown);
      continue;
    }
    switch (spec.kind) {
      case 'tick':
        if (isTicked(raw) && spec.keys.length > 1) boxesOfSeveral.push({ keys: spec.keys, shown });
        else if (isTicked(raw) && spec.keys[0] !== undefined && tick(spec.keys[0])) report.placed += 1;
        else report.notPlaced.push(shown);
        break;
      case 'low':
      case 'high': {
        const number = /^\d{1,2}$/.test(text) ? Number(text) : undefined;
        if (number === undefined) {
          if (note(spec.subject, text)) report.placedAsText += 1;
          else report.notPlaced.push(shown);
          break;
        }
        const range = ranges.get(spec.subject) ?? { fields: [] };
        range[spec.kind] = number;
        if (spec.fallback) range.fallback = spec.fallback;
        range.fields.push(field);
        ranges.set(spec.subject, range);
        break;
      }
      case 'write': {
        // A line of several subjects names each ("Card-showing doubles: values; Maximal doubles: game try").
        const pieces = splitBySubject(text, spec.subjects, where);
        if (pieces.length === 0) {
          report.notPlaced.push(shown);
          break;
        }
        let allTicked = true;
        for (const { subjectKey, text: piece } of pieces) {
          const subject = where.get(subjectKey)!.subject;
          const left: string[] = [];
          for (const part of piece.split(/;\s*/).filter(Boolean)) {
            // The option of that name in the piece's subject, else in another subject of the line (an unnamed line of several).
            const others = spec.subjects.filter((key) => key !== subjectKey && where.has(key)).map((key) => where.get(key)!.subject);
            const option = [subject, ...others]
              .flatMap((candidate) => candidate.options)
              .find((candidate) => !isPlaceholderName(candidate.optionName) && sameText(displayName(candidate).replace(spec.strip ?? /^$/, ''), part));
            if (!(option?.key && tick(option.key))) left.push(part);
          }
          if (left.length > 0) {
            allTicked = false;
            note(subjectKey, left.join('; '));
          }
        }
        if (allTicked) report.placed += 1;
        else report.placedAsText += 1;
        break;
      }
      case 'derived':
        if (note(spec.keys.map((key) => (keyLevel(key) === 'option' ? subjectKeyOfOption(key) : key))[0], text)) report.placedAsText += 1;
        else report.notPlaced.push(shown);
        break;
      case 'names': {
        const names = text.split(/\s*(?:&|\/|\band\b|,)\s*/i).filter(Boolean);
        if (names.length >= 1) {
          document = { ...document, playerNames: [names[0]!.slice(0, MAX_PLAYER_NAME_LENGTH), (names[1] ?? '').slice(0, MAX_PLAYER_NAME_LENGTH)] };
          report.placed += 1;
        }
        break;
      }
    }
  }

  for (const key of extra.ticks ?? []) {
    report.read += 1;
    if (tick(key)) report.placed += 1;
    else report.notPlaced.push(key);
  }
  for (const line of extra.notPlaced ?? []) {
    report.read += 1;
    report.notPlaced.push(line);
  }

  for (const [subjectKey, range] of ranges) {
    const low = range.low;
    if (low === undefined) {
      report.notPlaced.push(`${range.fields.join(', ')}: to ${range.high ?? ''}`);
      continue;
    }
    const wanted = `${low}${range.high === undefined ? '+' : `-${range.high}`}`;
    const matches = (key: string) =>
      where.get(key)?.subject.options.find((option) => {
        const stated = hcpRange(displayName(option));
        return stated !== undefined && stated[0] === low && stated[1] === range.high;
      });
    const useFallback = range.fallback && where.get(range.fallback.subject) && isOptionTicked(where, range.fallback.when);
    const target = useFallback ? range.fallback!.subject : subjectKey;
    const option = matches(target) ?? matches(subjectKey);
    if (option?.key && tick(option.key)) report.placed += range.fields.length;
    else if (where.has(target)) {
      addedOptions.push({ subjectKey: target, name: `${wanted} HCP` });
      report.placedAsText += range.fields.length;
    } else report.notPlaced.push(`${range.fields.join(', ')}: ${wanted}`);
  }

  // A box of several options is placed by one of them ticked already; else it ticks the first, unless
  // its subject got a range no option has (the first option would contradict it).
  const isKeyTicked = (key: string) => (keyLevel(key) === 'option' ? isOptionTicked(where, key) : where.get(key)?.subject.isSelected === true);
  for (const { keys, shown } of boxesOfSeveral) {
    if (keys.some(isKeyTicked)) report.placed += 1;
    else if (addedOptions.some((added) => keys.some((key) => subjectKeyOfOption(key) === added.subjectKey))) report.notPlaced.push(shown);
    else if (tick(keys[0]!)) report.placed += 1;
    else report.notPlaced.push(shown);
  }

  // A box that stands for its fallback while a subject is not played (tickOr: "other vs NT" reads
  // the discards versus suits until sg.firstDiscardNt is played) and that the card leaves empty
  // while its fallback is ticked: the card says the two differ, so that subject is played (with no
  // option the card names), or reading the card back would tick the box (docs/official-cards.md §2).
  for (const [field, spec] of Object.entries(map.fields)) {
    if (spec.kind !== 'tick' || !spec.fallback || !(field in values) || isTicked(values[field]!)) continue;
    const { unlessPlayed, keys } = spec.fallback;
    if (spec.keys.some(isKeyTicked) || where.get(unlessPlayed)?.subject.isSelected === true || !keys.some(isKeyTicked)) continue;
    tick(unlessPlayed);
  }

  for (const { subjectKey, name } of addedOptions) {
    const found = findByKey(document, subjectKey);
    if (!found) continue;
    const placeholder = found.subject.options.find((option) => isPlaceholderName(option.optionName));
    if (placeholder) document = renameOption(document, found.category._id, found.subject._id, placeholder._id, name);
    else notes.set(subjectKey, [...(notes.get(subjectKey) ?? []), name]);
  }
  for (const [subjectKey, texts] of notes) {
    const found = findByKey(document, subjectKey);
    if (!found) continue;
    const joined = escapeMarkupText(texts.join('\n'));
    found.subject.note = joined.length > MAX_NOTE_LENGTH ? `${joined.slice(0, MAX_NOTE_LENGTH - 1)}…` : joined;
    found.subject.isSelected = true;
  }
  if (report.notPlaced.length > 0) document = keepNotPlaced(document, report.notPlaced);
  return { document, report };
}

/** Two texts the same as a player reads them: suits as symbols, colour marks and case and spacing aside. */
function sameText(a: string, b: string): boolean {
  const normal = (text: string) => expandSuits(stripMarkup(text)).toLowerCase().replace(/\s+/g, ' ').trim();
  return normal(a) === normal(b);
}

/**
 * A write-in line's text split among its subjects: where the line lists several, each part that
 * starts with a subject's name and a colon goes to that subject (as the card writes them,
 * official-card.ts); text before any name, or a line of one subject, goes to the first.
 */
function splitBySubject(text: string, subjectKeys: readonly string[], where: Map<string, { subject: Subject }>): { subjectKey: string; text: string }[] {
  const known = subjectKeys.filter((key) => where.has(key));
  if (known.length === 0) return [];
  if (known.length === 1) return [{ subjectKey: known[0]!, text }];
  const starts: { subjectKey: string; at: number; length: number }[] = [];
  for (const key of known) {
    const name = `${expandSuits(stripMarkup(displayName(where.get(key)!.subject)))}:`;
    // A name starts the line or follows "; " ("Blackwood:" inside "Roman Key Card Blackwood:" is not one).
    const lower = expandSuits(text).toLowerCase();
    let at = lower.indexOf(name.toLowerCase());
    while (at > 0 && !/;\s*$/.test(lower.slice(0, at))) at = lower.indexOf(name.toLowerCase(), at + 1);
    if (at >= 0) starts.push({ subjectKey: key, at, length: name.length });
  }
  starts.sort((a, b) => a.at - b.at);
  const expanded = expandSuits(text);
  if (starts.length === 0) return [{ subjectKey: known[0]!, text }];
  const pieces: { subjectKey: string; text: string }[] = [];
  if (starts[0]!.at > 0) pieces.push({ subjectKey: known[0]!, text: expanded.slice(0, starts[0]!.at).replace(/[;\s]+$/, '') });
  starts.forEach((start, index) => {
    const end = starts[index + 1]?.at ?? expanded.length;
    pieces.push({ subjectKey: start.subjectKey, text: expanded.slice(start.at + start.length, end).replace(/^\s+|[;\s]+$/g, '') });
  });
  return pieces.filter((piece) => piece.text !== '');
}

function isOptionTicked(where: Map<string, { subject: Subject }>, optionKey: string): boolean {
  return where.get(subjectKeyOfOption(optionKey))?.subject.options.some((option) => option.key === optionKey && option.isSelected) ?? false;
}

function findByKey(document: ContractDocument, subjectKey: string): { category: Category; subject: Subject } | undefined {
  for (const category of document.categories) {
    const subject = category.subjects.find((candidate) => candidate.key === subjectKey);
    if (subject) return { category, subject };
  }
  return undefined;
}

/** Adds the subject "Imported, not placed" to the first category, one option per field (as many as a subject holds; the rest in its note). */
function keepNotPlaced(document: ContractDocument, lines: readonly string[]): ContractDocument {
  const category = document.categories[0];
  const placeholder = category?.subjects.find((subject) => isPlaceholderName(subject.subjectName));
  if (!category || !placeholder) return document;
  let next = renameSubject(document, category._id, placeholder._id, NOT_PLACED_SUBJECT);
  const asOptions = lines.slice(0, MAX_OPTIONS_PER_SUBJECT - 1);
  for (const line of asOptions) {
    const subject = next.categories[0]!.subjects.find((candidate) => candidate._id === placeholder._id)!;
    const slot = subject.options.find((option) => isPlaceholderName(option.optionName));
    if (!slot) break;
    next = renameOption(next, category._id, placeholder._id, slot._id, escapeMarkupText(line));
  }
  const rest = lines.slice(asOptions.length);
  if (rest.length > 0) {
    const subject = next.categories[0]!.subjects.find((candidate) => candidate._id === placeholder._id)!;
    const text = escapeMarkupText(rest.join('\n'));
    subject.note = text.length > MAX_NOTE_LENGTH ? `${text.slice(0, MAX_NOTE_LENGTH - 1)}…` : text;
  }
  return next;
}
