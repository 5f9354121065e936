/**
 * The Admin Panel (docs/product.md §2 "Admin Panel (/my/admin)": tabs Subscriptions, Messages, Users,
 * Templates; docs/product.md §6: administrators only, the route guard sees to that). The open tab is kept in
 * the address (`?tab=messages`), so a reload or a shared link opens the same tab. Only the open
 * tab is rendered, so only its list is fetched; each list is fetched afresh when its tab opens.
 */
import { PrimeReactScope } from '../../components/ui/prime-react-scope';
import { useSearchParams } from 'react-router';
import { TabPanel, TabView } from 'primereact/tabview';
import { useDocumentTitle } from '../../lib/use-document-title';
import { MessagesTab } from './messages-tab';
import { SubscriptionsTab } from './subscriptions-tab';
import { TemplatesTab } from './templates-tab';
import { UsersTab } from './users-tab';
import './admin.css';

/** The tabs in spec order, with their `?tab=` values. */
export const ADMIN_TABS = [
  { key: 'subscriptions', label: 'Subscriptions' },
  { key: 'messages', label: 'Messages' },
  { key: 'users', label: 'Users' },
  { key: 'templates', label: 'Templates' },
] as const;

export interface AdminPanelProps {
  /** Signs in as the user with this email and opens /im/home (docs/product.md §4); rejects with the reason on failure. */
  onImpersonate: (email: string) => Promise<void>;
}

export function AdminPanel({ onImpersonate }: AdminPanelProps) {
  useDocumentTitle('Admin Panel');
  const [searchParams, setSearchParams] = useSearchParams();
  const activeIndex = Math.max(
    0,
    ADMIN_TABS.findIndex((tab) => tab.key === searchParams.get('tab')),
  );

  return (
    <section className="admin-panel py-3" aria-labelledby="admin-panel-title">
      <h1 id="admin-panel-title">Admin Panel</h1>
      <PrimeReactScope>
        <TabView
          activeIndex={activeIndex}
          onTabChange={(event) => {
            const tab = ADMIN_TABS[event.index] ?? ADMIN_TABS[0];
            setSearchParams(tab.key === 'subscriptions' ? {} : { tab: tab.key }, { replace: true });
          }}
          scrollable
          className="admin-tabs"
        >
          <TabPanel header="Subscriptions">
            <SubscriptionsTab />
          </TabPanel>
          <TabPanel header="Messages">
            <MessagesTab />
          </TabPanel>
          <TabPanel header="Users">
            <UsersTab onImpersonate={onImpersonate} />
          </TabPanel>
          <TabPanel header="Templates">
            <TemplatesTab />
          </TabPanel>
        </TabView>
      </PrimeReactScope>
    </section>
  );
}
