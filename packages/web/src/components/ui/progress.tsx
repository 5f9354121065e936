/**
 * Progress shown while something runs (docs/product.md §16: progress feedback on anything slow):
 * a spinning circle and an indeterminate bar, native SVG and elements drawn by controls.css. They
 * replace PrimeReact's ProgressSpinner and ProgressBar (docs/decisions/203-native-controls.md).
 * Both are pictures only (`aria-hidden`): the caller puts the words a screen reader hears beside
 * them, in a status region.
 */
import './controls.css';

/**
 * A spinning circle.
 *
 * @param props.size `small` (1.5rem, in a line of text) or `large` (3rem, for a page); a class of
 *   controls.css, not a style attribute, so a page rendered at build time carries no inline style
 *   that the CSP would refuse (ADR 209)
 * @param props.strokeWidth the circle's line width in the 50-unit drawing (PrimeReact's figure)
 */
export function Spinner({ size, strokeWidth = 4 }: { size: 'small' | 'large'; strokeWidth?: number }) {
  return (
    <span className={`progress-spinner progress-spinner-${size}`} aria-hidden="true">
      <svg className="progress-spinner-svg" viewBox="25 25 50 50">
        <circle className="progress-spinner-circle" cx="50" cy="50" r="20" fill="none" strokeWidth={strokeWidth} strokeMiterlimit="10" />
      </svg>
    </span>
  );
}

/** A thin bar whose stripe runs from side to side while a task of unknown length runs. */
export function IndeterminateBar({ className }: { className?: string }) {
  return (
    <div className={`progress-bar-indeterminate${className ? ` ${className}` : ''}`} aria-hidden="true">
      <div className="progress-bar-stripe" />
    </div>
  );
}
