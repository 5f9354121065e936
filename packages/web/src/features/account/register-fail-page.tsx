/**
 * "Your Registration Did Not Complete" (docs/product.md §2, presumably /register-fail): asks the visitor to try
 * again or to contact an administrator at the SUPPORT_EMAIL address (support-contact.tsx).
 */
import { useDocumentTitle } from '../../lib/use-document-title';
import { SupportContact } from './support-contact';
import './account.css';

export default function RegisterFailPage() {
  useDocumentTitle('Your Registration Did Not Complete');
  return (
    <section className="account-page" aria-labelledby="register-fail-title">
      <h1 id="register-fail-title">Your Registration Did Not Complete</h1>
      <div className="account-card">
        <p>Something went wrong while your account was being created. Please try again.</p>
        <SupportContact lead="If it fails again," />
      </div>
    </section>
  );
}
