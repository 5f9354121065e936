/**
 * Route `/my/admin` (spec 2 "Admin Panel", admin only). The panel itself (tabs Subscriptions,
 * Messages, Users, Templates) is built by its own issue; until then this placeholder holds the route.
 */
import { useDocumentTitle } from '../../lib/use-document-title';

export default function AdminPanelRoute() {
  useDocumentTitle('Admin Panel');
  return (
    <section className="page-narrow py-4" aria-labelledby="admin-panel-title">
      <h1 id="admin-panel-title">Admin Panel</h1>
      <p>The Admin Panel (subscriptions, messages, users and templates) is not available yet.</p>
    </section>
  );
}
