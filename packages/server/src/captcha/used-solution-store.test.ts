import { describe, expect, it } from 'vitest';
import { createMemoryUsedSolutionStore } from './used-solution-store';

describe('createMemoryUsedSolutionStore', () => {
  it('accepts a key once until it expires', async () => {
    let clock = 1_000_000;
    const store = createMemoryUsedSolutionStore({ now: () => clock });

    expect(await store.markUsed('a', new Date(clock + 10_000))).toBe(true);
    expect(await store.markUsed('a', new Date(clock + 10_000))).toBe(false);
    expect(await store.markUsed('b', new Date(clock + 10_000))).toBe(true);

    clock += 10_000;
    expect(await store.markUsed('a', new Date(clock + 10_000))).toBe(true);
  });

  it('sweeps expired keys, at most once per sweep interval', async () => {
    let clock = 0;
    const store = createMemoryUsedSolutionStore({ now: () => clock, sweepIntervalMs: 60_000 });
    await store.markUsed('short-lived', new Date(1_000));
    await store.markUsed('long-lived', new Date(600_000));

    clock = 30_000; // expired, but the sweep interval has not passed yet
    await store.markUsed('third', new Date(600_000));
    expect(store.size).toBe(3);

    clock = 60_000;
    await store.markUsed('fourth', new Date(600_000));
    expect(store.size).toBe(3); // short-lived swept
    expect(await store.markUsed('long-lived', new Date(600_000))).toBe(false);
  });
});
