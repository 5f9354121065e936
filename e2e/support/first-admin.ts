/**
 * The first administrator of the server under test (docs/product.md §D8: on start, with no administrator,
 * the server creates one for ADMIN_EMAIL and prints a one-time set-password link on its standard
 * output, which playwright.config.ts writes to `serverOutputFile`).
 *
 * The link works once, so the first spec to use it claims it (a marker file beside the output);
 * every later spec signs in with ADMIN_PASSWORD instead.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { adminEmail, serverOutputFile } from '../playwright.config';

export { adminEmail };
/** The password the claiming spec gives the first administrator. */
export const ADMIN_PASSWORD = 'Admin-Password-2468';

/** The path `/accept-invite/{tok}` of the first administrator, read from the server's output. */
export async function readFirstAdminLink(): Promise<string> {
  const output = await readFile(serverOutputFile, 'utf8');
  const found = /https?:\/\/\S+(\/accept-invite\/[A-Za-z0-9_-]+)/.exec(output);
  if (!found?.[1]) throw new Error(`The server printed no first-administrator link in ${serverOutputFile}:\n${output}`);
  return found[1];
}

/**
 * Claims the first administrator's set-password link: its path the first time, null afterwards
 * (the link is single-use; the administrator then has ADMIN_PASSWORD).
 */
export async function claimFirstAdminLink(): Promise<string | null> {
  const link = await readFirstAdminLink();
  try {
    await writeFile(`${serverOutputFile}.claimed`, link, { flag: 'wx' });
    return link;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  }
}

/**
 * Makes sure the first administrator has ADMIN_PASSWORD (setting it through the API if nobody has
 * claimed the link yet) and signs `page`'s browser context in as that administrator, through the API.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const link = await claimFirstAdminLink();
  if (link) {
    const token = link.split('/').at(-1) ?? '';
    const set = await page.request.patch(`/api/v1/users/setPassword/${token}`, { data: { password: ADMIN_PASSWORD, passwordConfirm: ADMIN_PASSWORD } });
    expect(set.status(), await set.text()).toBe(200);
  }
  const login = await page.request.post('/api/v1/users/login', { data: { email: adminEmail, password: ADMIN_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
}
