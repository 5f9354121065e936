/**
 * The banner shown while an administrator is signed in as another user (docs/product.md §D8: "lands on
 * /im/home with a visible banner and a way back"): "You are signed in as {email} (impersonating)"
 * and the button Return to my account, which calls POST /api/v1/users/im/logout.
 */
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useAppDispatch } from '../../lib/hooks';
import { useToast } from '../../components/ui/toast-provider';
import { endImpersonation } from './session-thunks';
import './account.css';

export interface ImpersonationBannerProps {
  /** The impersonated user's email. */
  email: string;
  /** Called once the administrator's own session is back (the caller clears the user's data and goes to /my/admin). */
  onReturned: () => void;
}

export function ImpersonationBanner({ email, onReturned }: ImpersonationBannerProps) {
  const dispatch = useAppDispatch();
  const { showError } = useToast();
  const [isReturning, setReturning] = useState(false);

  const returnToOwnAccount = async () => {
    setReturning(true);
    const result = await dispatch(endImpersonation());
    setReturning(false);
    if (endImpersonation.fulfilled.match(result)) onReturned();
    else showError(result.payload ?? 'Returning to your account did not work. Please try again.');
  };

  return (
    <div className="impersonation-banner" role="region" aria-label="Impersonation notice">
      <span className="pi pi-user-edit" aria-hidden="true" />
      <p className="mb-0">
        You are signed in as <strong>{email}</strong> (impersonating)
      </p>
      <Button type="button" label="Return to my account" icon="pi pi-undo" size="small" loading={isReturning} onClick={() => void returnToOwnAccount()} />
    </div>
  );
}
