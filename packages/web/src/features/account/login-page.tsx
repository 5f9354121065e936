/**
 * The sign-in screens `/login` and `/login/{token}` (docs/product.md §2 "Login" and "/login/{token}"):
 *
 * - the form: Email and Password, Forgot password (to /forgot-password), Sign In, and Sign Up for
 *   a New Account (to /register), under the banner "This product is no longer for sale / You can
 *   still login if you have an account";
 * - `/login/changed` and `/login/notchanged` add "Your password has been changed." or "Your
 *   password was not changed.";
 * - any other token is an email confirmation: a spinner titled "Your email address is being
 *   confirmed", then the form with "Your email is confirmed. Please login below" or "Your email
 *   address could not be confirmed.";
 * - a logged-in user whose subscription is not expired or cancelled goes to /my/home (docs/product.md §2);
 *   failures show the server's text of docs/product.md §8 above the form.
 *
 * Validation: LoginSchema (docs/product.md §5) on submit, then again on every change once a message shows.
 */
import { InputText } from '../../components/ui/input-text';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/progress';
import { MESSAGES } from '@bpa/domain/messages';
import { LoginSchema } from '@bpa/domain/validation';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { LinkButton } from '../../components/ui/link-button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FormField, Notice, PasswordField, SalesClosedBanner, describedBy } from './account-fields';
import { useSchemaForm } from './use-schema-form';
import { clearSessionErrors, isSubscriptionInactive, selectMayEnterDashboard, selectSession } from './session-slice';
import { confirmEmail, logIn } from './session-thunks';
import './account.css';
import { PATHS } from '@bpa/domain/paths';

/** The token values of docs/product.md §2 that are not email confirmations. */
export const PASSWORD_CHANGED_TOKEN = 'changed';
export const PASSWORD_NOT_CHANGED_TOKEN = 'notchanged';

/** Route `/login` and `/login/:token`: a fresh screen for each token. */
export default function LoginRoute() {
  const { token } = useParams();
  return <LoginScreen key={token ?? ''} token={token} />;
}

function LoginScreen({ token }: { token: string | undefined }) {
  useDocumentTitle('Sign In');
  const dispatch = useAppDispatch();
  const mayEnterDashboard = useAppSelector(selectMayEnterDashboard);
  const isConfirmation = token !== undefined && token !== PASSWORD_CHANGED_TOKEN && token !== PASSWORD_NOT_CHANGED_TOKEN;
  const [isConfirmationSettled, setConfirmationSettled] = useState(false);
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    // Stale messages of an earlier visit do not belong on a new sign-in screen (docs/product.md §4: clear action).
    dispatch(clearSessionErrors());
  }, [dispatch]);

  useEffect(() => {
    // A confirmation token is single-use: send it once, even when React runs effects twice (StrictMode).
    if (!isConfirmation || startedFor.current === token) return;
    startedFor.current = token;
    void dispatch(confirmEmail(token)).finally(() => setConfirmationSettled(true));
  }, [dispatch, isConfirmation, token]);

  if (mayEnterDashboard) return <Navigate to={PATHS.myHome} replace />;

  if (isConfirmation && !isConfirmationSettled) {
    return (
      <section className="account-page" aria-labelledby="confirming-title" aria-busy="true">
        <h1 id="confirming-title">{MESSAGES.emailConfirming}</h1>
        <div className="page-spinner" role="status">
          <Spinner size="large" strokeWidth={4} />
          <span className="visually-hidden">{MESSAGES.emailConfirming}</span>
        </div>
      </section>
    );
  }
  return <LoginForm token={token} />;
}

/** The notice a token adds above the form (docs/product.md §2), or null. */
function TokenNotice({ token }: { token: string | undefined }) {
  const { isRegistrationConfirmed } = useAppSelector(selectSession);
  if (token === undefined) return null;
  if (token === PASSWORD_CHANGED_TOKEN) return <Notice kind="success">{MESSAGES.passwordChanged}</Notice>;
  if (token === PASSWORD_NOT_CHANGED_TOKEN) return <Notice kind="warning">{MESSAGES.passwordNotChanged}</Notice>;
  if (isRegistrationConfirmed === 1) return <Notice kind="success">{MESSAGES.emailConfirmed}</Notice>;
  return <Notice kind="error">{MESSAGES.emailCouldNotBeConfirmed}</Notice>;
}

function LoginForm({ token }: { token: string | undefined }) {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const [isSending, setSending] = useState(false);
  const emailId = useId();
  const passwordId = useId();
  const { values, errors, change, validateForSubmit, formRef } = useSchemaForm(
    LoginSchema,
    { email: '', password: '' },
    { email: emailId, password: passwordId },
  );
  // Restored from an earlier visit, but the subscription has ended since (docs/product.md §6).
  const isInactiveSession = session.isLoggedIn && session.role !== 'admin' && isSubscriptionInactive(session.subscriberStatus);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const credentials = validateForSubmit();
    if (credentials === undefined) return;
    setSending(true);
    // Success re-renders this screen as a redirect to /my/home; failure fills authFailMessage.
    await dispatch(logIn(credentials));
    setSending(false);
  };

  return (
    <section className="account-page" aria-labelledby="login-title">
      <h1 id="login-title">Sign In</h1>
      <SalesClosedBanner />
      <div className="account-card">
        <TokenNotice token={token} />
        {session.authFailMessage !== null && <Notice kind="error">{session.authFailMessage}</Notice>}
        {session.authFailMessage === null && session.signOutNotice !== null && <Notice kind="error">{session.signOutNotice}</Notice>}
        {isInactiveSession && session.authFailMessage === null && session.signOutNotice === null && (
          <Notice kind="error">{MESSAGES.subscriptionNotActive}</Notice>
        )}
        <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="login-title">
          <FormField inputId={emailId} label="Email" message={errors.email}>
            <InputText
              id={emailId}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              invalid={errors.email !== undefined}
              {...describedBy(emailId, errors.email)}
              onChange={(event) => change('email', event.target.value)}
              className="account-input"
            />
          </FormField>
          <PasswordField
            inputId={passwordId}
            label="Password"
            value={values.password}
            onChange={(value) => change('password', value)}
            message={errors.password}
            autoComplete="current-password"
          />
          <p className="account-aside">
            <Link to={PATHS.forgotPassword}>Forgot password</Link>
          </p>
          <Button type="submit" label="Sign In" icon="pi pi-sign-in" loading={isSending} className="account-submit" />
        </form>
        <div className="account-alternative">
          <p className="mb-2">No account yet?</p>
          <LinkButton to={PATHS.register} variant="outlined" className="account-submit">
            Sign Up for a New Account
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
