/**
 * The Messages tab (docs/product.md §2, docs/product.md §3 "Message: _id, mailName, mailEmail, mailMessage, sentAt"; spec
 * 6: messages view and delete): when each message was sent (month/day/year and a 12-hour time,
 * docs/product.md §9), the sender and the text. Delete asks first; the server answers the updated list, which
 * the table then shows (docs/product.md §7). The texts are shown as plain text, never as markup.
 */
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from '../../components/ui/lazy-primereact';
import { DataTable } from 'primereact/datatable';
import type { ContactMessageItem } from '@bpa/domain/api-admin';
import { useToast } from '../../components/ui/toast-provider';
import { useDeleteMessageMutation, useGetMessagesQuery } from './admin-api';
import { countText, formatMessageSentAt, tableEmptyText, tablePagination } from './admin-format';

/** The sender as the table and the confirmation name them: "Name <email>", or the email alone. */
function senderOf(message: ContactMessageItem): string {
  return message.mailName.trim() === '' ? message.mailEmail : `${message.mailName} <${message.mailEmail}>`;
}

export function MessagesTab() {
  const { data, isLoading, error } = useGetMessagesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [deleteMessage, { isLoading: isDeleting }] = useDeleteMessageMutation();
  const { showSuccess, showFailure } = useToast();
  const [messageToDelete, setMessageToDelete] = useState<ContactMessageItem | null>(null);
  const messages = data ?? [];

  const deleteChosenMessage = async (message: ContactMessageItem) => {
    try {
      await deleteMessage(message._id).unwrap();
      showSuccess(`The message from ${senderOf(message)} was deleted.`);
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <div className="admin-tab">
      <p className="admin-tab-summary">{countText(messages.length, 'message')}</p>
      <DataTable
        value={messages}
        dataKey="_id"
        loading={isLoading}
        {...tablePagination(messages.length)}
        responsiveLayout="stack"
        breakpoint="576px"
        stripedRows
        size="small"
        emptyMessage={tableEmptyText(error, 'No messages.', 'messages')}
        className="admin-table"
        pt={{ table: { 'aria-label': 'Messages' } }}
      >
        <Column
          field="sentAt"
          header="Sent"
          sortable
          body={(message: ContactMessageItem) => <span className="admin-nowrap">{formatMessageSentAt(message.sentAt)}</span>}
        />
        <Column field="mailName" header="Name" body={(message: ContactMessageItem) => message.mailName || <span className="admin-muted">(none)</span>} />
        <Column field="mailEmail" header="Email" bodyClassName="admin-cell-email" />
        <Column field="mailMessage" header="Message" bodyClassName="admin-cell-message" />
        <Column
          header="Action"
          body={(message: ContactMessageItem) => (
            <Button
              type="button"
              label="Delete"
              icon="pi pi-trash"
              size="small"
              outlined
              className="admin-danger-outlined"
              aria-label={`Delete message from ${senderOf(message)}`}
              disabled={isDeleting}
              onClick={() => setMessageToDelete(message)}
            />
          )}
        />
      </DataTable>
      <ConfirmDialog
        visible={messageToDelete !== null}
        onHide={() => setMessageToDelete(null)}
        header="Delete message"
        style={{ width: 'min(92vw, 32rem)' }}
        icon="pi pi-exclamation-triangle"
        message={
          messageToDelete && (
            <span>
              Delete the message from <strong>{senderOf(messageToDelete)}</strong> sent {formatMessageSentAt(messageToDelete.sentAt)}? This cannot be undone.
            </span>
          )
        }
        acceptLabel="Delete"
        rejectLabel="Cancel"
        acceptClassName="admin-danger-button"
        defaultFocus="reject"
        accept={() => {
          if (messageToDelete) void deleteChosenMessage(messageToDelete);
        }}
      />
    </div>
  );
}
