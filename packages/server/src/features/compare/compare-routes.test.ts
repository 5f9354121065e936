import { ContractAnswerSchema } from '@bpa/domain/api';
import { FREE_TRIAL_TEMPLATE_NAME } from '@bpa/domain/constants';
import { toggleSubject } from '@bpa/domain/editing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { templates } from '../../db/schema/templates';
import { readPdfText } from '../../test/read-pdf-text';
import { createTestAccount, signInAs } from '../../test/test-accounts';
import { FIXTURE_TEMPLATES_DIR, buildTestApp } from '../../test/test-app';
import { type TestDatabase, openTestDatabase } from '../../test/test-db';
import { loadTemplates } from '../templates/load-templates';
import { insertTestAgreement } from '../agreements/test-agreements';

let database: TestDatabase;
let app: App;
let cookie: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await loadTemplates(database.db, FIXTURE_TEMPLATES_DIR);
  app = await buildTestApp(database.db);
  await app.ready();
  cookie = await signInAs(database.db, (await createTestAccount(database.db)).id);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('Compare (docs/sharing.md §9)', () => {
  it('opens a visible template as an agreement, and not the hidden trial template', async () => {
    const rows = await database.db.select().from(templates);
    const precision = rows.find((row) => row.templateName === 'Basic Precision')!;
    const answer = await app.inject({ method: 'GET', url: `/api/v1/contracts/templates/${precision.id}`, headers: { cookie } });
    const contract = ContractAnswerSchema.parse(answer.json()).data;
    expect(contract).toMatchObject({ _id: precision.id, contractName: 'Basic Precision', templateName: 'Basic Precision', revision: 0 });
    expect(contract.categories.map((c) => c.categoryName)).toEqual(precision.content.map((c) => c.categoryName));
    const trial = rows.find((row) => row.templateName === FREE_TRIAL_TEMPLATE_NAME)!;
    expect((await app.inject({ method: 'GET', url: `/api/v1/contracts/templates/${trial.id}`, headers: { cookie } })).statusCode).toBe(404);
  });

  it('makes the "What\'s different" PDF: each difference with both sides, and the categories that are the same', async () => {
    const account = await createTestAccount(database.db);
    const agreement = await insertTestAgreement(database.db, { ownerUserId: account.id, contractName: 'Anna' });
    const category = agreement.document.categories[1]!;
    const subject = category.subjects[0]!;
    const changed = toggleSubject(agreement.document, category._id, subject._id);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/contracts/compare/pdf',
      headers: { cookie },
      payload: { left: { label: 'Anna', contract: changed }, right: { label: 'Template', contract: agreement.document } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename=/);
    const text = (await readPdfText(response.rawPayload)).join('\n');
    expect(text).toContain("What's different: Anna | Template");
    expect(text).toContain(category.categoryName);
    expect(text).toContain(subject.isSelected ? 'Anna: not recorded' : 'Template: not recorded');
    expect(text).toContain('Same in both');
  });
});
