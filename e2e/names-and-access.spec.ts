/**
 * docs/product.md §15-16, in real Chromium (the trial editor, no account needed): the agreement
 * name gets the colour buttons; every name field tells the 500-character limit before it is
 * reached; check boxes show a visible focus ring, ticked or not; the icon-only pencil and chevron
 * have tooltips and 44 px targets; user-added subjects sit under a "User added" heading.
 */
import { expect, test, type Page } from '@playwright/test';
import { useClientAddress } from './support/client-address';

useClientAddress(7);

async function openTrialEditor(page: Page): Promise<void> {
  await page.goto('/guest/home');
  await page.getByRole('button', { name: /^Edit Agreement/ }).click();
  await expect(page).toHaveURL(/\/guest\/contract$/);
  await expect(page.getByRole('heading', { name: /IX\. Overcalls/ })).toBeVisible();
}

test('the agreement name has colour buttons, and name fields count towards the limit', async ({ page }) => {
  await openTrialEditor(page);
  await page.getByRole('button', { name: 'Edit the agreement name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Agreement Name' });
  await expect(dialog.getByRole('group', { name: 'Text colour' }).getByRole('button')).toHaveCount(5);
  const field = dialog.locator('[contenteditable="true"]');
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Anna & me');
  await expect(dialog.getByText('9 of 500 characters')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+A');
  await dialog.getByRole('button', { name: 'Red' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const shown = page.locator('.agreement-status-name');
  await expect(shown).toContainText('Anna & me');
  // The name is shown in red: the colour markup was saved, not typed.
  await expect(shown.locator('[style*="color"]').first()).toHaveText('Anna & me');
  await expect(page.getByRole('button', { name: 'Edit the agreement name' })).toBeFocused();

  // Near the limit the counter turns and speaks.
  await page.getByRole('button', { name: 'Edit the agreement name' }).click();
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText('x'.repeat(470));
  // 470 letters in the red of the name: with its colour marks (##c2# and ###) the stored name is 475.
  await expect(dialog.getByText('475 of 500 characters')).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: '25 characters left' })).toBeAttached();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The dashboard's inline rename counts too.
  await page.goto('/guest/home');
  await page.getByRole('button', { name: /^Edit Name/ }).click();
  await expect(page.getByText(/^\d+ of 500 characters$/)).toBeVisible();
});

test('focus rings on ticked check boxes, 44 px icon buttons with tooltips, and the "User added" heading', async ({ page }) => {
  await openTrialEditor(page);
  const box = page.getByLabel('Competing after they bid and raise', { exact: true });
  await box.check();
  await box.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const ring = await page.locator('.item-check:focus-visible').evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(ring).toBe('solid');

  const pencil = page.getByRole('button', { name: 'Edit name: Competing after they bid and raise' });
  const chevron = page.getByRole('button', { name: /^Options of Competing after they bid and raise/ });
  for (const button of [pencil, chevron]) {
    const size = await button.boundingBox();
    expect(size?.width).toBeGreaterThanOrEqual(44);
    expect(size?.height).toBeGreaterThanOrEqual(44);
  }
  await chevron.hover();
  await expect(page.locator('.p-tooltip')).toHaveText(/Hide options|Show options/);

  await page.getByRole('button', { name: 'Add New Subject' }).click();
  await page.getByRole('dialog').locator('[contenteditable="true"]').fill('Our defence to 1NT');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'User added' })).toBeVisible();
  await expect(page.locator('.subject-group', { has: page.getByRole('heading', { name: 'User added' }) })).toContainText('Our defence to 1NT');
});
