/**
 * Fuzz test of every write route (docs/product.md §D11): a bounded property-based run (fast-check) sends
 * malformed bodies (random JSON, objects with the API's field names holding wrong values, valid
 * agreements with one part replaced, strings with NUL and lone surrogates, bodies that are not
 * JSON, wrong content types) to every POST, PUT, PATCH and DELETE route the app registers, as an
 * anonymous client, a subscriber and an administrator. No answer may be a 5xx.
 *
 * Bounded for CI: TOTAL_RUNS bodies in all (4,000, about 20 s), spread over the routes; a failure
 * prints the shrunk body and the route (fast-check's report). Every request comes from its own
 * address, so the per-address rate limits do not turn the run into 429s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createTestAccount, insertBlankTemplate, signInAs } from '../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp, makeTestConfig } from '../test/test-app';
import { type TestDatabase, openTestDatabase } from '../test/test-db';
import { type TestSmtpServer, startTestSmtpServer } from '../test/test-smtp-server';
import { insertTestAgreement } from './agreements/test-agreements';
import { loadTemplates } from './templates/load-templates';

/** Bodies in all, spread over the write routes (about 20 s on the 2-core reference machine). */
const TOTAL_RUNS = 4000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Field names of the API's request bodies: random values under real names reach deeper than random keys. */
const FIELD_NAMES = [
  'email',
  'password',
  'passwordConfirm',
  'contract',
  'contractName',
  'categories',
  'revision',
  'templateId',
  'pageSize',
  'isSubscriber',
  'name',
  'message',
  'altcha',
  'subjects',
  'options',
  '_id',
  'order',
  'categoryName',
  'subjectName',
  'optionName',
  'editedName',
  'isEdited',
  'isSelected',
  'bold',
  'italics',
  '__proto__',
  'constructor',
];

let database: TestDatabase;
let smtp: TestSmtpServer;
let app: App;
let dataDir: string;
let validDocument: object;
const cookies: Record<'anonymous' | 'subscriber' | 'admin', string | undefined> = { anonymous: undefined, subscriber: undefined, admin: undefined };
const writeRoutes: { method: string; url: string }[] = [];
let contractId = '';

function collect(route: RouteOptions): void {
  for (const method of [route.method].flat()) {
    if (WRITE_METHODS.has(method)) writeRoutes.push({ method, url: route.url });
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  await insertBlankTemplate(database.db);
  smtp = await startTestSmtpServer();
  dataDir = mkdtempSync(join(tmpdir(), 'fuzz-'));
  app = await buildTestApp(database.db, { config: makeTestConfig({ SMTP_URL: smtp.url, DATA_DIR: dataDir }), onRoute: collect });
  await app.ready();
  const subscriber = await createTestAccount(database.db);
  const admin = await createTestAccount(database.db, { role: 'admin' });
  cookies.subscriber = await signInAs(database.db, subscriber.id);
  cookies.admin = await signInAs(database.db, admin.id);
  const contract = await insertTestAgreement(database.db, { ownerUserId: subscriber.id });
  contractId = contract.id;
  validDocument = contract.document;
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Strings that have broken servers: NUL, lone surrogates, long runs, markup, numbers as text. */
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\uffff', '', ' ', 'button', '##c9#x###', '<script>', '1e309', '-0', 'NaN', '../../etc/passwd'),
  fc.string({ minLength: 480, maxLength: 620 }),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 5 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 4 }),
);

/**
 * Replaces the value at a depth-first position of `value` with `replacement`; with `stringsOnly`
 * only string leaves count, so the body stays well-formed but for one nasty string.
 */
function replaceAt(value: unknown, position: number, replacement: unknown, stringsOnly = false): unknown {
  let index = position;
  const walk = (node: unknown): unknown => {
    if ((!stringsOnly || typeof node === 'string') && index-- === 0) return replacement;
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    return node;
  };
  return walk(value);
}

/** A request body: JSON of some malformed value, or raw text with a content type. */
type Body = { json: unknown } | { raw: string; contentType: string };
const bodyArbitrary: fc.Arbitrary<Body> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })) },
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), nastyValue, { maxKeys: 6 }).map((json) => ({ json })) },
  {
    weight: 4,
    arbitrary: fc.tuple(fc.nat({ max: 5000 }), nastyValue, fc.constantFrom('contract', 'document', 'save')).map(([position, value, shape]) => {
      const mutated = replaceAt(validDocument, position, value);
      return { json: shape === 'contract' ? { contract: mutated } : shape === 'save' ? { ...(mutated as object), revision: 0 } : mutated };
    }),
  },
  {
    weight: 3,
    arbitrary: fc.tuple(fc.nat({ max: 800 }), nastyString, fc.boolean()).map(([position, value, asSave]) => {
      const mutated = replaceAt(validDocument, position, value, true);
      return { json: asSave ? { ...(mutated as object), revision: 0 } : { contract: mutated } };
    }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'application/octet-stream',
          'text/csv',
        ),
      )
      .map(([raw, contentType]) => ({ raw, contentType })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 100 })).map(([name, content]) => ({
      raw: `--b\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--b--\r\n`,
      contentType: 'multipart/form-data; boundary=b',
    })),
  },
);

/**
 * 5xx answers known and not fixed yet, each let through for exactly its case. Empty: the run is
 * strict. (Malformed multipart uploads and text with NUL characters or lone surrogates answered 500
 * before docs/product.md §D7 refused them with 400.)
 */
const KNOWN_5XX: { route: string; when: (body: Body) => boolean }[] = [];
const isKnown5xx = (route: string, body: Body) => KNOWN_5XX.some((known) => (known.route === '*' || known.route === route) && known.when(body));

let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.77.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
};

/** The URL of a route with its parameters filled in (a real agreement id, random tokens). */
function urlOf(pattern: string, tokenish: string): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) =>
    name === 'id' && pattern.includes('/contracts/') ? contractId : encodeURIComponent(tokenish || 'x'),
  );
}

describe('every write route answers malformed bodies without a 5xx', () => {
  it('registers write routes to fuzz', () => {
    expect(writeRoutes.length).toBeGreaterThan(15);
  });

  it('no 5xx for any generated body, role and route (property)', async () => {
    const runsPerRoute = Math.max(20, Math.floor(TOTAL_RUNS / writeRoutes.length));
    for (const route of writeRoutes) {
      // Signing out would end the shared sessions: those routes are fuzzed without a cookie.
      const signsOut = route.url.endsWith('/logout');
      await fc.assert(
        fc.asyncProperty(
          bodyArbitrary,
          fc.constantFrom('anonymous', 'subscriber', 'admin') as fc.Arbitrary<keyof typeof cookies>,
          fc.string({ maxLength: 50 }),
          async (body, role, tokenish) => {
            const cookie = signsOut ? undefined : cookies[role];
            const headers: Record<string, string> = cookie ? { cookie } : {};
            const response = await app.inject({
              method: route.method as 'POST',
              url: urlOf(route.url, tokenish),
              remoteAddress: nextAddress(),
              ...('json' in body
                ? { payload: JSON.stringify(body.json) ?? 'null', headers: { ...headers, 'content-type': 'application/json' } }
                : { payload: body.raw, headers: { ...headers, 'content-type': body.contentType } }),
            });
            if (response.statusCode >= 500 && !isKnown5xx(`${route.method} ${route.url}`, body))
              throw new Error(`${route.method} ${route.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
          },
        ),
        { numRuns: runsPerRoute, endOnFailure: true },
      );
    }
  }, 180_000);
});
