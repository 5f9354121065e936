/** Compare's "named differently" says which names differ (compare-page.tsx `RenamedPairs`). */
import { render, screen } from '@testing-library/react';
import type { SubjectDifference } from '@bpa/domain/compare';
import { describe, expect, it } from 'vitest';
import { RenamedPairs } from './compare-page';

const side = (name: string, options: string[]) => ({ presence: 'played' as const, name, options, note: '' });

describe('RenamedPairs', () => {
  it("shows the subject's two names, then each renamed option's, as first / second", () => {
    const difference: SubjectDifference = {
      key: 'a|b',
      heading: '',
      kind: 'renamed',
      isRenamed: true,
      renamedOptions: [{ left: 'Garbage', right: '##c2#Crawling###' }],
      left: side('Stayman', ['Garbage']),
      right: side('Puppet Stayman', ['##c2#Crawling###']),
    };
    const { container } = render(<RenamedPairs difference={difference} />);
    expect([...container.querySelectorAll('.compare-renamed > span')].map((pair) => pair.textContent)).toEqual([
      'Stayman / Puppet Stayman',
      'Garbage / Crawling',
    ]);
    expect(screen.getByText('Crawling')).toBeTruthy();
  });
});
