/**
 * The Subscriptions tab (docs/product.md §2, docs/product.md §3 "Subscription (booking): user.email, createdAt, price"):
 * the subscriber's email, the date the subscription was booked and the date it ends (month/day/year)
 * and the price as a dollar amount with cents (docs/product.md §9), with the subscription's state beside them.
 * Renew adds a year (from the end date, or from today once it has ended) and Cancel ends it now,
 * after a confirmation (docs/product.md §17); the server answers the updated list. A failed load says
 * so in the table (ADR 111; the spec ignores admin list load errors).
 */
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from '../../components/ui/lazy-primereact';
import { DataTable } from 'primereact/datatable';
import type { BookingListItem, BookingStatus } from '@bpa/domain/api-admin';
import { useToast } from '../../components/ui/toast-provider';
import { useChangeBookingMutation, useGetBookingsQuery } from './admin-api';
import { countText, formatAdminDate, formatPrice, tableEmptyText, tablePagination } from './admin-format';

const STATUS_LABELS: Record<BookingStatus, string> = { active: 'Active', expired: 'Expired', cancelled: 'Cancelled' };

export function SubscriptionsTab() {
  const { data, isLoading, error } = useGetBookingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [changeBooking, { isLoading: isChanging }] = useChangeBookingMutation();
  const { showSuccess, showFailure } = useToast();
  const [bookingToCancel, setBookingToCancel] = useState<BookingListItem | null>(null);
  const bookings = data ?? [];

  const change = async (booking: BookingListItem, action: 'renew' | 'cancel') => {
    try {
      const updated = await changeBooking({ id: booking._id, action }).unwrap();
      const expiresAt = updated.find((b) => b._id === booking._id)?.expiresAt ?? booking.expiresAt;
      showSuccess(
        action === 'renew'
          ? `The subscription of ${booking.user.email} now ends on ${formatAdminDate(expiresAt)}.`
          : `The subscription of ${booking.user.email} was cancelled.`,
      );
    } catch (changeError) {
      showFailure(changeError);
    }
  };

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
        <Column field="expiresAt" header="Ends" sortable body={(booking: BookingListItem) => formatAdminDate(booking.expiresAt)} />
        <Column field="priceCents" header="Price" sortable body={(booking: BookingListItem) => formatPrice(booking.priceCents)} />
        <Column field="status" header="Status" sortable body={(booking: BookingListItem) => STATUS_LABELS[booking.status]} />
        <Column
          header="Action"
          body={(booking: BookingListItem) => (
            <div className="admin-actions">
              <Button
                type="button"
                label="Renew"
                icon="pi pi-replay"
                size="small"
                outlined
                aria-label={`Renew the subscription of ${booking.user.email} for a year`}
                disabled={isChanging}
                onClick={() => void change(booking, 'renew')}
              />
              {booking.status === 'active' && (
                <Button
                  type="button"
                  label="Cancel"
                  icon="pi pi-ban"
                  size="small"
                  outlined
                  className="admin-danger-outlined"
                  aria-label={`Cancel the subscription of ${booking.user.email}`}
                  disabled={isChanging}
                  onClick={() => setBookingToCancel(booking)}
                />
              )}
            </div>
          )}
        />
      </DataTable>
      <ConfirmDialog
        visible={bookingToCancel !== null}
        onHide={() => setBookingToCancel(null)}
        header="Cancel subscription"
        style={{ width: 'min(92vw, 32rem)' }}
        icon="pi pi-exclamation-triangle"
        message={
          bookingToCancel && (
            <span>
              Cancel the subscription of <strong>{bookingToCancel.user.email}</strong> now? They are signed out and cannot sign in until it is renewed.
            </span>
          )
        }
        acceptLabel="Cancel subscription"
        rejectLabel="Keep it"
        accept={() => {
          if (bookingToCancel) void change(bookingToCancel, 'cancel');
        }}
      />
    </div>
  );
}
