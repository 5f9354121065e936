/**
 * Downloads an agreement as it is on screen, as an agreement file (docs/agreement-format.md), from
 * the browser alone: for edits the server can no longer take (a partner whose access ended), so
 * nothing typed is lost. The file imports like any export.
 */
import { toAgreementFile } from '@bpa/domain/agreement-file';
import type { Contract } from '@bpa/domain/contract';
import { toPlainName } from './markup-text';

/**
 * The file's name: the agreement's name without markup and characters file systems refuse, and
 * ".json"; "agreement.json" when nothing is left.
 */
export function agreementFileName(contractName: string): string {
  const base = toPlainName(contractName)
    .replace(/[\\/:*?"<>|]+/g, ' ')
    // Control characters and runs of blanks become one space.
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, 100);
  return `${base === '' ? 'agreement' : base}.json`;
}

/** `contract` (name, categories, player names) as the text of an agreement file (docs/agreement-format.md). */
export function agreementFileText(contract: Contract, now: Date = new Date()): string {
  const { contractName, categories, playerNames } = contract;
  return JSON.stringify(toAgreementFile({ contractName, categories, ...(playerNames ? { playerNames } : {}) }, now), null, 2);
}

/** Starts the download of `contract` (name, categories, player names) as an agreement file. */
export function downloadAgreementFile(contract: Contract, now: Date = new Date()): void {
  const url = URL.createObjectURL(new Blob([agreementFileText(contract, now)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = agreementFileName(contract.contractName);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
