/**
 * The screen `/forgot-password` (docs/product.md §2 "Forgot password"): one email field and the button Send
 * Reset Instructions. Outcomes (docs/product.md §3 isForgotPasswordSent, docs/product.md §4, docs/product.md §8):
 * 1 the instructions were sent; -1 "An email was not sent. Check if your email is correct.";
 * -2 "Your email has not been confirmed yet. A confirmation email was just sent."
 * Validation: ForgotPasswordSchema ("Please type a valid email address", docs/product.md §5).
 */
import { InputText } from '../../components/ui/input-text';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { MESSAGES } from '@bpa/domain/messages';
import { ForgotPasswordSchema } from '@bpa/domain/validation';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FormField, Notice, describedBy } from './account-fields';
import { toFieldErrors } from './form-errors';
import { clearSessionErrors, selectSession } from './session-slice';
import { requestPasswordReset } from './session-thunks';
import './account.css';
import { PATHS } from '@bpa/domain/paths';

/** Outcome 1: not a spec text (the spec gives only the failures). */
export const RESET_INSTRUCTIONS_SENT_TEXT =
  'Reset instructions were sent to your email. Please open the link in it to choose a new password; it works for one hour.';

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const dispatch = useAppDispatch();
  const { isForgotPasswordSent } = useAppSelector(selectSession);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [hasTriedSubmit, setTriedSubmit] = useState(false);
  const [isSending, setSending] = useState(false);
  const emailId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Each visit starts without the outcome of an earlier one (docs/product.md §4: the clear action).
    dispatch(clearSessionErrors());
  }, [dispatch]);

  const messageOf = (value: string) => {
    const parsed = ForgotPasswordSchema.safeParse({ email: value });
    return parsed.success ? undefined : toFieldErrors<'email'>(parsed.error).email;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    const parsed = ForgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setMessage(toFieldErrors<'email'>(parsed.error).email);
      inputRef.current?.focus();
      return;
    }
    setMessage(undefined);
    setSending(true);
    await dispatch(requestPasswordReset(parsed.data));
    setSending(false);
  };

  return (
    <section className="account-page" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot Password</h1>
      <p className="lead-text">Type the email address of your account and we will send you a link to choose a new password.</p>
      <div className="account-card">
        {isForgotPasswordSent === 1 && <Notice kind="success">{RESET_INSTRUCTIONS_SENT_TEXT}</Notice>}
        {isForgotPasswordSent === -1 && <Notice kind="error">{MESSAGES.forgotEmailNotSent}</Notice>}
        {isForgotPasswordSent === -2 && <Notice kind="warning">{MESSAGES.forgotEmailUnconfirmed}</Notice>}
        <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="forgot-title">
          <FormField inputId={emailId} label="Email" message={message}>
            <InputText
              ref={inputRef}
              id={emailId}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              invalid={message !== undefined}
              {...describedBy(emailId, message)}
              onChange={(event) => {
                setEmail(event.target.value);
                if (hasTriedSubmit) setMessage(messageOf(event.target.value));
              }}
              className="account-input"
            />
          </FormField>
          <Button type="submit" label="Send Reset Instructions" icon="pi pi-send" loading={isSending} className="account-submit" />
        </form>
        <p className="account-aside mt-3 mb-0">
          Remembered it? <Link to={PATHS.login}>Back to Sign In</Link>
        </p>
      </div>
    </section>
  );
}
