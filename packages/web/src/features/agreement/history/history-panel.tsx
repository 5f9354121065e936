/**
 * The History panel of the editor (docs/sharing.md §4; ADR 171): the agreement's revisions, newest first,
 * with author, time and what changed (20 per page). Opening one shows it read-only (as it prints)
 * with its differences from the current version (domain compareAgreements); "Download PDF of this version"
 * makes its PDF; "Restore this version" (after a confirmation) makes a new revision with its
 * content: nothing is deleted. Restoring is offered to those who may edit, and not while the
 * editor has unsaved changes (they would be overwritten).
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import type { Contract } from '@bpa/domain/contract';
import { compareAgreements } from '@bpa/domain/compare';
import { describeChange } from '@bpa/domain/history';
import { toErrorMessage } from '../../../lib/error-message';
import { LinkButton } from '../../../components/ui/link-button';
import { AgreementOutline } from '../core/agreement-outline';
import { comparePath } from '../core/compare-path';
import { MarkupText } from '../core/markup-text';
import { useGetRevisionQuery } from '../core/open-agreements-api';
import { useGetRevisionsQuery } from './history-api';

export const HISTORY_TITLE = 'History';
export const RESTORE_CONFIRM_TEXT = 'Restore this version? It becomes the current version; every later version stays in the history.';

export interface HistoryPanelProps {
  contract: Contract | null;
  isOpen: boolean;
  canRestore: boolean;
  hasUnsavedChanges: boolean;
  isRestoring: boolean;
  isMakingPdf: boolean;
  onRestore: (revision: number) => void;
  onDownloadPdf: (version: Contract) => void;
  onClose: () => void;
}

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

export function HistoryPanel(props: HistoryPanelProps) {
  // The last revision of each page before the one shown: page N starts below starts[N - 2] (keyset paging).
  const [starts, setStarts] = useState<number[]>([]);
  const [openRevision, setOpenRevision] = useState<number | null>(null);
  const { contract, isOpen } = props;
  const page = starts.length + 1;
  const revisions = useGetRevisionsQuery(
    { contractId: contract?._id ?? '', page, before: starts.at(-1) },
    { skip: !isOpen || !contract, refetchOnMountOrArgChange: true },
  );
  const data = revisions.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const lastShown = data?.revisions.at(-1)?.revision;

  return (
    <DialogFrame
      isOpen={isOpen}
      onClose={() => {
        setOpenRevision(null);
        setStarts([]);
        props.onClose();
      }}
      title={openRevision === null ? HISTORY_TITLE : `Version ${openRevision}`}
      className="history-dialog"
      width="48rem"
    >
      {openRevision !== null && contract ? (
        <RevisionView {...props} contract={contract} revision={openRevision} onBack={() => setOpenRevision(null)} />
      ) : revisions.isLoading || revisions.isFetching ? (
        <p role="status">Loading the history…</p>
      ) : revisions.isError ? (
        <p role="alert" className="field-problem">
          The history could not be loaded. {toErrorMessage(revisions.error)}
        </p>
      ) : (
        <>
          <ol className="history-list">
            {data?.revisions.map((line) => (
              <li key={line.revision} className="history-line">
                <div>
                  <strong>Version {line.revision}</strong>
                  {line.isCurrent && <span className="history-current"> (current)</span>} · {formatTime(line.createdAt)} · {line.author}
                  <div className="history-summary">{describeChange(line.kind, line.change)}</div>
                </div>
                {!line.isCurrent && (
                  <Button
                    type="button"
                    label="Open"
                    icon="pi pi-eye"
                    size="small"
                    outlined
                    aria-label={`Open version ${line.revision}`}
                    onClick={() => setOpenRevision(line.revision)}
                  />
                )}
              </li>
            ))}
          </ol>
          {pageCount > 1 && (
            <nav className="button-row" aria-label="History pages">
              <Button
                type="button"
                label="Newer"
                icon="pi pi-angle-left"
                size="small"
                text
                disabled={page <= 1}
                onClick={() => setStarts((s) => s.slice(0, -1))}
              />
              <span>
                Page {page} of {pageCount}
              </span>
              <Button
                type="button"
                label="Older"
                icon="pi pi-angle-right"
                iconPos="right"
                size="small"
                text
                disabled={page >= pageCount || lastShown === undefined}
                onClick={() => lastShown !== undefined && setStarts((s) => [...s, lastShown])}
              />
            </nav>
          )}
        </>
      )}
    </DialogFrame>
  );
}

function RevisionView(props: HistoryPanelProps & { contract: Contract; revision: number; onBack: () => void }) {
  const { contract, revision } = props;
  const [isConfirming, setIsConfirming] = useState(false);
  const answer = useGetRevisionQuery({ contractId: contract._id, revision });
  if (answer.isLoading) return <p role="status">Loading version {revision}…</p>;
  if (answer.isError || !answer.data) {
    return (
      <p role="alert" className="field-problem">
        This version could not be loaded. {toErrorMessage(answer.error)}
      </p>
    );
  }
  const { summary, document } = answer.data;
  const comparison = compareAgreements(document, contract);
  const changed = comparison.categories.filter((category) => !category.isSame);
  return (
    <div className="revision-view">
      <p>
        {formatTime(summary.createdAt)} · {summary.author}: {describeChange(summary.kind, summary.change)}
      </p>
      <h3 className="share-heading">Differences from the version in the editor</h3>
      {comparison.differenceCount === 0 && document.contractName === contract.contractName ? (
        <p>None: this version has the same content.</p>
      ) : (
        <ul className="revision-differences">
          {document.contractName !== contract.contractName && (
            <li>
              Agreement name: <MarkupText markup={document.contractName} /> (now <MarkupText markup={contract.contractName} />)
            </li>
          )}
          {changed.map((category) => (
            <li key={category.key}>
              <strong>
                <MarkupText markup={category.name.left || category.name.right} />
              </strong>
              <ul>
                {category.differences.map((difference) => (
                  <li key={difference.key}>
                    <MarkupText markup={difference.left.name || difference.right.name} />:{' '}
                    {difference.kind === 'onlyLeft'
                      ? 'played in this version, not now'
                      : difference.kind === 'onlyRight'
                        ? 'played now, not in this version'
                        : difference.kind === 'renamed'
                          ? 'named differently'
                          : `options: ${difference.left.options.length > 0 ? difference.left.options.length : 'none'} here, ${difference.right.options.length > 0 ? difference.right.options.length : 'none'} now`}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <details className="revision-content">
        <summary>Show this version as it prints</summary>
        <AgreementOutline contractName={document.contractName} categories={document.categories} headingLevel={3} />
      </details>
      {isConfirming ? (
        <div className="confirm-box" role="alertdialog" aria-label="Restore this version">
          <p>{RESTORE_CONFIRM_TEXT}</p>
          <div className="button-row">
            <Button type="button" label="Cancel" outlined onClick={() => setIsConfirming(false)} />
            <Button type="button" label="Restore" icon="pi pi-history" loading={props.isRestoring} autoFocus onClick={() => props.onRestore(revision)} />
          </div>
        </div>
      ) : (
        <div className="dialog-actions">
          <Button type="button" label="Back to the history" icon="pi pi-arrow-left" text onClick={props.onBack} />
          <LinkButton to={comparePath(`rev:${contract._id}:${revision}`, `agr:${contract._id}`)} icon="pi pi-clone">
            Compare with the saved version
          </LinkButton>
          <Button
            type="button"
            label="Download PDF of this version"
            icon="pi pi-file-pdf"
            outlined
            loading={props.isMakingPdf}
            onClick={() => props.onDownloadPdf(document)}
          />
          {props.canRestore && (
            <Button
              type="button"
              label="Restore this version"
              icon="pi pi-history"
              disabled={props.hasUnsavedChanges}
              tooltip={props.hasUnsavedChanges ? 'Save or undo your changes first.' : undefined}
              tooltipOptions={{ showOnDisabled: true }}
              onClick={() => setIsConfirming(true)}
            />
          )}
        </div>
      )}
    </div>
  );
}
