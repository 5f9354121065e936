/**
 * `/im/home` (docs/product.md §2: "another home screen; target after impersonation"): the impersonation banner
 * and the way into the user's own screens.
 */
import { LinkButton } from '../../components/ui/link-button';
import { useAppSelector } from '../../lib/hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ImpersonationBanner } from './impersonation-banner';
import { selectSession } from './session-slice';
import './account.css';
import { PATHS } from '@bpa/domain/paths';

export interface ImHomePageProps {
  /** See ImpersonationBanner: clears the user's data and goes to /my/admin. */
  onReturned: () => void;
}

export function ImHomePage({ onReturned }: ImHomePageProps) {
  useDocumentTitle('Impersonation');
  const { email, impersonatedBy } = useAppSelector(selectSession);
  return (
    <section className="account-page account-page-wide" aria-labelledby="im-home-title">
      <h1 id="im-home-title">Impersonation</h1>
      <ImpersonationBanner email={email} onReturned={onReturned} />
      <div className="account-card">
        <p>
          {impersonatedBy
            ? `You (${impersonatedBy}) see the app as this user sees it. Everything you change is changed in their account.`
            : 'You see the app as this user sees it. Everything you change is changed in their account.'}
        </p>
        <LinkButton to={PATHS.myHome} icon="pi pi-arrow-right" iconPosition="right">
          Go to their dashboard
        </LinkButton>
      </div>
    </section>
  );
}
