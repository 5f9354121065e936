/**
 * The read-only link's answer on the shipped systems (docs/sharing.md §3): only the selected items
 * (domain `selectedCategories`), from which the page's outline and its at-the-table summary come
 * out as from the whole agreement, at a quarter of its size or less.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { askedFirst } from '@bpa/domain/at-the-table';
import { createAgreementFromTemplate } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { outlineAgreement, selectedCategories } from '@bpa/domain/outline';

const folder = new URL('../templates/', import.meta.url);
const systems = readdirSync(folder).filter((file) => file.endsWith('.csv') && file !== 'blank.csv' && file !== 'free-trial-agreement.csv');

/** What a reader sees of an outline: labels, headings, names and notes, without object identity. */
const seen = (outline: ReturnType<typeof outlineAgreement>) =>
  outline.map((c) => [
    c.label,
    c.subcategories.map((g) => [g.heading, g.bold, g.italics, g.subjects.map((s) => [s.name, s.subject.note, s.options.map((o) => o.name)])]),
  ]);

describe("the read-only link's answer of each shipped system", () => {
  it.each(systems)('%s: the page shows the same, from a quarter of the agreement or less', (file) => {
    const doc = createAgreementFromTemplate(parseMasterCsv(readFileSync(new URL(file, folder), 'utf8')), 'Link');
    const trimmed = selectedCategories(doc.categories);
    expect(seen(outlineAgreement({ ...doc, categories: trimmed }))).toEqual(seen(outlineAgreement(doc)));
    expect(askedFirst(doc.categories).length).toBeGreaterThan(0);
    expect(askedFirst(trimmed)).toEqual(askedFirst(doc.categories));
    expect(JSON.stringify(trimmed).length).toBeLessThan(JSON.stringify(doc.categories).length / 4);
  });
});
