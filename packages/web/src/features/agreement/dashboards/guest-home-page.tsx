/**
 * The page /guest/home (docs/product.md §2): "On mount loads the guest contract unless the contract was already
 * edited, then shows the trial information card and the dashboard."
 *
 * Loading is GET /api/v1/contracts/guest (the names) then GET /api/v1/contracts/guest/{id} for the
 * first one (docs/product.md §7). A guest's edited agreement (kept in this browser, see guest-persistence.ts)
 * is left as it is (also after a visit to /, docs/product.md §14); a subscriber's agreement in the store
 * is replaced by the trial one. **Start over**, after a confirmation, replaces the trial agreement
 * with a blank one: the only way it is erased.
 * A failure shows a toast and a message with Try Again; the page never goes blank.
 *
 * The trial information card belongs to the trial feature; features do not import each other
 * (docs/conventions.md), so the route file hands it in as `trialInformation`.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/lazy-primereact';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../components/ui/toast-provider';
import { toErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { agreementApi } from '../core/agreement-api';
import { agreementLoaded, clearAgreement, guestContractNamesLoaded, selectAgreementState } from '../core/agreement-slice';
import { Dashboard } from './dashboard';

export const GUEST_LOAD_FAILED_TEXT = 'The trial agreement could not be loaded.';
/** Asked before Start over (docs/product.md §14): the only way the trial agreement is erased. */
export const START_OVER_QUESTION = 'Start over with a blank trial agreement? Everything you changed in your trial agreement in this browser will be lost.';
export const NO_GUEST_AGREEMENT_TEXT = 'No trial agreement is available at the moment. Please try again later.';

type LoadState = { status: 'idle' | 'loading' } | { status: 'failed'; message: string };

export interface GuestHomePageProps {
  /** The "Free Trial Information" card, shown beside the dashboard (docs/product.md §2 /guest/home). */
  trialInformation?: ReactNode;
}

export default function GuestHomePage({ trialInformation }: GuestHomePageProps) {
  useDocumentTitle('Free Trial Dashboard');
  const dispatch = useAppDispatch();
  // The agreement as it was when the page opened: whether to load is decided once, at mount.
  const agreementAtMount = useRef(useAppSelector(selectAgreementState));
  const { showError } = useToast();
  const [loadState, setLoadState] = useState<LoadState>({ status: 'idle' });
  const runRef = useRef(0);
  const agreement = useAppSelector(selectAgreementState);
  const [isConfirmingStartOver, setConfirmingStartOver] = useState(false);

  const loadGuestAgreement = useCallback(async () => {
    const run = (runRef.current += 1);
    const isCurrent = () => runRef.current === run;
    setLoadState({ status: 'loading' });
    try {
      const names = await dispatch(agreementApi.endpoints.getGuestContractNames.initiate(undefined, { subscribe: false })).unwrap();
      const first = names[0];
      if (!first) throw new Error(NO_GUEST_AGREEMENT_TEXT);
      const contract = await dispatch(agreementApi.endpoints.getGuestContract.initiate(first._id, { subscribe: false })).unwrap();
      if (!isCurrent()) return;
      dispatch(guestContractNamesLoaded(names));
      dispatch(agreementLoaded({ contract, isSubscriber: false }));
      setLoadState({ status: 'idle' });
    } catch (error) {
      if (!isCurrent()) return;
      const message = toErrorMessage(error);
      showError(message);
      setLoadState({ status: 'failed', message });
    }
  }, [dispatch, showError]);

  useEffect(() => {
    // Read the store once, at mount: a guest's own edits are kept (docs/product.md §2), everything else reloads.
    const { isContractEdited, isSubscriber, contract } = agreementAtMount.current;
    if (isContractEdited && !isSubscriber && contract !== null) return;
    void loadGuestAgreement();
    return () => {
      runRef.current += 1;
    };
  }, [loadGuestAgreement]);

  return (
    <div className="guest-home py-3">
      <h1>Free Trial</h1>
      <div className="row g-4">
        <div className={trialInformation ? 'col-12 col-lg-7' : 'col-12'}>
          <Dashboard variant="guest" isLoading={loadState.status === 'loading'} />
          {agreement.contract !== null && !agreement.isSubscriber && (
            <div className="start-over">
              <Button
                type="button"
                label="Start over"
                icon="pi pi-eraser"
                size="small"
                outlined
                disabled={loadState.status === 'loading'}
                onClick={() => setConfirmingStartOver(true)}
              />
            </div>
          )}
          <ConfirmDialog
            visible={isConfirmingStartOver}
            onHide={() => setConfirmingStartOver(false)}
            header="Start over"
            icon="pi pi-exclamation-triangle"
            style={{ width: 'min(92vw, 32rem)' }}
            message={START_OVER_QUESTION}
            acceptLabel="Start over"
            rejectLabel="Keep my trial"
            defaultFocus="reject"
            accept={() => {
              dispatch(clearAgreement());
              void loadGuestAgreement();
            }}
          />
          {loadState.status === 'failed' && (
            <div className="load-failure" role="alert">
              <p className="mb-2">
                {GUEST_LOAD_FAILED_TEXT} {loadState.message}
              </p>
              <Button type="button" label="Try Again" icon="pi pi-refresh" size="small" onClick={() => void loadGuestAgreement()} />
            </div>
          )}
        </div>
        {trialInformation && <div className="col-12 col-lg-5">{trialInformation}</div>}
      </div>
    </div>
  );
}
