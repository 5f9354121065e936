/**
 * The trial agreement as a visitor expects it (docs/product.md §14; ADR 100): it starts with
 * nothing ticked, it stays in the browser when the visitor goes to the landing page (logo, Home,
 * Back), and only Start over, after a confirmation, erases it.
 */
import { expect, test, type Page } from '@playwright/test';
import { useClientAddress } from './support/client-address';

useClientAddress(13);

async function openTrialEditor(page: Page) {
  await page.goto('/guest/home');
  await page.getByRole('button', { name: /^Edit Agreement/ }).click();
  await expect(page).toHaveURL(/\/guest\/contract$/);
  await page.getByRole('button', { name: /Overcalls/ }).click();
  await expect(page.getByRole('heading', { name: /IX\. Overcalls/ })).toBeVisible();
}

const checkedBoxes = (page: Page) => page.locator('.subjects-panel').getByRole('checkbox', { checked: true });

test('the trial starts blank, survives the landing page, and only Start over erases it', async ({ page }) => {
  await openTrialEditor(page);
  // docs/product.md §1: "Starting point: blank only".
  await expect(checkedBoxes(page)).toHaveCount(0);
  await page.getByLabel('Competing after they bid and raise', { exact: true }).check();
  await expect(checkedBoxes(page)).toHaveCount(1);

  // To the landing page by the logo, then back: the edit is still there.
  await page.getByRole('link', { name: /Bridge Partnership Agreements/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await openTrialEditor(page);
  await expect(page.getByLabel('Competing after they bid and raise', { exact: true })).toBeChecked();

  // Start over asks first; keeping the trial changes nothing.
  await page.goto('/guest/home');
  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('button', { name: 'Keep my trial' }).click();
  await openTrialEditor(page);
  await expect(checkedBoxes(page)).toHaveCount(1);

  await page.goto('/guest/home');
  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('dialog', { name: 'Start over' }).getByRole('button', { name: 'Start over' }).click();
  await openTrialEditor(page);
  await expect(checkedBoxes(page)).toHaveCount(0);
});

test('a viewer page shows the same PDF again after a reload (docs/pdf.md §5)', async ({ page }) => {
  await openTrialEditor(page);
  await page.getByLabel('Competing after they bid and raise', { exact: true }).check();
  await page.getByRole('button', { name: 'Make PDF' }).click();
  await expect(page).toHaveURL(/\/pdfview$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trial Agreement');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trial Agreement');
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: 30_000 });
});

test('Undo and Redo take back and bring back ticks, Select All and Clear all, by button and by key (docs/product.md §15)', async ({ page }) => {
  await openTrialEditor(page);
  const panel = page.locator('.subjects-panel');
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  const redo = page.getByRole('button', { name: 'Redo', exact: true });
  await expect(undo).toBeDisabled();
  await page.getByLabel('Competing after they bid and raise', { exact: true }).check();
  await panel.getByRole('button', { name: 'Select All' }).click();
  const all = await checkedBoxes(page).count();
  expect(all).toBeGreaterThan(5);
  await panel.getByRole('button', { name: 'Clear all' }).click();
  await expect(checkedBoxes(page)).toHaveCount(0);

  await page.keyboard.press('ControlOrMeta+z'); // back to everything ticked
  await expect(checkedBoxes(page)).toHaveCount(all);
  await undo.click(); // back to the one tick
  await expect(checkedBoxes(page)).toHaveCount(1);
  await undo.click();
  await expect(checkedBoxes(page)).toHaveCount(0);
  await expect(undo).toBeDisabled();

  await redo.click();
  await expect(checkedBoxes(page)).toHaveCount(1);
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(checkedBoxes(page)).toHaveCount(all);
  await page.keyboard.press('Control+y');
  await expect(checkedBoxes(page)).toHaveCount(0);
  await expect(redo).toBeDisabled();
});

test('on a phone, Make PDF stays at hand while scrolling a long category (docs/product.md §15)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 760 });
  await openTrialEditor(page);
  await page.locator('.subjects-panel').getByRole('button', { name: 'Select All' }).click();
  await page.locator('.subjects-panel').getByRole('checkbox').last().scrollIntoViewIfNeeded();
  const bar = page.getByRole('region', { name: 'Save and Make PDF' });
  await expect(bar).toBeInViewport();
  await bar.getByRole('button', { name: 'Make PDF' }).click();
  await expect(page).toHaveURL(/\/pdfview$/);
});

test('the editor opens on the first category the visitor may edit, with a skip link to its subjects (docs/product.md §15-16)', async ({ page }) => {
  await page.goto('/guest/home');
  await page.getByRole('button', { name: /^Edit Agreement/ }).click();
  await expect(page.getByRole('heading', { name: /IX\. Overcalls/ })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Skip to the subjects' });
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#subjects-title')).toBeFocused();
});
