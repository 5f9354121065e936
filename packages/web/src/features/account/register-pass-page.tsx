/**
 * "Registration almost complete" (docs/product.md §2, presumably /register-pass): asks the visitor to check
 * the email and the spam folder, and gives the contact address (SUPPORT_EMAIL) and the Contact Us page.
 */
import { MESSAGES } from '@bpa/domain/messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Notice } from './account-fields';
import { SupportContact } from './support-contact';
import './account.css';

export default function RegisterPassPage() {
  useDocumentTitle('Registration Almost Complete');
  return (
    <section className="account-page" aria-labelledby="register-pass-title">
      <h1 id="register-pass-title">Registration Almost Complete</h1>
      <div className="account-card">
        <Notice kind="success">{MESSAGES.registrationSent}</Notice>
        <p>Please check your email. If the message is not in your inbox, look in your spam (junk) folder too.</p>
        <SupportContact lead="Nothing arrived?" />
      </div>
    </section>
  );
}
