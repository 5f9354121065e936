import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContractDocument } from '@bpa/domain/contract';
import { createAgreementFromTemplate, renameOption, toggleSubject } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import fc from 'fast-check';
import type { Operation } from 'fast-json-patch';
// The package is CommonJS: Node's ESM loader gives its exports on the default import only.
import jsonPatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { FIXTURE_TEMPLATES_DIR } from '../../test/test-app';
import { applyChanges, isProperPrefix } from './apply-changes';

const template = parseMasterCsv(readFileSync(join(FIXTURE_TEMPLATES_DIR, 'basic-precision.csv'), 'utf8'));
const stored: ContractDocument = createAgreementFromTemplate({ templateName: template.templateName, categories: template.categories }, 'Partner 1');

/**
 * The reference result: the changes applied by fast-json-patch to a whole copy, a move as the
 * remove and add RFC 6902 §4.4 defines it to be (fast-json-patch checks a move's path against
 * the document before the remove, so it lets a move end outside an array the remove shortened).
 */
function reference(document: unknown, changes: Operation[]): unknown {
  let copy: unknown = structuredClone(document);
  for (const change of changes) {
    if (change.op === 'move' && change.from !== change.path) {
      if (isProperPrefix(change.from, change.path)) throw new Error('A move into itself');
      const value: unknown = jsonPatch.getValueByPointer(copy, change.from);
      copy = jsonPatch.applyOperation(copy, { op: 'remove', path: change.from }, true, true, true).newDocument;
      copy = jsonPatch.applyOperation(copy, { op: 'add', path: change.path, value }, true, true, true).newDocument;
    } else {
      copy = jsonPatch.applyOperation(copy, change, true, true, true).newDocument;
    }
  }
  return copy;
}

/** The changes as the route receives them: parsed from JSON text. */
const asRequestBody = (changes: unknown): Operation[] => JSON.parse(JSON.stringify(changes)) as Operation[];

describe('applyChanges (a save of changes copies only their path, ADR 185)', () => {
  it('gives what applying the changes to a whole copy gives, leaves the stored document as it was, and shares every part no change reached', () => {
    const before = structuredClone(stored);
    const category = stored.categories[3]!;
    const withOptions = category.subjects.find((subject) => subject.options.length > 0)!;
    const edited = renameOption(
      toggleSubject(stored, category._id, category.subjects[0]!._id),
      category._id,
      withOptions._id,
      withOptions.options[0]!._id,
      'Stayman',
    );
    const changes = [{ op: 'test', path: '/categories/3/_id', value: category._id } as Operation, ...jsonPatch.compare(stored, edited)];
    expect(changes.length).toBeGreaterThan(1);

    const changed = applyChanges(stored, changes);
    expect(changed).toEqual(edited);
    expect(stored).toEqual(before);
    expect(changed).not.toBe(stored);
    expect(changed.categories).not.toBe(stored.categories);
    expect(changed.categories[3]).not.toBe(stored.categories[3]);
    const untouched = stored.categories[3]!.subjects.findIndex((subject, index) => index > 0 && subject !== withOptions);
    expect(changed.categories[3]!.subjects[untouched]).toBe(stored.categories[3]!.subjects[untouched]);
    for (const index of [0, 1, 2, 4, 12]) expect(changed.categories[index]).toBe(stored.categories[index]);
  });

  it('copies a moved value out of its old place and copies a copied value, so later changes to either reach nothing shared', () => {
    const before = structuredClone(stored);
    const changes: Operation[] = [
      { op: 'copy', from: '/categories/1/subjects/0', path: '/categories/2/subjects/0' },
      { op: 'replace', path: '/categories/2/subjects/0/isSelected', value: true },
      { op: 'move', from: '/categories/4/subjects/1', path: '/categories/5/subjects/0' },
      { op: 'replace', path: '/categories/5/subjects/0/isEdited', value: true },
      { op: 'remove', path: '/categories/6/subjects/0/options/0' },
      { op: 'add', path: '/categories/7/subjects/0/options/-', value: { ...stored.categories[7]!.subjects[0]!.options[0]!, _id: 'added' } },
      { op: 'replace', path: '/contractName', value: 'Renamed' },
    ];
    expect(applyChanges(stored, changes)).toEqual(reference(stored, changes));
    expect(stored).toEqual(before);
  });

  it('refuses what fast-json-patch refuses (a failed test, a missing path, a prototype key) and a move into itself; the stored document stays as it was', () => {
    const before = structuredClone(stored);
    for (const changes of [
      [{ op: 'test', path: '/contractName', value: 'Someone else' }],
      [{ op: 'replace', path: '/categories/3/subjects/999/isSelected', value: true }],
      [{ op: 'add', path: '/__proto__/polluted', value: 'yes' }],
      [{ op: 'replace', path: '/categories/0/constructor/prototype/polluted', value: 'yes' }],
      [{ op: 'remove', path: '/categories/0/subjects/0/options/0/missing' }],
    ] as Operation[][]) {
      expect(() => jsonPatch.applyPatch(structuredClone(stored), changes, true, true, true)).toThrow();
      expect(() => applyChanges(stored, changes)).toThrow();
    }
    for (const changes of [
      [{ op: 'move', from: '/categories/0/subjects/0', path: '/categories/0/subjects/0/options/0' }],
      [{ op: 'move', from: '', path: '/categories/0' }],
      // fast-json-patch lets this one through; as a remove then an add (RFC 6902 §4.4) the add is out of bounds.
      [{ op: 'move', from: '/categories/0/subjects/0', path: `/categories/0/subjects/${stored.categories[0]!.subjects.length}` }],
    ] as Operation[][]) {
      expect(() => applyChanges(stored, changes)).toThrow();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(stored).toEqual(before);
  });

  it('agrees with fast-json-patch on random changes of a small document, and never changes it (property)', () => {
    const base = { a: [1, { b: 'x', c: [true, null] }, [2, 3]], d: { e: { f: 1 }, g: [] as unknown[] }, h: 'y' };
    const frozen = JSON.stringify(base);
    const paths = [
      '',
      '/a',
      '/a/0',
      '/a/1',
      '/a/1/b',
      '/a/1/c',
      '/a/1/c/1',
      '/a/2',
      '/a/2/-',
      '/a/-',
      '/d',
      '/d/e',
      '/d/e/f',
      '/d/g',
      '/d/g/-',
      '/h',
      '/z',
      '/a/9',
    ];
    const value = fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.constant({ k: [1] }), fc.constant([0]));
    const path = fc.constantFrom(...paths);
    const operation = fc.oneof(
      fc.record({ op: fc.constant('add' as const), path, value }),
      fc.record({ op: fc.constant('replace' as const), path, value }),
      fc.record({ op: fc.constant('remove' as const), path }),
      fc.record({ op: fc.constant('move' as const), from: path, path }),
      fc.record({ op: fc.constant('copy' as const), from: path, path }),
      fc.record({ op: fc.constant('test' as const), path, value }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 6 }), (changes) => {
        let expected: unknown;
        let expectedError = false;
        try {
          // Each run gets its own copy of the changes, made as a request body is (JSON.parse: no value appears twice): an added value is put in the result as it is, and may be changed by later operations.
          expected = reference(base, asRequestBody(changes));
        } catch {
          expectedError = true;
        }
        let actual: unknown;
        let actualError = false;
        try {
          actual = applyChanges(base, asRequestBody(changes));
        } catch {
          actualError = true;
        }
        expect(actualError).toBe(expectedError);
        if (!expectedError) expect(actual).toEqual(expected);
        expect(JSON.stringify(base)).toBe(frozen);
      }),
      { numRuns: 1000 },
    );
  });
});
