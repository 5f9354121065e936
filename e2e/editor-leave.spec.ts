/**
 * The leave warning means what it says (docs/product.md §15): "Press OK to proceed without saving
 * changes" drops the unsaved edits, so opening the same agreement again shows what was saved.
 */
import type { Page } from '@playwright/test';
import { MESSAGES } from '@bpa/domain/messages';
import { useClientAddress } from './support/client-address';
import { expect, test } from './support/fixtures';

useClientAddress(5);

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function openPartnerOne(page: Page) {
  await page.getByRole('button', { name: 'Edit Agreement: Partner 1' }).click();
  await expect(page).toHaveURL(/\/my\/contract$/);
  await page.getByRole('button', { name: /Overcalls/ }).click();
  await expect(page.getByRole('heading', { name: /IX\. Overcalls/ })).toBeVisible();
}

test('OK on the leave warning drops the unsaved edits (Cancel keeping them: subscriber.spec.ts)', async ({ subscriberPage: page }) => {
  await openPartnerOne(page);
  const box = page.locator('.subjects-panel').getByRole('checkbox').first();
  const wasChecked = await box.isChecked();
  await box.click({ force: true });
  await expect(box).toBeChecked({ checked: !wasChecked });

  await mainNav(page).getByRole('link', { name: 'Go To Dashboard' }).click();
  const leaveDialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: MESSAGES.leaveWithoutSaving });
  await leaveDialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/my\/home$/);

  await openPartnerOne(page);
  await expect(page.locator('.subjects-panel').getByRole('checkbox').first()).toBeChecked({ checked: wasChecked });
});
