/**
 * A router link that looks like a PrimeReact button. Navigation is a link, not a button, so it
 * opens in a new tab, shows its address and is announced as a link (WCAG 4.1.2).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface LinkButtonProps {
  to: string;
  children: ReactNode;
  /** PrimeIcons class, e.g. 'pi pi-arrow-right'. */
  icon?: string;
  iconPosition?: 'left' | 'right';
  variant?: 'primary' | 'outlined' | 'secondary';
  size?: 'normal' | 'large';
  className?: string;
}

export function LinkButton({ to, children, icon, iconPosition = 'left', variant = 'primary', size = 'normal', className }: LinkButtonProps) {
  const classes = [
    'p-button',
    'link-button',
    variant === 'outlined' ? 'p-button-outlined' : '',
    variant === 'secondary' ? 'p-button-secondary' : '',
    size === 'large' ? 'p-button-lg' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const iconElement = icon ? <span className={`p-button-icon p-button-icon-${iconPosition} ${icon}`} aria-hidden="true" /> : null;
  return (
    <Link to={to} className={classes}>
      {iconPosition === 'left' && iconElement}
      <span className="p-button-label">{children}</span>
      {iconPosition === 'right' && iconElement}
    </Link>
  );
}
