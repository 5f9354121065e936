/**
 * Applying a save's changes (RFC 6902 operations, ADR 181) to a stored document without changing
 * it and without copying all of it (ADR 181: small saves; ADR 185). The objects and arrays on the path to
 * what an operation changes are copied (path copying, as persistent data structures do); every
 * other part of the result is the stored document's own object. Two gains follow: a save of one
 * tick copies a few small objects instead of a 290 kB document, and the comparisons that follow
 * (the history's summary and patch, the changed items: replace-agreement-document.ts) skip every
 * category and subject that is the same object on both sides.
 *
 * The operations themselves are applied by fast-json-patch (`applyOperation`, validating each one
 * and refusing prototype keys), on the copied path only.
 */
import type { Operation } from 'fast-json-patch';
// The package is CommonJS: Node's ESM loader gives its exports on the default import only.
import jsonPatch from 'fast-json-patch';

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** A JSON Pointer's reference tokens (RFC 6901 §4: `~1` is `/`, `~0` is `~`); none for the whole document (''). */
export function pointerTokens(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .split('/')
        .slice(1)
        .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Makes the containers on the way to `pointer`'s parent copies of their own (the parent included),
 * so that changing that parent changes nothing shared. Stops where the path leaves the document
 * (applyOperation then refuses the operation).
 */
function copyPathTo(root: Container, pointer: string, copies: Set<unknown>): void {
  let container: Container = root;
  for (const token of pointerTokens(pointer).slice(0, -1)) {
    if (!Object.hasOwn(container, token)) return;
    const child = (container as Record<string, unknown>)[token];
    if (!isContainer(child)) return;
    const copy = copies.has(child) ? child : Array.isArray(child) ? child.slice() : { ...child };
    copies.add(copy);
    (container as Record<string, unknown>)[token] = copy;
    container = copy;
  }
}

/** True when JSON Pointer `prefix` names a value that holds the one `pointer` names (RFC 6901). */
export function isProperPrefix(prefix: string, pointer: string): boolean {
  return pointer !== prefix && pointer.startsWith(prefix === '' ? '/' : `${prefix}/`);
}

/**
 * Applies `changes` to `document` and returns the result; `document` is not changed, and every
 * part of it that no operation touches is shared with the result.
 *
 * @param document the stored document (JSON: objects, arrays, strings, numbers, booleans, null)
 * @param changes RFC 6902 operations, applied in order; `test` operations compare with the
 *   document as changed so far
 * @returns the changed document (a new top-level object, even for no operations)
 * @throws jsonPatch.JsonPatchError when an operation is malformed, its path is missing, a `test`
 *   fails, or a `move` goes into the moved value itself; TypeError when it names a prototype key
 *   (`__proto__`, `constructor/prototype`)
 */
export function applyChanges<T extends object>(document: T, changes: readonly Operation[]): T {
  let root: unknown = Array.isArray(document) ? document.slice() : { ...document };
  const copies = new Set<unknown>([root]);
  const apply = (operation: Operation) => {
    // (A root replaced by a string or number holds nothing to copy.)
    if (isContainer(root) && operation.op !== 'test' && operation.op !== '_get') copyPathTo(root, operation.path, copies);
    root = jsonPatch.applyOperation(root, operation, true, true, true).newDocument;
    // A replaced or added root is a new value: copy it before anything inside it changes.
    if (operation.path === '' && isContainer(root) && !copies.has(root)) {
      root = Array.isArray(root) ? root.slice() : { ...root };
      copies.add(root);
    }
  };
  for (const change of changes) {
    if (change.op !== 'move' || change.from === change.path) {
      apply(change);
      continue;
    }
    // RFC 6902 §4.4: "from" must not be a proper prefix of "path" (a value cannot move into itself).
    if (isProperPrefix(change.from, change.path)) {
      throw new jsonPatch.JsonPatchError('A value cannot be moved into itself', 'OPERATION_FROM_UNRESOLVABLE', undefined, change);
    }
    // A move is a remove then an add (RFC 6902 §4.4, as fast-json-patch does it), each with its own
    // path copied: the remove can shift an array that the add's path goes through.
    const value: unknown = isContainer(root) ? jsonPatch.getValueByPointer(root, change.from) : undefined;
    apply({ op: 'remove', path: change.from });
    apply({ op: 'add', path: change.path, value });
  }
  return root as T;
}
