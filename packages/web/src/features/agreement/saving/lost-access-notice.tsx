/**
 * What a partner sees when a save finds their access ended (docs/sharing.md §2): who ended it, and
 * a way to keep what they typed, as an agreement file they can import into an agreement of their
 * own. Shown by the subscriber's editor while `saving.lostAccess` is set.
 */
import { Button } from 'primereact/button';
import type { Contract } from '@bpa/domain/contract';
import { downloadAgreementFile } from '../core/download-agreement';

/** The sentence of a save refused because the partner's access ended. */
export function lostAccessMessage(contract: Pick<Contract, 'ownerName'>): string {
  const owner = contract.ownerName && contract.ownerName !== '' ? contract.ownerName : 'Its owner';
  return `Your access to this agreement has ended: ${owner} stopped sharing it with you, or deleted it. Your changes were not saved; they are still on this screen.`;
}

export interface LostAccessNoticeProps {
  contract: Contract;
  /** Downloads the agreement as on screen (default: downloadAgreementFile). */
  onDownload?: (contract: Contract) => void;
}

/** The notice with "Download my changes". */
export function LostAccessNotice({ contract, onDownload = downloadAgreementFile }: LostAccessNoticeProps) {
  return (
    <div className="lost-access-notice" role="alert">
      <p>{lostAccessMessage(contract)}</p>
      <Button type="button" label="Download my changes (JSON)" icon="pi pi-download" size="small" onClick={() => onDownload(contract)} />
    </div>
  );
}
