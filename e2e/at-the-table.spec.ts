/**
 * The read-only page at the table, on a 390 px phone (docs/sharing.md §3): it opens on what
 * opponents ask first, found by catalogue key (the 1NT range of LC Standard), then an index whose
 * links jump to each category; it fits the screen and passes the accessibility check.
 */
import type { ContractName, TemplateSummary } from '@bpa/domain/contract';
import { expectNoSeriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test('on a phone, the read-only page opens on what opponents ask first and jumps to any category', async ({ subscriberPage: page, browser }) => {
  const names = ((await (await page.request.get('/api/v1/contracts/my')).json()) as { data: ContractName[] }).data;
  const partner5 = names.find((row) => row.contractName === 'Partner 5')!;
  const templates = ((await (await page.request.get('/api/v1/contracts/templates/')).json()) as { data: TemplateSummary[] }).data;
  const lc = templates.find((template) => template.templateName === 'LC Standard')!;
  expect((await page.request.patch(`/api/v1/contracts/my/${partner5._id}/template`, { data: { templateId: lc._id } })).status()).toBe(200);
  const made = await page.request.post(`/api/v1/contracts/my/${partner5._id}/link`);
  expect(made.status(), await made.text()).toBe(200);
  const { linkToken } = ((await made.json()) as { data: { linkToken: string } }).data;

  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/shared/${linkToken}`);
  const table = visitor.getByRole('region', { name: 'At the table' });
  await expect(table).toBeVisible();
  await expect(table).toContainText('1NT opening');
  await expect(table).toContainText('15-17');
  await expect(table).toContainText('Carding');
  const index = visitor.getByRole('navigation', { name: 'Categories' });
  await index.getByRole('link', { name: /Signals and Discards/ }).click();
  await expect(visitor).toHaveURL(/#category-13$/);
  await expect(visitor.getByRole('heading', { name: /Signals and Discards/ })).toBeInViewport();
  await expect.poll(() => visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxeViolations(visitor);
  await visitorContext.close();
});
