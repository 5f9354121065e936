/**
 * The strength meter shows the domain's grading (docs/product.md §5) as text and filled bars.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StrengthMeter } from './account-fields';

function render(password: string) {
  const html = renderToStaticMarkup(createElement(StrengthMeter, { id: 'meter', password }));
  return {
    text: html.replace(/<[^>]+>/g, ''),
    filledBars: (html.match(/strength-bar is-filled/g) ?? []).length,
  };
}

describe('StrengthMeter (docs/product.md §5)', () => {
  it.each([
    ['', 'Password strength: type a password', 0],
    ['abcdef', 'Password strength: Weak', 1],
    ['abcDE', 'Password strength: Weak', 1],
    ['abcDEF', 'Password strength: Medium', 2],
    ['abcdefg1', 'Password strength: Medium', 2],
    ['Abcdef12', 'Password strength: Strong', 3],
  ] as const)('%j reads "%s" with %i filled bars', (password, text, filledBars) => {
    expect(render(password)).toEqual({ text, filledBars });
  });
});
