/**
 * Every text a write route takes is text the database can keep (docs/product.md §D7): each string
 * field of every POST, PUT, PATCH and DELETE route's body, parameters and query refuses a NUL
 * character and a lone surrogate at validation (400), through the one helper `storableText`
 * (packages/domain/src/text.ts), instead of failing at the database (500). The schemas are walked
 * as the routes registered them, so a new route or field is checked without being listed here.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { App } from '../app';
import { buildTestApp } from '../test/test-app';
import { type TestDatabase, openTestDatabase } from '../test/test-db';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Texts that no column can keep: NUL, and a lone surrogate at each end. */
const UNSTORABLE = ['a\u0000b', 'x\ud800', '\udfffy'];

let database: TestDatabase;
let app: App;
const routes: { route: string; part: string; schema: z.ZodType }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(database.db, {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (!WRITE_METHODS.has(method)) continue;
        const schema = (route.schema ?? {}) as Record<string, unknown>;
        for (const part of ['body', 'params', 'querystring']) {
          if (schema[part]) routes.push({ route: `${method} ${route.url}`, part, schema: schema[part] as z.ZodType });
        }
      }
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/**
 * The string schemas inside a schema, each with its path, found through zod's public definition
 * (`schema.def`). Recursive schemas are walked once.
 */
function stringFields(schema: z.ZodType, path: string, seen = new Set<unknown>()): { path: string; schema: z.ZodType }[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema.def as unknown as Record<string, unknown> & { type: string };
  const inner = (child: unknown, suffix = '') => stringFields(child as z.ZodType, path + suffix, seen);
  switch (def.type) {
    case 'string':
      return [{ path, schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) => inner(child, `.${key}`));
    case 'array':
      return inner(def.element, '[]');
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((item, index) => inner(item, `[${index}]`));
    case 'record':
      return [...inner(def.keyType, '{key}'), ...inner(def.valueType, '{}')];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => inner(option));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe': {
      // A string refined through a pipe (an email: trimmed, then checked) is one field: the pipe is what parses it.
      const input = (def.in as z.ZodType).def as { type: string };
      return input.type === 'string' ? [{ path, schema }] : [...inner(def.in), ...inner(def.out)];
    }
    case 'lazy':
      return inner((def.getter as () => unknown)());
    default:
      return [];
  }
}

describe('the text fields of the write routes', () => {
  it('finds the routes and their text fields', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.flatMap(({ schema, part }) => stringFields(schema, part)).length).toBeGreaterThan(40);
  });

  it('refuses NUL and lone surrogates in every one of them', () => {
    const accepting: string[] = [];
    for (const { route, part, schema } of routes) {
      for (const field of stringFields(schema, part)) {
        for (const text of UNSTORABLE) {
          if (field.schema.safeParse(text).success) accepting.push(`${route} ${field.path} takes ${JSON.stringify(text)}`);
        }
      }
    }
    expect(accepting).toEqual([]);
  });
});
