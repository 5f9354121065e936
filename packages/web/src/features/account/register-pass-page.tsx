/**
 * "Registration almost complete" (spec 2, presumably /register-pass): asks the visitor to check
 * the email and the spam folder, and gives a contact. The contact is the Contact Us page rather
 * than an address on screen (no address to harvest; the page reaches the administrators).
 */
import { Link } from 'react-router';
import { MESSAGES } from '@bpa/domain/messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Notice } from './account-fields';
import './account.css';

export default function RegisterPassPage() {
  useDocumentTitle('Registration Almost Complete');
  return (
    <section className="account-page" aria-labelledby="register-pass-title">
      <h1 id="register-pass-title">Registration Almost Complete</h1>
      <div className="account-card">
        <Notice kind="success">{MESSAGES.registrationSent}</Notice>
        <p>Please check your email. If the message is not in your inbox, look in your spam (junk) folder too.</p>
        <p className="mb-0">
          Nothing arrived? Contact us through the <Link to="/contact">Contact Us</Link> page and an administrator will help you.
        </p>
      </div>
    </section>
  );
}
