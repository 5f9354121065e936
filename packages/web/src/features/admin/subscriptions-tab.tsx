/**
 * The Subscriptions tab (spec 2, spec 3 "Subscription (booking): user.email, createdAt, price"):
 * the subscriber's email, the date the subscription was booked (month/day/year) and the price as
 * a dollar amount with cents (spec 9), with the subscription's state beside them. A failed load
 * says so in the table (ADR 111; the spec ignores admin list load errors).
 */
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { BookingListItem, BookingStatus } from '@bpa/domain/api-admin';
import { useGetBookingsQuery } from './admin-api';
import { countText, formatAdminDate, formatPrice, tableEmptyText, tablePagination } from './admin-format';

const STATUS_LABELS: Record<BookingStatus, string> = { active: 'Active', expired: 'Expired', cancelled: 'Cancelled' };

export function SubscriptionsTab() {
  const { data, isLoading, error } = useGetBookingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const bookings = data ?? [];
  return (
    <div className="admin-tab">
      <p className="admin-tab-summary">{countText(bookings.length, 'subscription')}</p>
      <DataTable
        value={bookings}
        dataKey="_id"
        loading={isLoading}
        {...tablePagination(bookings.length)}
        responsiveLayout="stack"
        breakpoint="576px"
        stripedRows
        size="small"
        emptyMessage={tableEmptyText(error, 'No subscriptions yet.', 'subscriptions')}
        className="admin-table"
        pt={{ table: { 'aria-label': 'Subscriptions' } }}
      >
        <Column field="user.email" header="User email" sortable bodyClassName="admin-cell-email" />
        <Column field="createdAt" header="Created" sortable body={(booking: BookingListItem) => formatAdminDate(booking.createdAt)} />
        <Column field="priceCents" header="Price" sortable body={(booking: BookingListItem) => formatPrice(booking.priceCents)} />
        <Column field="status" header="Status" sortable body={(booking: BookingListItem) => STATUS_LABELS[booking.status]} />
      </DataTable>
    </div>
  );
}

