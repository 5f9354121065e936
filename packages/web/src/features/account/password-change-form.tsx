/**
 * The Reset password and Set password screens (docs/product.md §2 "Other account screens"): parameter tok,
 * password and confirm fields (the password with the strength meter of docs/product.md §5), and the button
 * Reset Password or Set Password. Success goes to /login/changed, failure to /login/notchanged
 * (docs/product.md §4), with the server's text ("Password was not updated" / "Password was not set", docs/product.md §8)
 * in a toast.
 * Validation: PasswordChangeSchema ("Passwords do not match", "Password or confirm password is
 * too short", docs/product.md §5).
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { MIN_PASSWORD_LENGTH } from '@bpa/domain/constants';
import { MESSAGES } from '@bpa/domain/messages';
import { PasswordChangeSchema } from '@bpa/domain/validation';
import { useAppDispatch } from '../../lib/hooks';
import { useToast } from '../../components/ui/toast-provider';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { PasswordChangeKind } from './account-api';
import { PasswordField } from './account-fields';
import { useSchemaForm } from './use-schema-form';
import { clearSessionErrors } from './session-slice';
import { changePassword } from './session-thunks';
import './account.css';
import { PATHS } from '@bpa/domain/paths';

/** The rules of docs/product.md §5 in words: the minimum length and what the meter calls strong. */
export const PASSWORD_HINT = `At least ${String(MIN_PASSWORD_LENGTH)} characters. Strong passwords mix lower-case and upper-case letters and digits.`;

const SCREENS: Record<PasswordChangeKind, { title: string; intro: string; failure: string }> = {
  reset: { title: 'Reset Password', intro: 'Choose a new password for your account.', failure: MESSAGES.passwordNotUpdated },
  set: { title: 'Set Password', intro: 'Welcome! Choose the password you will sign in with.', failure: MESSAGES.passwordNotSet },
};

/** The form of /reset-password/{tok} (`kind` 'reset') and /accept-invite/{tok} (`kind` 'set'). */
export function PasswordChangeForm({ kind }: { kind: PasswordChangeKind }) {
  const screen = SCREENS[kind];
  useDocumentTitle(screen.title);
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { showError } = useToast();
  const [isSending, setSending] = useState(false);
  const passwordId = useId();
  const confirmId = useId();
  const { values, errors, change, validateForSubmit, formRef } = useSchemaForm(
    PasswordChangeSchema,
    { password: '', passwordConfirm: '' },
    { password: passwordId, passwordConfirm: confirmId },
  );

  useEffect(() => {
    dispatch(clearSessionErrors());
  }, [dispatch]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const passwords = validateForSubmit();
    if (passwords === undefined) return;
    setSending(true);
    const result = await dispatch(changePassword({ kind, token, ...passwords }));
    setSending(false);
    if (changePassword.fulfilled.match(result)) {
      void navigate(PATHS.loginChanged, { replace: true });
    } else {
      // The server's docs/product.md §8 text when it sent one; else the screen's own.
      showError(result.payload && result.payload !== '' ? result.payload : screen.failure);
      void navigate(PATHS.loginNotChanged, { replace: true });
    }
  };

  return (
    <section className="account-page" aria-labelledby="password-change-title">
      <h1 id="password-change-title">{screen.title}</h1>
      <p className="lead-text">{screen.intro}</p>
      <div className="account-card">
        <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="password-change-title">
          <PasswordField
            inputId={passwordId}
            label="Password"
            value={values.password}
            onChange={(value) => change('password', value)}
            message={errors.password}
            hint={PASSWORD_HINT}
            hasMeter
            autoComplete="new-password"
          />
          <PasswordField
            inputId={confirmId}
            label="Confirm Password"
            value={values.passwordConfirm}
            onChange={(value) => change('passwordConfirm', value)}
            message={errors.passwordConfirm}
            autoComplete="new-password"
          />
          <Button type="submit" label={screen.title} icon="pi pi-lock" loading={isSending} className="account-submit" />
        </form>
      </div>
    </section>
  );
}
