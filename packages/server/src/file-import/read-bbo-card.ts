/**
 * A BBO convention card's XML (docs/agreement-format.md, "BBO cards"), read in the import worker
 * (ADR 190) with fast-xml-parser: the `<cc>` element's `E_` texts, `C_` boxes and `L_` leads, from
 * a card as BBO's card manager exports it, either the `<cc>` element itself or its wrapper
 * `<cc_card cc="…">`, whose attribute holds the `<cc>` element escaped. What each element means is
 * the domain's (bbo-card.ts).
 */
import type { BboElement } from '@bpa/domain/bbo-card';
import { XMLParser } from 'fast-xml-parser';
import { AppError } from '../errors';

/** 400 text for an XML file that is not a BBO card. */
export const NOT_A_BBO_CARD_MESSAGE = 'This XML file is not a BBO convention card: it has no <cc> element. Export the card from BBO’s convention card manager.';
/** 400 text for XML with a document type (the only way to declare entities, which BBO cards never use). */
export const XML_DOCTYPE_MESSAGE = 'This XML file declares a document type, which BBO convention cards never do, so it was not read.';
/** 400 text for a card that is not well-formed XML. */
export const BAD_XML_MESSAGE = 'This BBO card is not well-formed XML, so it was not read.';

/** Most elements read from one card (BBO's card has about 300). */
const MAX_ELEMENTS = 3_000;
/** Longest text kept from one element, in characters. */
const MAX_TEXT_LENGTH = 1_000;

type Node = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  processEntities: true,
  htmlEntities: false,
  parseAttributeValue: false,
  parseTagValue: false,
});

/** Whether a text looks like XML: its first character, after spaces and a byte order mark, is "<". */
export function looksLikeXml(text: string): boolean {
  return /^\uFEFF?\s*</.test(text);
}

function parse(text: string): Node[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new AppError('bad_request', XML_DOCTYPE_MESSAGE);
  try {
    return parser.parse(text) as Node[];
  } catch (error) {
    throw new AppError('bad_request', BAD_XML_MESSAGE, { logDetail: String((error as { message?: unknown }).message ?? error) });
  }
}

/** The first element named `name` at the top of a parsed document. */
const find = (nodes: Node[], name: string): Node | undefined => nodes.find((node) => name in node);

/**
 * Reads a BBO card's elements.
 *
 * @param text the file's text
 * @returns the elements, in order: texts as strings, boxes and leads as booleans
 * @throws AppError bad_request: XML_DOCTYPE_MESSAGE (a DOCTYPE or ENTITY declaration: no entity is
 *   ever expanded), BAD_XML_MESSAGE, NOT_A_BBO_CARD_MESSAGE, or too many elements
 */
export function readBboCard(text: string): BboElement[] {
  let nodes = parse(text);
  let card = find(nodes, 'cc');
  const wrapper = find(nodes, 'cc_card');
  if (!card && wrapper?.[':@']?.cc) {
    nodes = parse(wrapper[':@'].cc);
    card = find(nodes, 'cc');
  }
  const children = card?.cc;
  if (!Array.isArray(children)) throw new AppError('bad_request', NOT_A_BBO_CARD_MESSAGE);
  if (children.length > MAX_ELEMENTS) throw new AppError('bad_request', `This BBO card has ${children.length} elements; a card has at most ${MAX_ELEMENTS}.`);
  const elements: BboElement[] = [];
  for (const child of children as Node[]) {
    const name = Object.keys(child).find((key) => key !== ':@');
    const attributes = child[':@'] ?? {};
    if (!name) continue;
    if (name.startsWith('E_')) elements.push({ name, value: String(attributes.t ?? '').slice(0, MAX_TEXT_LENGTH) });
    else if (name.startsWith('C_')) elements.push({ name, value: attributes.c === 'y' });
    else if (name.startsWith('L_')) elements.push({ name, value: attributes.l === 'y' });
  }
  return elements;
}
