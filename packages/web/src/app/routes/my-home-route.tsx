/**
 * Route `/my/home` (spec 2: the subscriber's dashboard). Until the subscriber-workspace issue
 * loads the subscriber's agreements, it shows who is signed in and the existing Dashboard in its
 * subscriber variant with the agreements in the store (none yet: it says "No agreement is loaded.").
 */
import { useAppSelector } from '../hooks';
import { selectSession } from '../../features/account/session-slice';
import { Dashboard } from '../../features/agreement/dashboard';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function MyHomeRoute() {
  useDocumentTitle('Dashboard');
  const { email } = useAppSelector(selectSession);
  return (
    <div className="py-3">
      <h1>Your Agreements</h1>
      {/* A long address breaks rather than widening a phone's page. */}
      <p className="lead-text" style={{ overflowWrap: 'anywhere' }}>
        Signed in as <strong>{email}</strong>
      </p>
      <Dashboard variant="subscriber" />
    </div>
  );
}
