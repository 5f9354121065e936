/** A centred loading spinner with a text for screen readers. */
import { Spinner } from './progress';

export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <Spinner size="large" strokeWidth={4} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
