/**
 * What a partner sees when a save finds their access ended (docs/sharing.md §2): who ended it, and
 * ways to keep what they typed: an agreement file to download, and for a subscriber a copy into one
 * of their own agreements (an import: that agreement's History keeps what it held). Shown by the
 * subscriber's editor while `saving.lostAccess` is set.
 */
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { Contract } from '@bpa/domain/contract';
import { toErrorMessage } from '../../../lib/error-message';
import { useGetSubscriberContractNamesQuery, useImportAgreementMutation } from '../core/agreement-api';
import { agreementFileName, agreementFileText, downloadAgreementFile } from '../core/download-agreement';
import { toPlainName } from '../core/markup-text';

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

/** The notice with "Download my changes" and, for a subscriber, "Copy into". */
export function LostAccessNotice({ contract, onDownload = downloadAgreementFile }: LostAccessNoticeProps) {
  return (
    <div className="lost-access-notice" role="alert">
      <p>{lostAccessMessage(contract)}</p>
      <Button type="button" label="Download my changes (JSON)" icon="pi pi-download" size="small" onClick={() => onDownload(contract)} />
      <CopyIntoOwnAgreement contract={contract} />
    </div>
  );
}

/** Base64 of UTF-8 text, in pieces (a whole agreement is too long for one String.fromCharCode call). */
function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * A subscriber copies the edits into one of their own agreements, which they choose: an import of
 * the agreement as on screen (docs/agreement-format.md), so that agreement's History keeps what it
 * held. Not shown to a partner account, which has no agreements of its own.
 */
function CopyIntoOwnAgreement({ contract }: { contract: Contract }) {
  const names = useGetSubscriberContractNamesQuery();
  const [importAgreement, state] = useImportAgreementMutation();
  const [targetId, setTargetId] = useState('');
  const [message, setMessage] = useState<{ text: string; isProblem: boolean } | null>(null);
  const selectId = useId();
  const own = names.data?.contractNames ?? [];
  if (own.length === 0) return null;
  const target = own.find((row) => row._id === targetId);

  const copy = async () => {
    if (!target) return;
    try {
      await importAgreement({ id: target._id, fileName: agreementFileName(contract.contractName), data: toBase64(agreementFileText(contract)) }).unwrap();
      setMessage({ text: `Copied into ${toPlainName(target.contractName)}: open it from your dashboard.`, isProblem: false });
    } catch (error) {
      setMessage({ text: toErrorMessage(error), isProblem: true });
    }
  };

  return (
    <div className="lost-access-copy">
      <label htmlFor={selectId}>Or copy my changes into one of my agreements</label>
      <select id={selectId} value={targetId} onChange={(event) => setTargetId(event.target.value)}>
        <option value="">Choose an agreement…</option>
        {own.map((row) => (
          <option key={row._id} value={row._id}>
            {toPlainName(row.contractName)}
          </option>
        ))}
      </select>
      <Button
        type="button"
        label={target ? `Replace ${toPlainName(target.contractName)} with my changes` : 'Copy'}
        icon="pi pi-copy"
        size="small"
        outlined
        disabled={!target}
        loading={state.isLoading}
        onClick={() => void copy()}
      />
      <small>Its History keeps what it held before.</small>
      <p role={message?.isProblem ? 'alert' : 'status'}>{message?.text ?? ''}</p>
    </div>
  );
}
