/**
 * Route `/my/home` (docs/product.md §2: the subscriber's dashboard): who is signed in and the name partners
 * see (account feature, docs/sharing.md §11) above
 * the subscriber's Dashboard with their agreements and the practice on each (agreement feature,
 * docs/questionnaire.md §8). The features meet here. Edit Agreement starts loading the editor's
 * code while it loads the agreement, rather than after (docs/product.md §D12).
 */
import { useAppSelector } from '../hooks';
import { selectSession } from '../../features/account/session-slice';
import { YourName } from '../../features/account/your-name';
import { SharedWithMe } from '../../features/agreement/dashboards/shared-with-me';
import { SubscriberDashboard } from '../../features/agreement/dashboards/subscriber-dashboard';
import { PracticeSummary } from '../../features/agreement/practice/practice-summary';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Starts loading the editor route's code; a failure is left to the router, which loads it again. */
const preloadEditor = () => void import('./my-contract-route').catch(() => undefined);

export default function MyHomeRoute() {
  useDocumentTitle('Dashboard');
  const { email, role } = useAppSelector(selectSession);
  // A partner account (docs/sharing.md §1) has no agreements of its own: only what partners shared with it.
  const isPartner = role === 'partner';
  return (
    <div className="py-3">
      <h1>{isPartner ? 'Agreements shared with you' : 'Your Agreements'}</h1>
      {/* A long address breaks rather than widening a phone's page. */}
      <p className="lead-text" style={{ overflowWrap: 'anywhere' }}>
        Signed in as <strong>{email}</strong>
      </p>
      <YourName />
      {!isPartner && <SubscriberDashboard onOpeningEditor={preloadEditor} />}
      <SharedWithMe isOnlyList={isPartner} onOpeningEditor={preloadEditor} />
      <PracticeSummary />
    </div>
  );
}
