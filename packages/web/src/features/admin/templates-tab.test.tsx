/**
 * The report of an upload without catalogue keys (templates-tab.tsx; docs/catalogue-keys.md, "Keys by
 * name"): the items that matched no catalogue item stay listed on the page for the administrator.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UploadKeyingReport } from './templates-tab';

describe('UploadKeyingReport', () => {
  it('says how many items got a key and lists those that matched nothing, then how many more', () => {
    render(
      <UploadKeyingReport
        templateName="Club System"
        report={{ matched: 1270, unmatched: 7, unmatchedExamples: ['Overcalls › Our relay', 'Overcalls › Our relay › 2!c'] }}
      />,
    );
    const report = screen.getByRole('status');
    expect(report.textContent).toContain('1270 of 1277 items of “Club System” came without a catalogue key');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Overcalls › Our relay', 'Overcalls › Our relay › 2!c', 'and 5 more']);
  });

  it('writes a template name as text, never as markup', () => {
    render(<UploadKeyingReport templateName={'<img src=x onerror="alert(1)">'} report={{ matched: 0, unmatched: 1, unmatchedExamples: ['<b>x</b>'] }} />);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('<img src=x onerror="alert(1)">');
  });
});
