/**
 * Logout while impersonating (docs/product.md §17, ADR 110): the administrator chooses between going back to
 * their own account (POST /users/im/logout, as the banner's button does) and ending the session
 * altogether (the Logout of docs/product.md §2). Cancel (or Escape) leaves everything as it is.
 */
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { DialogFrame } from '../../components/ui/dialog-frame';
import { useAppDispatch } from '../../lib/hooks';
import { Notice } from './notice';
import { endImpersonation } from './session-thunks';
import './account.css';

export interface ImpersonationLogoutDialogProps {
  isOpen: boolean;
  /** The impersonated user's email. */
  email: string;
  /** The administrator's email. */
  administrator: string;
  /** The administrator's own session is back: the caller clears the user's data and opens the Admin Panel. */
  onReturned: () => void;
  /** End the session altogether: the caller signs out as the Logout link does. */
  onSignOut: () => void;
  onCancel: () => void;
}

export const RETURN_FAILED_MESSAGE = 'Returning to your account did not work. Please try again, or sign out.';

export function ImpersonationLogoutDialog({ isOpen, email, administrator, onReturned, onSignOut, onCancel }: ImpersonationLogoutDialogProps) {
  const dispatch = useAppDispatch();
  const [isReturning, setReturning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const returnToOwnAccount = async () => {
    setReturning(true);
    setProblem(null);
    const result = await dispatch(endImpersonation());
    setReturning(false);
    if (endImpersonation.fulfilled.match(result)) onReturned();
    else setProblem(result.payload ?? RETURN_FAILED_MESSAGE);
  };

  return (
    <DialogFrame
      isOpen={isOpen}
      onClose={onCancel}
      title="Log out while impersonating"
      width="32rem"
      footer={
        <div className="impersonation-logout-actions">
          <Button type="button" label="Cancel" text onClick={onCancel} />
          <Button type="button" label="Sign out of both" severity="secondary" outlined onClick={onSignOut} />
          <Button
            type="button"
            label={`Return to ${administrator}`}
            icon="pi pi-undo"
            loading={isReturning}
            onClick={() => void returnToOwnAccount()}
            autoFocus
          />
        </div>
      }
    >
      <p>
        You are signed in as <strong>{email}</strong>. Return to your administrator account ({administrator}), or sign out of both accounts?
      </p>
      {problem !== null && <Notice kind="error">{problem}</Notice>}
    </DialogFrame>
  );
}
