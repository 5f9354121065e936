/** A centred loading spinner with a text for screen readers. */
import { ProgressSpinner } from 'primereact/progressspinner';

export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
