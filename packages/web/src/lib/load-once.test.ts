import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('starts one load however often it is asked, and answers its result each time', async () => {
    const load = vi.fn(() => Promise.resolve({ Form: 'the module' }));
    const once = loadOnce(load);
    const answers = await Promise.all([once(), once(), once()]);
    await once();
    expect(load).toHaveBeenCalledTimes(1);
    expect(answers.every((answer) => answer === answers[0])).toBe(true);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValueOnce('the module');
    const once = loadOnce(load as () => Promise<string>);
    await expect(once()).rejects.toThrow('Failed to fetch');
    await expect(once()).resolves.toBe('the module');
    await expect(once()).resolves.toBe('the module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
