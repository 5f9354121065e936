/**
 * "Your Registration Did Not Complete" (spec 2, presumably /register-fail): asks the visitor to try
 * again or to contact an administrator, through the Contact Us page (see register-pass-page.tsx).
 */
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import './account.css';

export default function RegisterFailPage() {
  useDocumentTitle('Your Registration Did Not Complete');
  return (
    <section className="account-page" aria-labelledby="register-fail-title">
      <h1 id="register-fail-title">Your Registration Did Not Complete</h1>
      <div className="account-card">
        <p>Something went wrong while your account was being created. Please try again.</p>
        <p className="mb-0">
          If it fails again, contact an administrator through the <Link to="/contact">Contact Us</Link> page.
        </p>
      </div>
    </section>
  );
}
