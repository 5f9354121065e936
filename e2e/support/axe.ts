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
  // as low contrast. So the page is checked once it is still: no finite animation or transition
  // running, after two frames in which a transition just asked for (PrimeReact adds its "-active"
  // class a frame later) has had the chance to start. A violation seen then is checked again once
  // the page is still anew: one that stays is real, one that went was a toast arriving meanwhile.
  let serious = await seriousViolations(page);
  if (serious.length > 0) serious = await seriousViolations(page);
  expect(serious, `axe: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** Waits for the page to be still (see above), then runs axe and keeps the serious and critical violations. */
async function seriousViolations(page: Page): Promise<{ id: string; impact: string | null; help: string; nodes: string[] }[]> {
  for (let round = 0; round < 20; round++) {
    const running = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const finite = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      return finite.length;
    });
    if (running === 0) break;
  }
  // Evaluated through the DevTools protocol, which the page's CSP (no inline script) does not block.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
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
