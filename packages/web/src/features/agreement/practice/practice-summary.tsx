/**
 * The dashboard's practice line per agreement (docs/questionnaire.md §8): learned, learning, new,
 * what is due now, and the way to practise it. Shown only once there is an agreement with something
 * to practise.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@bpa/domain/paths';
import { useGetPracticeProgressQuery } from './practice-api';

export function PracticeSummary() {
  const progress = useGetPracticeProgressQuery(undefined, { refetchOnMountOrArgChange: true });
  const headingId = useId();
  const rows = (progress.data ?? []).filter((row) => row.learned + row.learning + row.new > 0);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h2 id={headingId}>Know our card</h2>
      <ul className="practice-summary">
        {rows.map((row) => (
          <li key={row.contractId}>
            <Link to={`${PATHS.myPractice}?${new URLSearchParams({ id: row.contractId }).toString()}`}>Practise {row.label}</Link>: {row.learned} learned,{' '}
            {row.learning} learning, {row.new} new{row.due > 0 ? ` · ${row.due} due now` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
