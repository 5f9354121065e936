/**
 * The repository explains itself (docs/conventions.md: "Citations point into this repository only"):
 * every citation in a comment, lint message or doc names a file of this repository, and a section
 * of it that exists; nothing cites the documents the code was first written from (the product
 * specification, the design notes, the bridge fact sheet, a developers' guide, the issues the work
 * was asked in), which are not in the repository. A rule an issue asked for is written in docs/
 * (or an ADR) and cited there.
 *
 * Cited forms: `docs/product.md §4`, `docs/product.md §D7`, `docs/bridge.md §4.5`,
 * `docs/conventions.md: "One error type, one handler"` (the quoted name must be in the file),
 * `docs/decisions/170-merge-instead-of-conflict.md`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { citingFiles } from './repoint-citations.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const files = (citingFiles as () => string[])();
const texts = new Map(files.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));

/** The section numbers a doc's headings define ("## 4.5 LC Standard" -> "4.5", "## D7. API" -> "D7"). */
function sectionsOf(doc: string): Set<string> {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  return new Set([...text.matchAll(/^#{1,4} §?([A-Z]?\d+(?:\.\d+)?[a-z]?)\.?\s/gm)].map((match) => match[1]!));
}

const CITATION = /\b(docs\/[\w./-]+?\.md)(?:,? ?§ ?([A-Z]?\d+(?:\.\d+)?[a-z]?))?(?::? "([^"\n]{3,80})")?/g;
const OLD_NAMES = /\b(?:[Ss]pec|[Dd]esign)(?:'s)? (?:section )?\d|domain-facts|DEVELOPERS\.md|product-spec\.md/;
/**
 * A citation of an issue by its number: "issue 14 §1", "Issue 9, item 3", "issues 9-16", "issue #12",
 * also with the number on the next line of a comment.
 */
const ISSUE_NUMBER = /\bissues?(?:[ \t]+|[ \t]*\n[ \t]*(?:\*|\/\/|#)?[ \t]*)#?\d/gi;

describe('citations of documents', () => {
  it('finds files to check', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('cite files and sections of this repository that exist', () => {
    const problems: string[] = [];
    const sections = new Map<string, Set<string>>();
    for (const [file, text] of texts) {
      for (const match of text.matchAll(CITATION)) {
        const [, doc, section, quoted] = match;
        const line = text.slice(0, match.index).split('\n').length;
        if (!existsSync(join(ROOT, doc!))) {
          problems.push(`${file}:${line}: ${doc} does not exist`);
          continue;
        }
        if (section !== undefined) {
          if (!sections.has(doc!)) sections.set(doc!, sectionsOf(doc!));
          if (!sections.get(doc!)!.has(section)) problems.push(`${file}:${line}: ${doc} has no section §${section}`);
        }
        if (quoted !== undefined && doc === 'docs/conventions.md') {
          const target = readFileSync(join(ROOT, doc), 'utf8').toLowerCase();
          if (!target.includes(quoted.toLowerCase())) problems.push(`${file}:${line}: ${doc} does not say "${quoted}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('never cite the documents that are not in the repository', () => {
    const problems = [...texts]
      .flatMap(([file, text]) => text.split('\n').map((line, index) => [file, index + 1, line] as const))
      .filter(([, , line]) => OLD_NAMES.test(line))
      .map(([file, line, text]) => `${file}:${line}: ${text.trim().slice(0, 120)}`);
    expect(problems).toEqual([]);
  });

  it('never cite issues by number (their texts are not in the repository)', () => {
    const problems = [...texts].flatMap(([file, text]) =>
      [...text.matchAll(ISSUE_NUMBER)].map((match) => {
        const line = text.slice(0, match.index).split('\n').length;
        return `${file}:${line}: ${text.split('\n')[line - 1]!.trim().slice(0, 120)}`;
      }),
    );
    expect(problems).toEqual([]);
  });

  it('recognises an issue citation in the forms comments used', () => {
    const cited = ['(issue 14 §1)', 'Issue 9, item 3', 'issues 9-16', 'issue #12', '(issue\n * 11)', 'issue\n// 3'];
    const plain = ['the issues of a 400 answer', '(issue: CsvIssue)', 'issue.line', 'issues[0]'];
    expect(cited.filter((text) => [...text.matchAll(ISSUE_NUMBER)].length === 0)).toEqual([]);
    expect(plain.filter((text) => [...text.matchAll(ISSUE_NUMBER)].length > 0)).toEqual([]);
  });
});
