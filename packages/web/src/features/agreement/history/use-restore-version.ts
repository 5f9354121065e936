/**
 * Restoring an earlier version from History (ADR 171): a new revision whose content is the earlier
 * one (nothing is deleted), then the restored agreement is opened again on the same category.
 */
import type { Contract } from '@bpa/domain/contract';
import { useToast } from '../../../components/ui/toast-provider';
import { useAppDispatch } from '../../../lib/hooks';
import { categorySelected } from '../core/agreement-slice';
import { openSubscriberAgreement } from '../core/subscriber-agreement-actions';
import { useRestoreRevisionMutation } from './history-api';

/**
 * Restore for the editor.
 *
 * @returns `restore(revision)`, true once restored and reopened (a failure is shown as a toast),
 *   and whether a restore is running
 */
export function useRestoreVersion(contract: Contract | null, selectedIndex: number) {
  const dispatch = useAppDispatch();
  const { showSuccess, showFailure } = useToast();
  const [restoreRevision, restoreState] = useRestoreRevisionMutation();
  const restore = async (revision: number): Promise<boolean> => {
    if (!contract) return false;
    try {
      const answer = await restoreRevision({ contractId: contract._id, revision }).unwrap();
      await openSubscriberAgreement(dispatch, contract._id);
      if (selectedIndex >= 0) dispatch(categorySelected(selectedIndex));
      showSuccess(`Version ${revision} is restored as version ${answer.revision}.`);
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    }
  };
  return { restore, isRestoring: restoreState.isLoading };
}
