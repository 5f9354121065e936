/**
 * Shows a stored name in its colours (docs/product.md §D5) as React text: each run of `toTextRuns` becomes a
 * span with an inline colour. Nothing from the name is ever read as HTML, so typed `<b>` stays text.
 */
import { memo, useMemo } from 'react';
import { expandSuits, stripMarkup, toTextRuns } from '@bpa/domain/markup';

export interface MarkupTextProps {
  /** The stored name, with `##cN#` / `###` colour markers and the suit shorthand `!s !h !d !c`. */
  markup: string;
  className?: string;
}

/**
 * A stored name drawn in its colours, suits as symbols (♥ ♦ in red). Memoised: a row drawn again
 * for its tick does not draw its unchanged name again.
 */
export const MarkupText = memo(function MarkupText({ markup, className }: MarkupTextProps) {
  const runs = useMemo(() => toTextRuns(markup), [markup]);
  return (
    <span className={className}>
      {runs.map((run, index) =>
        run.colour === null ? (
          <span key={index}>{run.text}</span>
        ) : (
          <span key={index} style={{ color: run.colour }}>
            {run.text}
          </span>
        ),
      )}
    </span>
  );
});

/** A stored name as plain words for labels and screen readers: markers removed, suits as symbols. */
export function toPlainName(markup: string): string {
  return expandSuits(stripMarkup(markup)).trim();
}
