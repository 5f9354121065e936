/**
 * The request and answer schemas of the API modules are built on first use (ADR 210): importing a
 * module builds none of them, so a page's start-up in the browser builds only the schemas it
 * checks. Each is a `z.lazy` whose builder has not run until the schema parses something.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as api from './api';
import * as apiAdmin from './api-admin';
import * as apiContracts from './api-contracts';
import * as apiLive from './api-live';
import * as apiNotices from './api-notices';
import * as apiSharing from './api-sharing';
import * as apiUsers from './api-users';
import * as history from './history';
import * as practice from './practice';
import * as questionnaire from './questionnaire';

const MODULES = { api, apiAdmin, apiContracts, apiLive, apiNotices, apiSharing, apiUsers, history, practice, questionnaire };

/**
 * Schemas kept eager on purpose: others are made from them with `.extend`, `.pick` or `.shape`,
 * which a lazy schema has not (ADR 210).
 */
const BUILT_AT_IMPORT = new Set([
  'MakePdfRequestSchema',
  'SubscriberPdfRequestSchema',
  'PdfFileInfoSchema',
  'PrintOptionsSchema',
  'SharingSchema',
  'SharePartnerRequestSchema',
  'QuestionnaireSummarySchema',
]);

/** Every exported `…AnswerSchema` and `…RequestSchema` of the API modules, by module and name. */
function requestAndAnswerSchemas(): Array<[string, z.ZodType]> {
  return Object.entries(MODULES).flatMap(([module, exports]) =>
    Object.entries(exports as Record<string, unknown>)
      .filter(([name, value]) => /(?:Answer|Request)Schema$/.test(name) && value instanceof z.ZodType && !BUILT_AT_IMPORT.has(name))
      .map(([name, value]): [string, z.ZodType] => [`${module}.${name}`, value as z.ZodType]),
  );
}

describe('schemas built on first use (ADR 210)', () => {
  it('finds the API modules’ request and answer schemas', () => {
    expect(requestAndAnswerSchemas().length).toBeGreaterThan(40);
  });

  it('makes every request and answer schema lazy, outside the listed ones', () => {
    const eager = requestAndAnswerSchemas()
      .filter(([, schema]) => !(schema instanceof z.ZodLazy))
      .map(([name]) => name);
    expect(eager).toEqual([]);
  });

  it('checks as before once used: a lazy answer schema refuses a wrong shape and keeps a right one', () => {
    expect(api.ContractAnswerSchema).toBeInstanceOf(z.ZodLazy);
    expect(api.HealthAnswerSchema.safeParse({ status: 'success', data: { alive: true } }).success).toBe(true);
    expect(api.HealthAnswerSchema.safeParse({ status: 'success', data: { alive: false } }).success).toBe(false);
    const json = z.toJSONSchema(api.HealthAnswerSchema) as { properties?: Record<string, unknown> };
    expect(Object.keys(json.properties ?? {})).toEqual(['status', 'data']);
  });
});
