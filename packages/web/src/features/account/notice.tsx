/**
 * The notice above an account form or dialog (docs/product.md §16): an icon and the text. Its own
 * module so that the dialogs of the app's frame (impersonation-logout-dialog.tsx) use it without
 * the password field of account-fields.tsx, which loads the UI library.
 */
import type { ReactNode } from 'react';

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

const NOTICE_ICONS: Record<NoticeKind, string> = {
  success: 'pi pi-check-circle',
  info: 'pi pi-info-circle',
  warning: 'pi pi-exclamation-triangle',
  error: 'pi pi-times-circle',
};

/**
 * A message above a form. Errors are announced at once (role alert), the others politely
 * (role status).
 */
export function Notice({ kind, children }: { kind: NoticeKind; children: ReactNode }) {
  return (
    <div className={`account-notice account-notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <span className={NOTICE_ICONS[kind]} aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
