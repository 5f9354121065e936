/**
 * Administration and contact end to end (docs/product.md §2, §6), in real
 * Chromium against the real server:
 * - the administrator opens the Admin Panel, adds a user through the form, sees them under Users
 *   and Subscriptions (date month/day/year, price $15.00), impersonates them (/im/home with the
 *   banner) and comes back;
 * - uploads a template with an error (sees its line), fixes it, uploads it again, downloads it as
 *   CSV, and the impersonated subscriber loads it into an agreement from the dashboard;
 * - a visitor sends a message on /contact (the ALTCHA captcha solved by the real browser, from our
 *   own server only), and the administrator reads it under Messages and deletes it;
 * - axe on every tab and on /contact.
 * The template files are made from templates/blank.csv: another name, and a broken line.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, invalidFileSizeMessage } from '@bpa/domain/messages';
import { MAX_UPLOAD_BYTES } from '@bpa/domain/constants';
import { expectNoSeriousAxeViolations } from './support/axe';
import { signInAsAdmin } from './support/first-admin';
import { readOutbox, waitForEmail } from './support/outbox';
import { useClientAddress } from './support/client-address';

useClientAddress(2);

const BLANK_CSV = fileURLToPath(new URL('../templates/blank.csv', import.meta.url));

/** A fresh value per run, so the tests do not depend on each other's data. */
function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** A tab of the Admin Panel (PrimeReact TabView: role tab). */
async function openTab(page: Page, name: 'Subscriptions' | 'Messages' | 'Users' | 'Templates') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** The row of an admin table that holds `text`. */
function rowWith(page: Page, table: string, text: string) {
  return page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
}

/**
 * The row of `table` holding `text`, turning its pages (docs/product.md §9: more than 10 rows are
 * paginated) until it shows: how many users the suite has made by now decides its page.
 */
async function findRow(page: Page, table: string, text: string) {
  const row = rowWith(page, table, text);
  const next = page
    .locator('.p-datatable')
    .filter({ has: page.getByRole('table', { name: table }) })
    .locator('.p-paginator-next');
  await expect(page.getByRole('table', { name: table })).toBeVisible();
  for (let turns = 0; turns < 50 && (await row.count()) === 0; turns += 1) {
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    await next.click();
  }
  return row;
}

/** Today as the browser shows dates (docs/product.md §9: month/day/year), in the browser's time zone. */
async function todayInBrowser(page: Page): Promise<string> {
  return page.evaluate(() => new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).format(new Date()));
}

test('the administrator adds a user, impersonates them, uploads a template the subscriber then loads', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/my/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Subscriptions', 'Messages', 'Users', 'Templates']);
  await expectNoSeriousAxeViolations(page);

  // Users: Add User with the docs/product.md §5 rule, then the new user in the list.
  await openTab(page, 'Users');
  await expect(page).toHaveURL(/\/my\/admin\?tab=users$/);
  const emailField = page.getByLabel('Email of the new user');
  const addUser = page.getByRole('button', { name: 'Add User' });
  await addUser.click();
  await expect(page.getByText(MESSAGES.addUserEmailInvalid)).toBeVisible();
  await emailField.fill('not-an-email');
  await addUser.click();
  await expect(page.getByText(MESSAGES.addUserEmailInvalid)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const userEmail = `${unique('subscriber')}@example.org`;
  const before = (await readOutbox()).map((message) => message.file);
  await emailField.fill(userEmail);
  await addUser.click();
  await expect(page.getByText(`The invitation was sent to ${userEmail}.`)).toBeVisible();
  await expect(emailField).toHaveValue('');
  await expect(await findRow(page, 'Users', userEmail)).toContainText('Subscriber');
  await waitForEmail(userEmail, { ignoreFiles: before });
  // docs/product.md §9: paginated only above 10 rows.
  const userCount = ((await (await page.request.get('/api/v1/users')).json()) as { data: unknown[] }).data.length;
  await expect(page.locator('.p-paginator')).toHaveCount(userCount > 10 ? 1 : 0);

  // Subscriptions: the new user's one-year subscription, booked today, $15.00.
  await openTab(page, 'Subscriptions');
  const subscription = await findRow(page, 'Subscriptions', userEmail);
  await expect(subscription).toContainText(await todayInBrowser(page));
  await expect(subscription).toContainText('$15.00');
  await expect(subscription).toContainText('Active');
  await expectNoSeriousAxeViolations(page);

  // Impersonate: /im/home with the banner, and back to the administrator's own session.
  await openTab(page, 'Users');
  await (await findRow(page, 'Users', userEmail)).getByRole('button', { name: `Impersonate ${userEmail}` }).click();
  await expect(page).toHaveURL(/\/im\/home$/);
  const banner = page.getByRole('region', { name: 'Impersonation notice' });
  await expect(banner).toContainText(`You are signed in as ${userEmail} (impersonating)`);
  await banner.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/my\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();

  // Templates: the hidden Free Trial Agreement is not listed; the shipped ones are, with a date.
  await openTab(page, 'Templates');
  const templates = page.getByRole('table', { name: 'Templates' });
  await expect(rowWith(page, 'Templates', 'Basic Precision')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(templates).not.toContainText('Free Trial Agreement');
  await expectNoSeriousAxeViolations(page);

  const fileInput = page.getByLabel('Master template file');
  const upload = page.getByRole('button', { name: 'Upload master' });
  // Checked in the browser first (docs/product.md §5): one byte over the limit, the spec's size error.
  await fileInput.setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 'a') });
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid file size' })).toHaveText(invalidFileSizeMessage('huge.csv', '1,000,000 bytes'));
  await expect(upload).toBeDisabled();

  // A file with an error is rejected whole and its line is named (docs/product.md §D6).
  const templateName = `E2E Template ${unique('t')}`;
  const blank = await readFile(BLANK_CSV, 'utf8');
  const lines = blank.split(/\r?\n/);
  const nameLine = lines.findIndex((line) => line.startsWith('template,'));
  const subjectLine = lines.findIndex((line) => line.startsWith('subject,'));
  expect(nameLine).toBeGreaterThan(0);
  expect(subjectLine).toBeGreaterThan(nameLine);
  lines[nameLine] = `template,${templateName},,,,`;
  const goodCsv = lines.join('\n');
  const badLines = [...lines];
  badLines[subjectLine] = badLines[subjectLine]!.replace(/^subject,/, 'subjet,');
  const badCsv = badLines.join('\n');

  await fileInput.setInputFiles({ name: 'e2e-template.csv', mimeType: 'text/csv', buffer: Buffer.from(badCsv, 'utf8') });
  await expect(upload).toBeEnabled();
  await upload.click();
  const problem = page.getByRole('alert').filter({ hasText: 'was not uploaded' });
  await expect(problem).toContainText(`Line ${String(subjectLine + 1)}`);
  await expect(problem).toContainText('subjet');
  await expect(templates).not.toContainText(templateName);

  // Fixed and uploaded again: the list reloads with it (docs/product.md §4).
  await fileInput.setInputFiles({ name: 'e2e-template.csv', mimeType: 'text/csv', buffer: Buffer.from(goodCsv, 'utf8') });
  await expect(problem).toHaveCount(0);
  await upload.click();
  await expect(page.getByText(`The template "${templateName}" was added.`)).toBeVisible();
  await expect(rowWith(page, 'Templates', templateName)).toContainText(await todayInBrowser(page));

  // Download CSV gives the template back in the upload format.
  const downloading = page.waitForEvent('download');
  await rowWith(page, 'Templates', templateName)
    .getByRole('button', { name: `Download CSV of ${templateName}` })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${templateName}.csv`);
  const downloaded = await readFile((await download.path())!, 'utf8');
  expect(downloaded).toContain(`template,${templateName}`);
  expect(downloaded).toContain('subject,Basic system');

  // The subscriber can load it: it is among their template names, and from the dashboard.
  await openTab(page, 'Users');
  await (await findRow(page, 'Users', userEmail)).getByRole('button', { name: `Impersonate ${userEmail}` }).click();
  await expect(page).toHaveURL(/\/im\/home$/);
  const names = (await (await page.request.get('/api/v1/contracts/templates/')).json()) as { data: { templateName: string }[] };
  expect(names.data.map((template) => template.templateName)).toContain(templateName);
  await page.getByRole('link', { name: 'Go to their dashboard' }).click();
  await expect(page).toHaveURL(/\/my\/home$/);
  await page
    .getByRole('button', { name: /^Load a Template: / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Load a Template' });
  await dialog.getByLabel(templateName).check();
  await dialog.getByRole('button', { name: 'Load Template' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(new RegExp(`${templateName} was loaded into`))).toBeVisible();
  await page.getByRole('region', { name: 'Impersonation notice' }).getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/my\/admin$/);
});

test('a visitor sends a message on /contact, which the administrator reads and deletes', async ({ browser, page }) => {
  // The visitor: a browser of their own, signed out. Every request must go to our server (docs/product.md §D2).
  const visitor = await browser.newContext();
  const contactPage = await visitor.newPage();
  const foreignRequests: string[] = [];
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
  contactPage.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:')) foreignRequests.push(url);
  });
  const pageErrors: string[] = [];
  contactPage.on('pageerror', (error) => pageErrors.push(error.message));
  contactPage.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) pageErrors.push(message.text());
  });

  await contactPage.goto('/');
  await contactPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
  await expect(contactPage).toHaveURL(/\/contact$/);
  await expect(contactPage.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const send = contactPage.getByRole('button', { name: 'Send Message' });
  // docs/product.md §4: disabled until the captcha is solved.
  await expect(send).toBeDisabled();
  await expectNoSeriousAxeViolations(contactPage);

  const name = contactPage.getByLabel('Name (optional)');
  const email = contactPage.getByLabel('Email');
  const message = contactPage.getByLabel(/^Message/);
  // Focusing the form starts the proof of work in the browser's workers.
  await name.fill('Visiting Player');
  await email.fill('not-an-email');
  await message.fill('Too short');
  await expect(send).toBeEnabled({ timeout: 30_000 });
  await send.click();
  // docs/product.md §5 texts; nothing was sent.
  await expect(contactPage.getByText(MESSAGES.contactEmailInvalid)).toBeVisible();
  await expect(contactPage.getByText(MESSAGES.contactMessageTooShort)).toBeVisible();

  const senderEmail = `${unique('visitor')}@example.org`;
  const text = `Hello, could the templates include Polish Club? (${unique('m')})`;
  await email.fill(senderEmail);
  await message.fill(text);

  // A failed send shows why and keeps what was typed; a fresh captcha is solved at once.
  await contactPage.route('**/api/v1/messages', (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.fallback()));
  await send.click();
  await expect(contactPage.getByRole('alert').filter({ hasText: 'Your message was not sent' })).toContainText('could not be reached');
  await expect(name).toHaveValue('Visiting Player');
  await expect(email).toHaveValue(senderEmail);
  await expect(message).toHaveValue(text);
  await contactPage.unroute('**/api/v1/messages');

  await expect(send).toBeEnabled({ timeout: 30_000 });
  await send.click();
  await expect(contactPage.getByRole('status').filter({ hasText: MESSAGES.messageSent })).toBeVisible();
  await expect(message).toHaveValue('');
  await expect(send).toBeDisabled();
  await expectNoSeriousAxeViolations(contactPage);
  expect(foreignRequests, 'requests to other hosts').toEqual([]);
  expect(pageErrors, 'script errors or CSP refusals').toEqual([]);
  await visitor.close();

  // The administrator reads it under Messages (date and 12-hour time, docs/product.md §9) and deletes it.
  await signInAsAdmin(page);
  await page.goto('/my/admin?tab=messages');
  const row = rowWith(page, 'Messages', text);
  await expect(row).toContainText('Visiting Player');
  await expect(row).toContainText(senderEmail);
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/);
  await expectNoSeriousAxeViolations(page);

  await row.getByRole('button', { name: /^Delete message from / }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: 'Delete the message from' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Delete message from / }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(/^The message from .* was deleted\.$/)).toBeVisible();
  const messages = (await (await page.request.get('/api/v1/messages')).json()) as { data: { mailMessage: string }[] };
  expect(messages.data.map((item) => item.mailMessage)).not.toContain(text);
});
