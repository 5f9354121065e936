/**
 * Share with partner (docs/sharing.md §1; ADR 172), for the agreement's owner, from the dashboard and the
 * editor: partners by email with "can edit" or "can view" (at most four; each gets an invitation
 * email, at most one a day, and a new address a free partner account), changing or ending their
 * access, and the read-only link (create, copy, replace, revoke). A partner shows as the address
 * typed, "invited", until they open what was shared, whether or not they had an account (ADR 172,
 * "Amended"). The link is shown once, right after it is made or replaced (only its hash is kept:
 * ADR 172); afterwards the dialog says a link is active. Everything is saved on the server at
 * once; failures are said beside the form, and what was typed stays.
 */
import { InputText } from '../../../components/ui/input-text';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { MAX_PARTNERS_PER_AGREEMENT, type PartnerAccess, SharePartnerRequestSchema } from '@bpa/domain/api-sharing';
import { useToast } from '../../../components/ui/toast-provider';
import { toErrorMessage } from '../../../lib/error-message';
import { toPlainName } from '../core/markup-text';
import {
  sharedLinkPath,
  useChangeShareMutation,
  useGetSharingQuery,
  useReplaceLinkMutation,
  useRevokeLinkMutation,
  useSharePartnerMutation,
} from './sharing-api';

export const SHARE_TITLE = 'Share with partner';
/** "can edit" / "can only view", in a sentence about a partner. */
const ACCESS_WORDS: Record<PartnerAccess, string> = { edit: 'can edit', view: 'can only view' };

export const PARTNERS_FREE_TEXT = 'Partner accounts are free. Your partner gets an email with a link to the agreement (one a day at most).';
/** Beside a partner who has not yet accepted what was shared (ADR 172, "Consent"). */
export const PARTNER_INVITED_LABEL = 'invited, not accepted yet';
/** Beside a link just made: it is shown this once (ADR 172: only its hash is stored). */
export const LINK_SHOWN_ONCE_TEXT = 'Copy the link now: it is shown only this once. If you lose it, replace it with a new one.';
/** Beside an active link made earlier. */
export const LINK_NOT_SHOWN_AGAIN_TEXT =
  'The link was shown once, when it was made, and cannot be shown again. To give it to someone, replace it with a new link (the old one stops working), or revoke it.';

/** A link's creation time for the dialog, e.g. "27 Nov 2026, 14:05", in the browser's time zone. */
function formatLinkDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The agreement whose sharing is shown. */
export interface ShareDialogTarget {
  id: string;
  contractName: string;
}

const ACCESS_LABELS: Record<PartnerAccess, string> = { edit: 'Can edit', view: 'Can view' };

export function ShareDialog({ target, onClose }: { target: ShareDialogTarget | null; onClose: () => void }) {
  return (
    <DialogFrame isOpen={target !== null} onClose={onClose} title={SHARE_TITLE} className="share-dialog" width="40rem">
      {target && <ShareDialogBody target={target} />}
    </DialogFrame>
  );
}

function ShareDialogBody({ target }: { target: ShareDialogTarget }) {
  const { showSuccess, showFailure } = useToast();
  const sharing = useGetSharingQuery(target.id, { refetchOnMountOrArgChange: true });
  const [sharePartner, shareState] = useSharePartnerMutation();
  const [changeShare] = useChangeShareMutation();
  const [replaceLink, replaceState] = useReplaceLinkMutation();
  const [revokeLink, revokeState] = useRevokeLinkMutation();
  /** The token of the link made while this dialog is open: the only time the owner can see it. */
  const [newToken, setNewToken] = useState<string | null>(null);
  const linkId = useId();
  const [email, setEmail] = useState('');
  const [access, setAccess] = useState<PartnerAccess>('edit');
  const [problem, setProblem] = useState<string | null>(null);
  /** A share typed for someone who is already a partner with other access: asked before it changes. */
  const [accessChange, setAccessChange] = useState<{ userId: string; email: string; from: PartnerAccess; to: PartnerAccess } | null>(null);
  const emailId = useId();
  const accessId = useId();
  const problemId = useId();
  const plainName = toPlainName(target.contractName);
  const partners = sharing.data?.partners ?? [];
  const link = sharing.data?.link ?? null;
  const newLinkUrl = newToken ? new URL(sharedLinkPath(newToken), window.location.origin).href : null;

  const share = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      setProblem('Please enter your partner’s email address.');
      return;
    }
    // The address is checked here with the server's own rule, so its message reads as a sentence.
    const checked = SharePartnerRequestSchema.shape.email.safeParse(email);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Please enter a valid email address.');
      return;
    }
    // Already a partner: say so, and change their access only when asked to (docs/sharing.md §2).
    const existing = partners.find((partner) => partner.email.toLowerCase() === checked.data.toLowerCase());
    if (existing) {
      setProblem(null);
      if (existing.access === access) setAccessChange(null);
      else setAccessChange({ userId: existing.userId, email: existing.email, from: existing.access, to: access });
      if (existing.access === access) setProblem(`${existing.email} is already a partner who ${ACCESS_WORDS[access]}.`);
      return;
    }
    try {
      const result = await sharePartner({ contractId: target.id, email: email.trim(), access }).unwrap();
      setEmail('');
      setProblem(null);
      const shared = `${plainName} is shared with ${email.trim()}.`;
      if (result.isInvitationSent) showSuccess(`${shared} They will get an email with a link to it.`);
      else showSuccess(result.invitationMessage ? `${shared} ${result.invitationMessage}` : shared);
    } catch (error) {
      setProblem(toErrorMessage(error));
    }
  };

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showSuccess(done);
    } catch (error) {
      showFailure(error);
    }
  };

  const makeLink = (done: string) =>
    run(async () => {
      setNewToken((await replaceLink({ contractId: target.id }).unwrap()).linkToken);
    }, done);

  const linkButtons = (
    <>
      <Button
        type="button"
        label="Replace link"
        icon="pi pi-refresh"
        size="small"
        outlined
        loading={replaceState.isLoading}
        onClick={() => void makeLink('A new link is made; the old one no longer works. Copy the new link now.')}
      />
      <Button
        type="button"
        label="Revoke"
        icon="pi pi-ban"
        size="small"
        severity="danger"
        outlined
        aria-label="Revoke the read-only link"
        loading={revokeState.isLoading}
        onClick={() =>
          void run(async () => {
            await revokeLink({ contractId: target.id }).unwrap();
            setNewToken(null);
          }, 'The link no longer works.')
        }
      />
    </>
  );

  return (
    <div className="share-body">
      <p>
        Share <strong>{plainName}</strong> with up to {MAX_PARTNERS_PER_AGREEMENT} partners. {PARTNERS_FREE_TEXT}
      </p>
      <form className="share-form" onSubmit={(event) => void share(event)} noValidate>
        <label htmlFor={emailId}>Partner’s email</label>
        <InputText
          id={emailId}
          type="email"
          autoComplete="email"
          value={email}
          invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setAccessChange(null);
          }}
        />
        <label htmlFor={accessId}>Access</label>
        <select id={accessId} className="p-inputtext share-access" value={access} onChange={(event) => setAccess(event.target.value as PartnerAccess)}>
          <option value="edit">{ACCESS_LABELS.edit}</option>
          <option value="view">{ACCESS_LABELS.view}</option>
        </select>
        <Button type="submit" label="Share" icon="pi pi-user-plus" loading={shareState.isLoading} disabled={partners.length >= MAX_PARTNERS_PER_AGREEMENT} />
        {problem && (
          <p id={problemId} className="field-problem" role="alert">
            {problem}
          </p>
        )}
        {accessChange && (
          <div className="share-access-change" role="alert">
            <p>
              {accessChange.email} is already a partner who {ACCESS_WORDS[accessChange.from]}. Change it so that they {ACCESS_WORDS[accessChange.to]}?
            </p>
            <Button
              type="button"
              label="Change access"
              size="small"
              onClick={() => {
                const { userId, email: partnerEmail, to } = accessChange;
                setAccessChange(null);
                setEmail('');
                void run(
                  () => changeShare({ contractId: target.id, userId, access: to }).unwrap(),
                  `${partnerEmail} ${to === 'edit' ? 'can now edit' : 'can now only view'} ${plainName}.`,
                );
              }}
            />
            <Button type="button" label="Keep their access" size="small" outlined onClick={() => setAccessChange(null)} />
          </div>
        )}
      </form>

      <h3 className="share-heading">Partners</h3>
      {sharing.isLoading ? (
        <p role="status">Loading…</p>
      ) : sharing.isError ? (
        <p role="alert" className="field-problem">
          The partners could not be loaded. {toErrorMessage(sharing.error)}
        </p>
      ) : partners.length === 0 ? (
        <p>Not shared with anyone yet.</p>
      ) : (
        <ul className="share-partners">
          {partners.map((partner) => (
            <li key={partner.userId}>
              <span className="share-partner-name">
                {partner.userName}
                {partner.userName !== partner.email && <span className="share-partner-email"> ({partner.email})</span>}
                {partner.status === 'invited' && <span className="share-pending"> · {PARTNER_INVITED_LABEL}</span>}
              </span>
              <label className="visually-hidden" htmlFor={`access-${partner.userId}`}>
                Access of {partner.email}
              </label>
              <select
                id={`access-${partner.userId}`}
                className="p-inputtext share-access"
                value={partner.access}
                onChange={(event) =>
                  void run(
                    () => changeShare({ contractId: target.id, userId: partner.userId, access: event.target.value as PartnerAccess }).unwrap(),
                    `${partner.email} ${event.target.value === 'edit' ? 'can now edit' : 'can now only view'} ${plainName}.`,
                  )
                }
              >
                <option value="edit">{ACCESS_LABELS.edit}</option>
                <option value="view">{ACCESS_LABELS.view}</option>
              </select>
              <Button
                type="button"
                label="Stop sharing"
                icon="pi pi-user-minus"
                size="small"
                severity="danger"
                outlined
                aria-label={`Stop sharing with ${partner.email}`}
                onClick={() =>
                  void run(
                    () => changeShare({ contractId: target.id, userId: partner.userId, access: null }).unwrap(),
                    `${partner.email} no longer has access to ${plainName}.`,
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}

      <h3 className="share-heading">Read-only link</h3>
      <p>Anyone with the link sees the latest saved version and can download its PDF, without signing in. It shows no email address.</p>
      {newLinkUrl ? (
        <div className="share-link">
          <label htmlFor={linkId} className="visually-hidden">
            Read-only link
          </label>
          <InputText id={linkId} value={newLinkUrl} readOnly onFocus={(event) => event.target.select()} />
          <p className="share-link-note">{LINK_SHOWN_ONCE_TEXT}</p>
          <span className="button-row">
            <Button
              type="button"
              label="Copy link"
              icon="pi pi-copy"
              size="small"
              onClick={() => void run(() => navigator.clipboard.writeText(newLinkUrl), 'The link is copied.')}
            />
            {linkButtons}
          </span>
        </div>
      ) : link ? (
        <div className="share-link">
          <p>
            A read-only link is active (made {formatLinkDate(link.createdAt)}). {LINK_NOT_SHOWN_AGAIN_TEXT}
          </p>
          <span className="button-row">{linkButtons}</span>
        </div>
      ) : (
        <Button
          type="button"
          label="Create a read-only link"
          icon="pi pi-link"
          size="small"
          outlined
          loading={replaceState.isLoading}
          onClick={() => void makeLink('The read-only link is ready: copy it now.')}
        />
      )}
    </div>
  );
}
