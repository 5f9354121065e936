/**
 * The frame every dialog of the product shares (docs/product.md §16, accessibility): a modal
 * PrimeReact Dialog named by its visible title (`aria-labelledby`), neither draggable nor
 * resizable, as wide as `width` allows on the screen (never wider than 94 % of a phone's width),
 * closed by Escape, its close button or `onClose`. Other Dialog props (footer, transitions, focus)
 * pass through.
 */
import { type ReactNode, useId } from 'react';
import type { DialogProps } from 'primereact/dialog';
import { Dialog } from './lazy-primereact';

export interface DialogFrameProps extends Omit<DialogProps, 'visible' | 'onHide' | 'header' | 'modal' | 'draggable' | 'resizable'> {
  isOpen: boolean;
  /** The visible title, which also names the dialog for screen readers. */
  title: ReactNode;
  onClose: () => void;
  /** The widest the dialog gets, a CSS length, e.g. '34rem' (a `style` replaces it, for a dialog sized by its content). */
  width?: string;
  /** The title's element id, when something else refers to it; a fresh one otherwise. */
  titleId?: string;
  children?: ReactNode;
}

/** A modal dialog in the product's frame. */
export function DialogFrame({ isOpen, title, onClose, width = '34rem', titleId, style, children, ...rest }: DialogFrameProps) {
  const freshId = useId();
  const id = titleId ?? freshId;
  return (
    <Dialog
      {...rest}
      visible={isOpen}
      onHide={onClose}
      header={<span id={id}>{title}</span>}
      aria-labelledby={id}
      modal
      draggable={false}
      resizable={false}
      style={style ?? { width: `min(94vw, ${width})` }}
    >
      {children}
    </Dialog>
  );
}
