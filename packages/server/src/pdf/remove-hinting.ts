/**
 * Removes the hinting (grid-fitting programs) from a TrueType font.
 *
 * Why: DejaVu Sans is heavily hinted; in the glyphs an agreement uses, the instructions are more
 * than half of the glyph data and they went into every PDF's embedded subsets (about 20 KB of a
 * ~90 KB file). Hinting only helps rasterising at small pixel sizes on old renderers; PDF viewers
 * (PDF.js, PDFium, Preview) anti-alias outlines, and printers resolve far finer than hints matter.
 * The outlines, metrics and character maps are untouched, so text looks, measures and extracts
 * the same. Done once per process when the fonts are loaded (a few milliseconds).
 *
 * Font format: Apple TrueType Reference Manual / OpenType spec, tables `glyf`, `loca`, `head`.
 */

/** Tables that hold or depend on hinting; dropped from the rebuilt font. */
const HINTING_TABLES = new Set(['fpgm', 'prep', 'cvt ', 'hdmx', 'LTSH', 'VDMX']);

interface TableRecord {
  tag: string;
  offset: number;
  length: number;
}

/** Composite glyph component flags (OpenType `glyf`). */
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;
const WE_HAVE_INSTRUCTIONS = 0x0100;

/**
 * Returns a copy of a TrueType font without hinting: glyph instructions removed from every glyph,
 * the hinting tables dropped, `loca` rewritten in the long format.
 *
 * @param source a TrueType font file (sfnt with `glyf` outlines).
 * @returns a new font file.
 * @throws Error when the file is not a TrueType font with `glyf`, `loca`, `head` and `maxp` tables.
 */
export function removeTrueTypeHinting(source: Uint8Array): Uint8Array {
  const view = new DataView(source.buffer, source.byteOffset, source.byteLength);
  const tableCount = view.getUint16(4);
  const tables = new Map<string, TableRecord>();
  for (let index = 0; index < tableCount; index += 1) {
    const at = 12 + index * 16;
    const tag = String.fromCharCode(source[at] ?? 0, source[at + 1] ?? 0, source[at + 2] ?? 0, source[at + 3] ?? 0);
    tables.set(tag, { tag, offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  const glyf = tables.get('glyf');
  const loca = tables.get('loca');
  const head = tables.get('head');
  const maxp = tables.get('maxp');
  if (!glyf || !loca || !head || !maxp) throw new Error('Not a TrueType font with glyf, loca, head and maxp tables');

  const isLongLoca = view.getInt16(head.offset + 50) === 1;
  const glyphCount = view.getUint16(maxp.offset + 4);
  const glyphOffset = (glyph: number) => (isLongLoca ? view.getUint32(loca.offset + glyph * 4) : view.getUint16(loca.offset + glyph * 2) * 2);

  const glyphs: Uint8Array[] = [];
  const newLoca = new Uint8Array((glyphCount + 1) * 4);
  const locaView = new DataView(newLoca.buffer);
  let glyfLength = 0;
  for (let glyph = 0; glyph < glyphCount; glyph += 1) {
    locaView.setUint32(glyph * 4, glyfLength);
    const start = glyphOffset(glyph);
    const end = glyphOffset(glyph + 1);
    const stripped = stripGlyph(source.subarray(glyf.offset + start, glyf.offset + Math.max(start, end)));
    glyphs.push(stripped);
    glyfLength += stripped.length + (stripped.length % 2);
  }
  locaView.setUint32(glyphCount * 4, glyfLength);
  const newGlyf = new Uint8Array(glyfLength);
  let at = 0;
  for (const glyph of glyphs) {
    newGlyf.set(glyph, at);
    at += glyph.length + (glyph.length % 2);
  }
  // Copies (a Node Buffer's slice() would be a view onto the source).
  const newHead = new Uint8Array(source.subarray(head.offset, head.offset + head.length));
  new DataView(newHead.buffer).setInt16(50, 1); // indexToLocFormat: long offsets
  new DataView(newHead.buffer).setUint32(8, 0); // checkSumAdjustment, recomputed below

  const contents = new Map<string, Uint8Array>();
  for (const table of [...tables.values()].sort((a, b) => (a.tag < b.tag ? -1 : 1))) {
    if (HINTING_TABLES.has(table.tag)) continue;
    if (table.tag === 'glyf') contents.set('glyf', newGlyf);
    else if (table.tag === 'loca') contents.set('loca', newLoca);
    else if (table.tag === 'head') contents.set('head', newHead);
    else contents.set(table.tag, source.subarray(table.offset, table.offset + table.length));
  }
  return writeFont(view.getUint32(0), contents);
}

/** One glyph's data without instructions (simple glyphs: instruction length 0; composites: flag off). */
function stripGlyph(data: Uint8Array): Uint8Array {
  if (data.length < 10) return data;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const contourCount = view.getInt16(0);
  if (contourCount >= 0) {
    const lengthAt = 10 + 2 * contourCount;
    const instructionLength = view.getUint16(lengthAt);
    if (instructionLength === 0) return data;
    const stripped = new Uint8Array(data.length - instructionLength);
    stripped.set(data.subarray(0, lengthAt + 2));
    new DataView(stripped.buffer).setUint16(lengthAt, 0);
    stripped.set(data.subarray(lengthAt + 2 + instructionLength), lengthAt + 2);
    return stripped;
  }
  const copy = new Uint8Array(data);
  const copyView = new DataView(copy.buffer);
  let position = 10;
  for (;;) {
    const flags = copyView.getUint16(position);
    copyView.setUint16(position, flags & ~WE_HAVE_INSTRUCTIONS);
    position += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) position += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) position += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) position += 8;
    if (!(flags & MORE_COMPONENTS)) break;
  }
  return copy.subarray(0, position);
}

/** TrueType table checksum: sum of big-endian 32-bit words, zero padded. */
function checksumOf(data: Uint8Array): number {
  let sum = 0;
  for (let index = 0; index < data.length; index += 4) {
    const word = (((data[index] ?? 0) << 24) | ((data[index + 1] ?? 0) << 16) | ((data[index + 2] ?? 0) << 8) | (data[index + 3] ?? 0)) >>> 0;
    sum = (sum + word) >>> 0;
  }
  return sum;
}

/** Assembles an sfnt file from tables (sorted by tag), 4-byte aligned, with checksums. */
function writeFont(version: number, contents: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const count = contents.size;
  const headerLength = 12 + 16 * count;
  let total = headerLength;
  for (const data of contents.values()) total += Math.ceil(data.length / 4) * 4;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const power = 2 ** Math.floor(Math.log2(count));
  view.setUint32(0, version);
  view.setUint16(4, count);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, count * 16 - power * 16);
  let offset = headerLength;
  let index = 0;
  let headOffset = -1;
  for (const [tag, data] of contents) {
    const at = 12 + index * 16;
    for (let character = 0; character < 4; character += 1) out[at + character] = tag.charCodeAt(character);
    view.setUint32(at + 4, checksumOf(data));
    view.setUint32(at + 8, offset);
    view.setUint32(at + 12, data.length);
    out.set(data, offset);
    if (tag === 'head') headOffset = offset;
    offset += Math.ceil(data.length / 4) * 4;
    index += 1;
  }
  if (headOffset >= 0) view.setUint32(headOffset + 8, (0xb1b0afba - checksumOf(out)) >>> 0);
  return out;
}
