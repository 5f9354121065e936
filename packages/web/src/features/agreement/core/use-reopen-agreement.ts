/**
 * After a reload of /my/contract the store is empty: this hook opens the agreement the tab had open
 * (subscriber-agreement-memory.ts) again from the server, once, at mount.
 */
import { useCallback, useEffect, useState } from 'react';
import { useToast } from '../../../components/ui/toast-provider';
import { useAppDispatch } from '../../../lib/hooks';
import { openSubscriberAgreement } from './subscriber-agreement-actions';
import { forgetOpenAgreement, recallOpenAgreement } from './subscriber-agreement-memory';

/**
 * Opens the remembered agreement when `shouldReopen` is true at mount. An agreement that no longer
 * answers (404: deleted, or another account signed in since) is forgotten quietly; other failures
 * are told in a toast and the page shows "Agreement is not Loaded" with Go To Dashboard.
 *
 * @param shouldReopen read at mount only (the subscriber editor with nothing loaded)
 * @returns true while the agreement is being opened
 */
export function useReopenAgreement(shouldReopen: boolean): boolean {
  const dispatch = useAppDispatch();
  const { showFailure } = useToast();
  const [reopeningId] = useState(() => (shouldReopen ? recallOpenAgreement() : null));
  const [isReopening, setIsReopening] = useState(reopeningId !== null);

  const reopen = useCallback(
    async (id: string, isCurrent: () => boolean) => {
      try {
        await openSubscriberAgreement(dispatch, id);
      } catch (error) {
        if (isCurrent()) {
          if (typeof error === 'object' && error !== null && 'status' in error && error.status === 404) forgetOpenAgreement();
          else showFailure(error);
        }
      } finally {
        if (isCurrent()) setIsReopening(false);
      }
    },
    [dispatch, showFailure],
  );

  useEffect(() => {
    if (reopeningId === null) return;
    let isCurrent = true;
    void reopen(reopeningId, () => isCurrent);
    return () => {
      isCurrent = false;
    };
  }, [reopeningId, reopen]);

  return isReopening;
}
