/**
 * Embedded font subsets, finished once per process and reused between renders (ADR 183).
 *
 * A PDF embeds, per face it uses, a subset of the font holding only the glyphs it draws, the
 * glyphs' widths (/W) and a ToUnicode map (text extraction, copy and paste). Building (fontkit)
 * and deflating those for every document was about a fifth of a render. Here a subset is built for a set
 * of glyphs, and its finished bytes (the deflated font file and ToUnicode map, the widths, and
 * every text already encoded with its glyph numbers) are kept in a per-process LRU cache. A later
 * document that draws the same glyphs of the same face, or fewer (a cached subset with at most
 * SUPERSET_SLACK_GLYPHS glyphs more), takes those bytes: no subsetting and no font deflate.
 *
 * Only bytes are shared. Each document still writes its own font objects with its own object
 * numbers (page-content.ts, `writeFontObjects`), so references stay valid per document.
 *
 * The glyphs of a subset are numbered in the order of their glyph ids (not in the order a document
 * first draws them), so two documents with the same glyphs get the same subset whatever they print
 * first; this is why a document's text is encoded only once all its pages are drawn.
 */
import { deflateSync } from 'node:zlib';
import type { Font } from 'fontkit';
import { LRUCache } from 'lru-cache';
import { type AgreementFont, shapeText } from './agreement-fonts';

/**
 * Deflate level of the cached font files and ToUnicode maps: the highest, as each subset is
 * compressed once and then reused (ADR 183's table: fonts barely compress further than level 6,
 * 15.2 KB at levels 5 to 9 against 15.5 KB at level 1, so the level costs nothing either way).
 */
export const FONT_DEFLATE_LEVEL = 9;

/**
 * Bound of the cache, in bytes as estimated by `estimateSize` (the finished streams, the glyph
 * maps and the encoded words): 8 MB per process (each PDF worker thread has its own cache). A
 * subset of a large agreement is about 6 KB of streams plus up to about 150 KB of encoded words.
 */
export const SUBSET_CACHE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * A cached subset serves a document that draws a subset of its glyphs when it holds at most this
 * many glyphs more (each costs the file about 60 bytes): a document that drops a few words still
 * finds the subset of its earlier version.
 */
export const SUPERSET_SLACK_GLYPHS = 8;

/** Encoded texts kept per subset before its map is emptied (user text: bound it). */
const MAX_FRAGMENTS_PER_SUBSET = 5_000;

/** Glyphs one document draws with one face: glyph id -> the code points its text gave it (first use wins). */
export type GlyphUse = Map<number, readonly number[]>;

/** One finished subset of one face, shared by every document that uses it. */
export interface FontSubset {
  /** The face's id in this process and its glyphs with their code points: the cache key. */
  readonly key: string;
  /** A number for this subset, unique in the process (what a text's encoding was made with, page-content.ts). */
  readonly serial: number;
  readonly font: Font;
  /** Six capital letters for the font's name (ISO 32000-1 §9.6.4), derived from the key. */
  readonly tag: string;
  /** Glyph id -> its number (CID) in this subset; 0 is the missing glyph. */
  readonly cids: ReadonlyMap<number, number>;
  /** Glyph id -> its code points as written in the ToUnicode map, joined by ','. */
  readonly codePoints: ReadonlyMap<number, string>;
  /** The TrueType subset, deflated (FONT_DEFLATE_LEVEL), and its length before deflating (/Length1). */
  readonly fontFile: Buffer;
  readonly fontFileLength: number;
  /** Advance width per CID in 1/1000 em (the descendant font's /W). */
  readonly widths: readonly number[];
  /** The ToUnicode CMap, deflated. */
  readonly toUnicode: Buffer;
  /** Text -> its glyph bytes inside a TJ string, kerning as numbers (see `encodeWithSubset`). */
  readonly fragments: Map<string, string>;
  /** Estimated bytes of `fragments` (two bytes a character and 48 a map entry). */
  fragmentBytes: number;
}

/** Counts since the process started (or `clearFontSubsetCache`), for tests and the bench. */
export interface FontSubsetCacheStats {
  /** Subsets taken from the cache with exactly the glyphs asked for. */
  hits: number;
  /** Subsets taken from the cache holding a few glyphs more (SUPERSET_SLACK_GLYPHS). */
  supersetHits: number;
  /** Subsets built (and deflated) because none fitted. */
  misses: number;
  /** Subsets in the cache now, and their estimated size in bytes. */
  entries: number;
  bytes: number;
}

let cache = newCache(SUBSET_CACHE_MAX_BYTES);
const counts = { hits: 0, supersetHits: 0, misses: 0 };
const fontIds = new WeakMap<Font, number>();

/** An empty cache bounded to `maxBytes` (estimated by `estimateSize`). */
function newCache(maxBytes: number): LRUCache<string, FontSubset> {
  return new LRUCache<string, FontSubset>({ maxSize: maxBytes, sizeCalculation: (subset) => estimateSize(subset) });
}

/** Estimated memory of a cached subset, in bytes (at least 1, as lru-cache requires). */
function estimateSize(subset: FontSubset): number {
  return subset.fontFile.length + subset.toUnicode.length + subset.widths.length * 8 + subset.cids.size * 96 + subset.fragmentBytes + 256;
}

/** A number per parsed font for this process: two fonts with the same name (hinted or not) never share a subset. */
function fontId(font: Font): number {
  let id = fontIds.get(font);
  if (id === undefined) {
    id = nextFontId;
    nextFontId += 1;
    fontIds.set(font, id);
  }
  return id;
}
let nextFontId = 1;

/** The cache key of `glyphIds` (sorted) with their code points in `used`. */
function keyOf(font: Font, glyphIds: readonly number[], used: GlyphUse): string {
  let key = `${fontId(font)}|`;
  for (const glyphId of glyphIds) key += `${glyphId}:${(used.get(glyphId) ?? []).join('.')},`;
  return key;
}

/**
 * The subset for the glyphs a document drew with `face`: the cached one with exactly these glyphs,
 * else the smallest cached one holding them all (same code points) with at most
 * SUPERSET_SLACK_GLYPHS more, else a new one, built, deflated and cached.
 *
 * @param face the parsed face (agreement-fonts.ts); its outlines must be TrueType (glyf), as DejaVu's are
 * @param used glyph id -> code points, for every glyph the document draws with the face (glyph 0 may be left out)
 * @returns the subset; its `cids` number every glyph of `used`
 * @throws Error when the face has CFF outlines (not TrueType), which this module does not embed
 */
export function findOrBuildSubset(face: AgreementFont, used: GlyphUse): FontSubset {
  const glyphIds = [...used.keys()].filter((glyphId) => glyphId !== 0).sort((a, b) => a - b);
  const key = keyOf(face.font, glyphIds, used);
  const exact = cache.get(key);
  if (exact) {
    counts.hits += 1;
    return exact;
  }
  const superset = findSuperset(face.font, glyphIds, used);
  if (superset) {
    counts.supersetHits += 1;
    return cache.get(superset.key) ?? superset;
  }
  counts.misses += 1;
  const subset = buildSubset(face, glyphIds, used, key);
  cache.set(key, subset);
  return subset;
}

/** The smallest cached subset of `font` that holds every glyph of `glyphIds` with the same code points and at most SUPERSET_SLACK_GLYPHS more. */
function findSuperset(font: Font, glyphIds: readonly number[], used: GlyphUse): FontSubset | undefined {
  const prefix = `${fontId(font)}|`;
  let best: FontSubset | undefined;
  // forEach does not refresh the entries' recency: only the one chosen is `get` again.
  cache.forEach((candidate) => {
    if (!candidate.key.startsWith(prefix)) return;
    const extra = candidate.cids.size - 1 - glyphIds.length;
    if (extra < 0 || extra > SUPERSET_SLACK_GLYPHS || (best && best.cids.size <= candidate.cids.size)) return;
    for (const glyphId of glyphIds) {
      if (candidate.codePoints.get(glyphId) !== (used.get(glyphId) ?? []).join(',')) return;
    }
    best = candidate;
  });
  return best;
}

let nextSubsetSerial = 0;

/** Builds, encodes and deflates the subset of `glyphIds` (numbered in that order after the missing glyph). */
function buildSubset(face: AgreementFont, glyphIds: readonly number[], used: GlyphUse, key: string): FontSubset {
  const { font } = face;
  // fontkit's documented subset API (createSubset, includeGlyph, encode). It numbers the glyphs in
  // the order they are included, after the missing glyph 0: font-subsets.test.ts checks that by
  // reading the subset's file back.
  const subset = font.createSubset();
  const scale = 1000 / font.unitsPerEm;
  const cids = new Map<number, number>([[0, 0]]);
  const codePoints = new Map<number, string>();
  const widths: number[] = [font.getGlyph(0).advanceWidth * scale];
  const unicode: (readonly number[])[] = [[0]];
  for (const glyphId of glyphIds) {
    const glyph = font.getGlyph(glyphId);
    subset.includeGlyph(glyph);
    const cid = cids.size;
    const points = used.get(glyphId) ?? [];
    cids.set(glyphId, cid);
    codePoints.set(glyphId, points.join(','));
    widths[cid] = glyph.advanceWidth * scale;
    unicode[cid] = points;
  }
  const file = subset.encode();
  if (!isTrueTypeFile(file)) throw new Error(`${font.postscriptName} has CFF outlines; the PDF embeds TrueType fonts only.`);
  nextSubsetSerial += 1;
  return {
    key,
    serial: nextSubsetSerial,
    font,
    tag: subsetTag(key),
    cids,
    codePoints,
    fontFile: deflateSync(file, { level: FONT_DEFLATE_LEVEL }),
    fontFileLength: file.length,
    widths,
    toUnicode: deflateSync(Buffer.from(toUnicodeCmap(unicode), 'latin1'), { level: FONT_DEFLATE_LEVEL }),
    fragments: new Map(),
    fragmentBytes: 0,
  };
}

/** A TrueType font file (sfnt version 1.0 or 'true', OpenType spec "Organization of an OpenType Font"); fontkit's subset of a CFF font is bare CFF data. */
function isTrueTypeFile(file: Uint8Array): boolean {
  const version = ((file[0] ?? 0) << 24) | ((file[1] ?? 0) << 16) | ((file[2] ?? 0) << 8) | (file[3] ?? 0);
  return version === 0x00010000 || version === 0x74727565;
}

/** Six capital letters from a hash (FNV-1a) of the key: the same subset always gets the same name. */
function subsetTag(key: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193) >>> 0;
  let tag = '';
  for (let letter = 0; letter < 6; letter += 1) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) + letter * 7919;
  }
  return tag;
}

/** Four hex digits of a UTF-16 code unit. */
const toHex = (value: number) => value.toString(16).padStart(4, '0');

/** The ToUnicode CMap for code points per CID, (Adobe Technical Note #5411; bfrange blocks of 256 CIDs, as pdfkit wrote it). */
function toUnicodeCmap(unicode: readonly (readonly number[] | undefined)[]): string {
  const entries: string[] = [];
  for (let cid = 0; cid < unicode.length; cid += 1) {
    const encoded: string[] = [];
    for (let value of unicode[cid] ?? [0]) {
      if (value > 0xffff) {
        value -= 0x10000;
        encoded.push(toHex(((value >>> 10) & 0x3ff) | 0xd800));
        value = 0xdc00 | (value & 0x3ff);
      }
      encoded.push(toHex(value));
    }
    entries.push(`<${encoded.join(' ')}>`);
  }
  const ranges: string[] = [];
  for (let start = 0; start < entries.length; start += 256) {
    const end = Math.min(start + 256, entries.length);
    ranges.push(`<${toHex(start)}> <${toHex(end - 1)}> [${entries.slice(start, end).join(' ')}]`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo <<',
    '  /Registry (Adobe)',
    '  /Ordering (UCS)',
    '  /Supplement 0',
    '>> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000><ffff>',
    'endcodespacerange',
    `${ranges.length} beginbfrange`,
    ...ranges,
    'endbfrange',
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** One byte of a PDF literal string, escaped where the syntax needs it. */
function toStringByte(byte: number): string {
  switch (byte) {
    case 0x28:
      return '\\(';
    case 0x29:
      return '\\)';
    case 0x5c:
      return '\\\\';
    case 0x0d:
      return '\\r';
    case 0x0a:
      return '\\n';
    default:
      return String.fromCharCode(byte);
  }
}

/**
 * A text's words and spaces, one space each: the pieces the layout measured and shaped
 * (agreement-fonts.ts `shapeText`), so that a line is exactly as wide on the page.
 */
export function splitWords(text: string): string[] {
  const chunks: string[] = [];
  let from = 0;
  while (from < text.length) {
    const space = text.indexOf(' ', from);
    if (space === -1) {
      chunks.push(text.slice(from));
      break;
    }
    if (space > from) chunks.push(text.slice(from, space));
    chunks.push(' ');
    from = space + 1;
  }
  return chunks;
}

/**
 * A text as the inside of a TJ string for `subset`: each word and space shaped (`splitWords`),
 * 2-byte CIDs as literal bytes (half the size of hex), kerning as numbers in whole
 * thousandths of an em. Kept in the subset, so the next document using it does not encode the
 * text again.
 *
 * @param face the face `subset` was built from
 * @param text one piece of a line, as PageContent's `drawText` got it
 * @returns the bytes between `[(` and `)]TJ`, as a Latin-1 string
 * @throws Error when a glyph of `text` is not in `subset` (the document's glyphs were not all recorded)
 */
export function encodeWithSubset(subset: FontSubset, face: AgreementFont, text: string): string {
  let fragment = subset.fragments.get(text);
  if (fragment !== undefined) return fragment;
  fragment = '';
  for (const chunk of splitWords(text)) {
    const shaped = shapeText(face, chunk);
    for (let index = 0; index < shaped.glyphIds.length; index += 1) {
      const glyphId = shaped.glyphIds[index] ?? 0;
      const cid = subset.cids.get(glyphId);
      if (cid === undefined) throw new Error(`Glyph ${glyphId} of "${chunk}" is not in the font subset.`);
      fragment += toStringByte(cid >> 8) + toStringByte(cid & 0xff);
      // Whole thousandths of an em: 0.01 pt at 10 pt, invisible.
      const rounded = Math.round((shaped.adjustments[index] ?? 0) * shaped.scale);
      if (rounded !== 0) fragment += `)${-rounded}(`;
    }
  }
  if (subset.fragments.size >= MAX_FRAGMENTS_PER_SUBSET) {
    subset.fragments.clear();
    subset.fragmentBytes = 0;
  }
  subset.fragments.set(text, fragment);
  subset.fragmentBytes += 2 * (text.length + fragment.length) + 48;
  return fragment;
}

/**
 * Tells the cache that a document has finished with `subset`: its size is counted again (the
 * document may have added encoded words), which may evict the least recently used subsets.
 */
export function updateSubsetSize(subset: FontSubset): void {
  if (cache.peek(subset.key) !== subset) return;
  // lru-cache recounts an entry's size only when a different value is set: take it out first.
  cache.delete(subset.key);
  cache.set(subset.key, subset);
}

/** The cache's counts and size now. */
export function fontSubsetCacheStats(): FontSubsetCacheStats {
  return { ...counts, entries: cache.size, bytes: cache.calculatedSize };
}

/**
 * Empties the cache and zeroes its counts (tests; a cold start).
 *
 * @param maxBytes the new cache's bound (default SUBSET_CACHE_MAX_BYTES); tests use a small one
 */
export function clearFontSubsetCache(maxBytes = SUBSET_CACHE_MAX_BYTES): void {
  cache = newCache(maxBytes);
  counts.hits = 0;
  counts.supersetHits = 0;
  counts.misses = 0;
}
