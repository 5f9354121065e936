import { describe, expect, it } from 'vitest';
import { clearFontSubsetCache, fontSubsetCacheStats } from './font-subsets';
import { warmUpRenderer } from './warm-up';

describe('warmUpRenderer (ADR 183)', () => {
  it('renders the sample agreement and its card, leaving their font subsets cached for the first real PDF', async () => {
    clearFontSubsetCache();
    expect(await warmUpRenderer()).toBeGreaterThan(0);
    const stats = fontSubsetCacheStats();
    expect(stats.misses).toBeGreaterThanOrEqual(2);
    expect(stats.entries).toBe(stats.misses);
  });
});
