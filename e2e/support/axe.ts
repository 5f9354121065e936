/**
 * Accessibility check with axe-core in the real page (docs/product.md §16: no serious or critical violation).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe on the current page and fails on any serious or critical violation, listing them. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // A toast or dialog still fading in has its colours mixed with what lies under it, which axe reads
  // as low contrast: wait for the page's finite animations and transitions to end, so the check sees
  // what the reader sees, however busy the machine (spinners, which never end, are left running).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol, which the page's CSP (no inline script) does not block.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `axe: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/**
 * Runs axe as `expectNoSeriousAxeViolations` with the page at a 390 px phone's size, then gives the
 * page its size back (docs/sharing.md §10: partner pages on desktop and phone).
 */
export async function expectNoSeriousAxeViolationsOnPhone(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await expectNoSeriousAxeViolations(page);
  } finally {
    if (size) await page.setViewportSize(size);
  }
}
