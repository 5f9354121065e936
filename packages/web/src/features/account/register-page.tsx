/**
 * The screen `/register` (docs/product.md §2 "Register"): sales are closed (docs/product.md §1, docs/product.md §D1), so the banner
 * says the Register button has been disabled; the fields email, password and confirm password are
 * shown, the Register button is disabled and its click (or Enter in a field) does nothing. The
 * button I Need to Login goes to /login.
 */
import { InputText } from '../../components/ui/input-text';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FormField, PasswordField, SalesClosedBanner } from './account-fields';
import './account.css';
import { PATHS } from '@bpa/domain/paths';

/** docs/product.md §2: "Banner says the Register button has been disabled". */
export const REGISTER_DISABLED_TEXT =
  'The Register button has been disabled: new accounts can no longer be created. You can still login if you have an account.';

/** docs/product.md §2: "The register click does nothing". */
function doNothing(event: FormEvent) {
  event.preventDefault();
}

export default function RegisterPage() {
  useDocumentTitle('Sign Up');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const emailId = useId();
  const passwordId = useId();
  const confirmId = useId();
  const bannerId = useId();

  return (
    <section className="account-page" aria-labelledby="register-title">
      <h1 id="register-title">Sign Up</h1>
      <div id={bannerId}>
        <SalesClosedBanner>{REGISTER_DISABLED_TEXT}</SalesClosedBanner>
      </div>
      <div className="account-card">
        <form noValidate onSubmit={doNothing} aria-labelledby="register-title">
          <FormField inputId={emailId} label="Email">
            <InputText
              id={emailId}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className="account-input"
            />
          </FormField>
          <PasswordField inputId={passwordId} label="Password" value={password} onChange={setPassword} hasMeter autoComplete="new-password" />
          <PasswordField inputId={confirmId} label="Confirm Password" value={passwordConfirm} onChange={setPasswordConfirm} autoComplete="new-password" />
          <Button type="submit" label="Register" icon="pi pi-user-plus" disabled aria-describedby={bannerId} className="account-submit" />
        </form>
        <div className="account-alternative">
          <p className="mb-2">Already have an account?</p>
          <LinkButton to={PATHS.login} variant="outlined" className="account-submit">
            I Need to Login
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
