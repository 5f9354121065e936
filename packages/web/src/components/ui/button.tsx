/**
 * A button: a native `<button>` drawn by the PrimeReact theme's classes (`p-button`, its variants and
 * icon and label spans), with the props of PrimeReact's Button that the app uses. It replaces that
 * component, which cost the editor most of a tick's script time (its props merging and pass-through
 * resolution run on every render of every button) and kept the UI library in every page's first
 * load (docs/decisions/203-native-controls.md).
 *
 * Behaviour kept from PrimeReact's: the label is the accessible name unless `aria-label` is given;
 * `loading` disables the button and swaps its icon for a spinner; `autoFocus` also marks the button
 * for the dialogs' own focusing (`data-pc-autofocus`, read by PrimeReact's Dialog). A `tooltip` is
 * the element's `title`, which the browser shows on hover (also when disabled) and reads as the
 * button's description.
 */
import { type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react';
import './controls.css';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The visible text, and the accessible name unless `aria-label` is given. */
  label?: string;
  /** PrimeIcons classes, e.g. `pi pi-check`. */
  icon?: string;
  iconPos?: 'left' | 'right';
  /** Disables the button and shows a spinner in place of its icon (docs/product.md §16: progress feedback). */
  loading?: boolean;
  severity?: 'secondary' | 'success' | 'info' | 'warning' | 'danger' | 'help' | 'contrast';
  outlined?: boolean;
  text?: boolean;
  rounded?: boolean;
  link?: boolean;
  size?: 'small' | 'large';
  /** Hover hint, shown by the browser (`title`). */
  tooltip?: string;
  /** Accepted for the callers written for PrimeReact; the browser places and times its own hint. */
  tooltipOptions?: { position?: 'top' | 'bottom' | 'left' | 'right'; showDelay?: number; showOnDisabled?: boolean };
  children?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

const SIZE_CLASSES = { small: 'p-button-sm', large: 'p-button-lg' } as const;

/**
 * The class list of a button with these props, as PrimeReact's theme expects it.
 *
 * @returns space-separated classes, starting with `p-button p-component`
 */
export function buttonClassName(
  props: Pick<
    ButtonProps,
    'className' | 'icon' | 'label' | 'children' | 'loading' | 'disabled' | 'outlined' | 'text' | 'rounded' | 'link' | 'severity' | 'size'
  >,
): string {
  const classes = ['p-button', 'p-component'];
  if ((props.icon || props.loading) && !props.label && !props.children) classes.push('p-button-icon-only');
  if (props.disabled || props.loading) classes.push('p-disabled');
  if (props.loading) classes.push('p-button-loading');
  if (props.outlined) classes.push('p-button-outlined');
  if (props.link) classes.push('p-button-link');
  if (props.text) classes.push('p-button-text');
  if (props.rounded) classes.push('p-button-rounded');
  if (props.size) classes.push(SIZE_CLASSES[props.size]);
  if (props.severity) classes.push(`p-button-${props.severity}`);
  if (props.className) classes.push(props.className);
  return classes.join(' ');
}

export function Button({
  label,
  icon,
  iconPos = 'left',
  loading = false,
  severity,
  outlined,
  text,
  rounded,
  link,
  size,
  tooltip,
  tooltipOptions: _tooltipOptions,
  children,
  className,
  disabled,
  autoFocus,
  type = 'button',
  ...rest
}: ButtonProps) {
  const iconClass = loading ? 'pi pi-spin pi-spinner p-button-loading-icon' : icon;
  return (
    <button
      type={type}
      aria-label={label}
      title={tooltip}
      {...rest}
      className={buttonClassName({ className, icon, label, children, loading, disabled, outlined, text, rounded, link, severity, size })}
      disabled={disabled || loading}
      autoFocus={autoFocus}
      data-pc-autofocus={autoFocus ? 'true' : undefined}
    >
      {iconClass && <span className={`p-button-icon p-c${label ? ` p-button-icon-${iconPos}` : ''} ${iconClass}`} aria-hidden="true" />}
      {label ? <span className="p-button-label p-c">{label}</span> : !children && <span className="p-button-label p-c">&nbsp;</span>}
      {children}
    </button>
  );
}
