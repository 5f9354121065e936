/**
 * "Shared with me" on /my/home (docs/sharing.md §1): the agreements partners shared with the signed-in
 * account, with the owner, the access (can edit / can view), Open, and Export (with Import for a
 * partner who can edit: docs/product.md §12). They do not count towards anyone's
 * five agreements. A partner account sees only this list. An agreement only offered (not accepted
 * yet) shows Accept and Decline instead, and opens nothing until accepted (ADR 172, "Consent");
 * an accepted one can be left.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/lazy-primereact';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../components/ui/toast-provider';
import { toErrorMessage } from '../../../lib/error-message';
import { MarkupText, toPlainName } from '../core/markup-text';
import { ChangeBadge } from './dashboard';
import { ExportImportDialog, type ExportImportTarget } from '../export-import/export-import-dialog';
import { useAcceptShareMutation, useDeclineShareMutation } from '../sharing/sharing-api';
import { useGetChangesWaitingQuery } from '../review/review-api';
import { useGetSharedContractsQuery } from '../core/open-agreements-api';
import { openSubscriberAgreement } from '../core/subscriber-agreement-actions';
import { SUBSCRIBER_EDITOR_PATH } from './subscriber-dashboard';

export const SHARED_WITH_ME_TITLE = 'Shared with me';
export const NOTHING_SHARED_TEXT = 'No agreement is shared with you yet. When a partner shares one, it appears here.';
/** Beside an agreement offered and not accepted yet. */
export const OFFERED_TEXT = 'Offered to you: accept it to open it, or decline it.';

/** Import replaces the agreement: a partner who can edit, while the owner's subscription runs. */
function canImport(row: { access: string; isPausedByOwner?: boolean | undefined }): boolean {
  return row.access === 'edit' && row.isPausedByOwner !== true;
}

/**
 * The agreements partners shared with this account.
 *
 * @param isOnlyList a partner account's page, where this list is all there is
 * @param onOpeningEditor called as opening an agreement starts loading it: the route starts loading
 *   the editor's code meanwhile (docs/product.md §D12)
 */
export function SharedWithMe({ isOnlyList = false, onOpeningEditor }: { isOnlyList?: boolean; onOpeningEditor?: () => void }) {
  const headingId = useId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { showSuccess, showFailure } = useToast();
  const [acceptShare] = useAcceptShareMutation();
  const [declineShare] = useDeclineShareMutation();
  const [answeringId, setAnsweringId] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<{ _id: string; contractName: string } | null>(null);
  const shared = useGetSharedContractsQuery(undefined, { refetchOnMountOrArgChange: true });
  const waiting = useGetChangesWaitingQuery(undefined, { refetchOnMountOrArgChange: true });
  const changeCounts = new Map((waiting.data ?? []).map((row) => [row._id, row.count]));
  const [openingId, setOpeningId] = useState<string | null>(null);
  const [exchangeTarget, setExchangeTarget] = useState<ExportImportTarget | null>(null);
  const rows = shared.data ?? [];

  const open = async (id: string) => {
    setOpeningId(id);
    onOpeningEditor?.();
    try {
      await openSubscriberAgreement(dispatch, id);
      void navigate(SUBSCRIBER_EDITOR_PATH);
    } catch (error) {
      showFailure(error);
    } finally {
      setOpeningId(null);
    }
  };

  /** Accepts or declines an offered agreement (or leaves an accepted one); the list is fetched again. */
  const answer = async (row: { _id: string; contractName: string }, isAccepted: boolean) => {
    setAnsweringId(row._id);
    try {
      await (isAccepted ? acceptShare(row._id) : declineShare(row._id)).unwrap();
      showSuccess(isAccepted ? `${toPlainName(row.contractName)} is now in your list.` : `${toPlainName(row.contractName)} is no longer shared with you.`);
    } catch (error) {
      showFailure(error);
    } finally {
      setAnsweringId(null);
    }
  };

  // A subscriber with nothing shared sees no empty section; a partner account always sees it.
  if (!isOnlyList && rows.length === 0 && !shared.isError) return null;
  return (
    <section className="shared-with-me mt-4" aria-labelledby={headingId}>
      <h2 id={headingId}>{SHARED_WITH_ME_TITLE}</h2>
      {shared.isLoading ? (
        <p role="status">Loading…</p>
      ) : shared.isError ? (
        <div className="load-failure" role="alert">
          <p className="mb-2">The agreements shared with you could not be loaded. {toErrorMessage(shared.error)}</p>
          <Button type="button" label="Try Again" icon="pi pi-refresh" size="small" onClick={() => void shared.refetch()} />
        </div>
      ) : rows.length === 0 ? (
        <p>{NOTHING_SHARED_TEXT}</p>
      ) : (
        <table className="dashboard-table">
          <thead>
            <tr>
              <th scope="col">Agreement Name</th>
              <th scope="col">Owner</th>
              <th scope="col">Access</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row._id}>
                <td data-label="Agreement Name">
                  <MarkupText markup={row.contractName} />
                  {(changeCounts.get(row._id) ?? 0) > 0 && <ChangeBadge count={changeCounts.get(row._id)!} />}
                </td>
                <td data-label="Owner" style={{ overflowWrap: 'anywhere' }}>
                  {row.ownerName}
                </td>
                <td data-label="Access">
                  {row.access === 'edit' ? 'Can edit' : 'Can view'}
                  {row.isPausedByOwner && <span className="dashboard-unsaved"> (editing paused: the owner’s subscription has ended)</span>}
                </td>
                <td data-label="Actions">
                  {row.isPending ? (
                    <>
                      <span className="shared-offered">{OFFERED_TEXT}</span>{' '}
                      <Button
                        type="button"
                        label="Accept"
                        icon="pi pi-check"
                        size="small"
                        aria-label={`Accept: ${toPlainName(row.contractName)}`}
                        loading={answeringId === row._id}
                        onClick={() => void answer(row, true)}
                      />{' '}
                      <Button
                        type="button"
                        label="Decline"
                        icon="pi pi-times"
                        size="small"
                        severity="secondary"
                        outlined
                        aria-label={`Decline: ${toPlainName(row.contractName)}`}
                        disabled={answeringId === row._id}
                        onClick={() => void answer(row, false)}
                      />
                    </>
                  ) : (
                    <>
                      <Button
                        type="button"
                        label={row.access === 'edit' ? 'Edit Agreement' : 'Open'}
                        icon={row.access === 'edit' ? 'pi pi-file-edit' : 'pi pi-eye'}
                        size="small"
                        aria-label={`${row.access === 'edit' ? 'Edit Agreement' : 'Open'}: ${toPlainName(row.contractName)}`}
                        loading={openingId === row._id}
                        onClick={() => void open(row._id)}
                      />{' '}
                      {/* Anyone who may open it may export it; import replaces it, so only a partner who can edit (docs/product.md §12). */}
                      <Button
                        type="button"
                        label={canImport(row) ? 'Export or import' : 'Export'}
                        icon="pi pi-arrow-right-arrow-left"
                        size="small"
                        severity="secondary"
                        outlined
                        aria-label={`${canImport(row) ? 'Export or import' : 'Export'}: ${toPlainName(row.contractName)}`}
                        onClick={() => setExchangeTarget({ id: row._id, contractName: row.contractName, canImport: canImport(row) })}
                      />{' '}
                      <Button
                        type="button"
                        label="Leave"
                        icon="pi pi-sign-out"
                        size="small"
                        severity="secondary"
                        text
                        aria-label={`Leave: ${toPlainName(row.contractName)}`}
                        disabled={answeringId === row._id}
                        onClick={() => void answer(row, false)}
                      />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ExportImportDialog target={exchangeTarget} onClose={() => setExchangeTarget(null)} />
      <ConfirmDialog
        visible={leaving !== null}
        onHide={() => setLeaving(null)}
        header="Leave this agreement"
        style={{ width: 'min(92vw, 32rem)' }}
        message={leaving && <span>Stop seeing {toPlainName(leaving.contractName)}? Only its owner can share it with you again.</span>}
        acceptLabel="Leave"
        rejectLabel="Cancel"
        defaultFocus="reject"
        accept={() => {
          if (leaving) void answer(leaving, false);
        }}
      />
    </section>
  );
}
