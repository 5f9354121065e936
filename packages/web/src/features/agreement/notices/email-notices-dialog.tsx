/**
 * The editor's **Email notices** dialog (docs/sharing.md §12): which emails this member gets about
 * this agreement, the daily digest of partners' changes and the notices of marks and replies to
 * discuss. Each checkbox saves at once, and says so.
 */
import { useId, useState } from 'react';
import '../../../components/ui/controls.css';
import type { NoticeSettings } from '@bpa/domain/api-notices';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { toErrorMessage } from '../../../lib/error-message';
import { useGetNoticeSettingsQuery, useSetNoticeSettingsMutation } from './notices-api';

/** The dialog's title. */
export const EMAIL_NOTICES_TITLE = 'Email notices';

const CHOICES: { key: keyof NoticeSettings; label: string; hint: string }[] = [
  { key: 'digest', label: 'Daily digest of partners’ changes', hint: 'At most one email a day, only when a partner changed something.' },
  { key: 'discussion', label: 'Marks and replies to discuss', hint: 'When a partner marks an item to discuss or replies under one.' },
];

export function EmailNoticesDialog({ contractId, onClose }: { contractId: string | null; onClose: () => void }) {
  return (
    <DialogFrame isOpen={contractId !== null} onClose={onClose} title={EMAIL_NOTICES_TITLE} className="email-notices-dialog">
      {contractId && <EmailNoticesBody contractId={contractId} />}
    </DialogFrame>
  );
}

function EmailNoticesBody({ contractId }: { contractId: string }) {
  const settings = useGetNoticeSettingsQuery(contractId);
  const [save, saving] = useSetNoticeSettingsMutation();
  const [message, setMessage] = useState<{ text: string; isProblem: boolean } | null>(null);
  const baseId = useId();

  if (settings.isLoading) return <p role="status">Loading your notices…</p>;
  if (settings.isError || !settings.data) return <p role="alert">{toErrorMessage(settings.error)}</p>;
  const current = settings.data;

  const change = async (key: keyof NoticeSettings, isOn: boolean) => {
    try {
      await save({ contractId, settings: { ...current, [key]: isOn } }).unwrap();
      setMessage({ text: isOn ? 'Saved: you will get these emails.' : 'Saved: you will no longer get these emails.', isProblem: false });
    } catch (error) {
      setMessage({ text: toErrorMessage(error), isProblem: true });
    }
  };

  return (
    <fieldset className="email-notices" disabled={saving.isLoading}>
      <legend>Emails about this agreement</legend>
      {CHOICES.map(({ key, label, hint }) => (
        <div key={key} className="email-notice-choice">
          <input
            type="checkbox"
            className="native-check"
            id={`${baseId}-${key}`}
            checked={current[key]}
            aria-describedby={`${baseId}-${key}-hint`}
            onChange={(event) => void change(key, event.target.checked)}
          />
          <label htmlFor={`${baseId}-${key}`}>{label}</label>
          <small id={`${baseId}-${key}-hint`} className="email-notice-hint">
            {hint}
          </small>
        </div>
      ))}
      <p role={message?.isProblem ? 'alert' : 'status'} className={message?.isProblem ? 'field-problem' : undefined}>
        {message?.text ?? ''}
      </p>
    </fieldset>
  );
}
