/**
 * Compare, /my/compare (docs/sharing.md §9): two agreements side by side, as a partnership reads them
 * (domain compareAgreements): per category, the subjects played in one and not the other, played in
 * both with different options, or named differently; "not recorded" (unticked) apart from "not in
 * this agreement"; identical categories collapsed to one line. Either side may be one of the user's
 * agreements, one shared with them, a template, or an earlier version (from History). Side by side
 * on a wide screen, stacked on a phone. Download as PDF prints the "What's different" sheet.
 *
 * The two sides are in the address (`?left=…&right=…`), so a comparison can be reloaded and
 * linked: `agr:<id>` an agreement, `tpl:<id>` a template, `rev:<id>:<n>` version n of an agreement.
 */
import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import type { Contract } from '@bpa/domain/contract';
import { type SubjectDifference, type SubjectSideView, compareAgreements } from '@bpa/domain/compare';
import { useToast } from '../../../components/ui/toast-provider';
import { downloadBlob } from '../../../lib/download-blob';
import { toErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGetSubscriberContractNamesQuery, useGetSubscriberContractQuery, useGetTemplateNamesQuery } from '../core/agreement-api';
import { MarkupText, toPlainName } from '../core/markup-text';
import { useGetRevisionQuery, useGetSharedContractsQuery, useGetTemplateAsAgreementQuery } from '../core/open-agreements-api';
import { useMakeComparePdfMutation } from './compare-api';
import '../core/agreement.css';

export const COMPARE_TITLE = 'Compare agreements';

/** A side of the comparison, as written in the address. */
type SourceKey = string;

interface LoadedSide {
  document: Contract | undefined;
  label: string;
  isLoading: boolean;
  problem: string | null;
}

/** Loads one side from its key (each kind through its own query; the others are skipped). */
function useSide(key: SourceKey, names: Map<string, string>): LoadedSide {
  const [kind, id = '', revisionText] = key.split(':');
  const agreement = useGetSubscriberContractQuery(id, { skip: kind !== 'agr' || id === '' });
  const template = useGetTemplateAsAgreementQuery(id, { skip: kind !== 'tpl' || id === '' });
  const revision = useGetRevisionQuery({ contractId: id, revision: Number(revisionText) }, { skip: kind !== 'rev' || id === '' });
  if (kind === 'agr') {
    return {
      document: agreement.data,
      label: agreement.data?.contractName ?? names.get(key) ?? '…',
      isLoading: agreement.isLoading,
      problem: agreement.isError ? toErrorMessage(agreement.error) : null,
    };
  }
  if (kind === 'tpl') {
    return {
      document: template.data,
      label: `${template.data?.templateName ?? names.get(key) ?? '…'} (template)`,
      isLoading: template.isLoading,
      problem: template.isError ? toErrorMessage(template.error) : null,
    };
  }
  if (kind === 'rev') {
    const document = revision.data?.document;
    return {
      document,
      label: `${document?.contractName ?? names.get(`agr:${id}`) ?? '…'}, version ${revisionText ?? '?'}`,
      isLoading: revision.isLoading,
      problem: revision.isError ? toErrorMessage(revision.error) : null,
    };
  }
  return { document: undefined, label: '', isLoading: false, problem: null };
}

function describeSide(side: SubjectSideView): string {
  if (side.presence === 'absent') return 'not in this agreement';
  if (side.presence === 'notRecorded') return 'not recorded (unticked)';
  return side.options.length === 0 ? 'played' : '';
}

function SideCell({ side, label }: { side: SubjectSideView; label: string }) {
  const words = describeSide(side);
  return (
    <div className={`compare-cell is-${side.presence}`}>
      <span className="compare-cell-label">{label}</span>
      {side.presence === 'played' && side.name !== '' && <MarkupText markup={side.name} className="compare-cell-name" />}
      {side.presence === 'played' && side.name !== '' && words !== '' && ' '}
      {words !== '' ? (
        <em>{words}</em>
      ) : (
        <ul className="compare-options">
          {side.options.map((option, index) => (
            <li key={`${String(index)}-${option}`}>
              <MarkupText markup={option} />
            </li>
          ))}
        </ul>
      )}
      {side.note !== '' && <MarkupText markup={side.note} className="compare-note" />}
    </div>
  );
}

/** The names that differ, each as "first / second": the subject's, then its options'. */
export function RenamedPairs({ difference }: { difference: SubjectDifference }) {
  const pairs = [...(difference.isRenamed ? [{ left: difference.left.name, right: difference.right.name }] : []), ...difference.renamedOptions];
  return (
    <span className="compare-renamed">
      {pairs.map((pair, index) => (
        <span key={`${String(index)}-${pair.left}`}>
          <MarkupText markup={pair.left} /> / <MarkupText markup={pair.right} />
        </span>
      ))}
    </span>
  );
}

/** One side of a category's note ('' shows "no note"). */
function NoteCell({ note, label }: { note: string; label: string }) {
  return (
    <div className="compare-cell">
      <span className="compare-cell-label">{label}</span>
      {note === '' ? <em>no note</em> : <MarkupText markup={note} className="compare-note" />}
    </div>
  );
}

const KIND_TEXT: Record<SubjectDifference['kind'], string> = {
  onlyLeft: 'played in the first only',
  onlyRight: 'played in the second only',
  options: 'different options',
  renamed: 'named differently',
  note: 'different notes',
};

export default function ComparePage() {
  useDocumentTitle(COMPARE_TITLE);
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const { showFailure } = useToast();
  const own = useGetSubscriberContractNamesQuery();
  const shared = useGetSharedContractsQuery();
  const templates = useGetTemplateNamesQuery();
  const [makePdf, pdfState] = useMakeComparePdfMutation();

  const choices = useMemo(() => {
    const list: { key: string; label: string; group: string }[] = [];
    for (const row of own.data?.contractNames ?? []) list.push({ key: `agr:${row._id}`, label: toPlainName(row.contractName), group: 'Your agreements' });
    for (const row of shared.data ?? [])
      list.push({ key: `agr:${row._id}`, label: `${toPlainName(row.contractName)} (${row.ownerName})`, group: 'Shared with you' });
    for (const row of templates.data ?? []) list.push({ key: `tpl:${row._id}`, label: toPlainName(row.templateName), group: 'Templates' });
    return list;
  }, [own.data, shared.data, templates.data]);
  const names = useMemo(() => new Map(choices.map((choice) => [choice.key, choice.label])), [choices]);

  const leftKey = params.get('left') ?? choices.find((c) => c.key.startsWith('agr:'))?.key ?? '';
  const rightKey = params.get('right') ?? choices.find((c) => c.key.startsWith('tpl:'))?.key ?? '';
  const left = useSide(leftKey, names);
  const right = useSide(rightKey, names);
  const comparison = useMemo(
    () => (left.document && right.document ? compareAgreements(left.document, right.document) : null),
    [left.document, right.document],
  );

  const choose = (side: 'left' | 'right', key: string) => {
    const next = new URLSearchParams(params);
    next.set('left', side === 'left' ? key : leftKey);
    next.set('right', side === 'right' ? key : rightKey);
    setParams(next, { replace: true });
  };

  const download = async () => {
    if (!left.document || !right.document) return;
    try {
      const blob = await makePdf({
        left: { label: toPlainName(left.label) || 'First', contract: { contractName: left.document.contractName, categories: left.document.categories } },
        right: { label: toPlainName(right.label) || 'Second', contract: { contractName: right.document.contractName, categories: right.document.categories } },
      }).unwrap();
      downloadBlob(blob, `What's different - ${toPlainName(left.label)} - ${toPlainName(right.label)}.pdf`.replace(/[\\/:*?"<>|]/g, ' '));
    } catch (error) {
      showFailure(error);
    }
  };

  const picker = (side: 'left' | 'right', key: string, label: string) => {
    const groups = [...new Set(choices.map((choice) => choice.group))];
    const isListed = choices.some((choice) => choice.key === key);
    return (
      <label className="compare-picker">
        <span>{label}</span>
        <select className="p-inputtext" value={key} onChange={(event) => choose(side, event.target.value)}>
          {!isListed && key !== '' && <option value={key}>{toPlainName(side === 'left' ? left.label : right.label)}</option>}
          {key === '' && <option value="">Choose…</option>}
          {groups.map((group) => (
            <optgroup key={group} label={group}>
              {choices
                .filter((choice) => choice.group === group)
                .map((choice) => (
                  <option key={`${group}-${choice.key}`} value={choice.key}>
                    {choice.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
    );
  };

  const problem = left.problem ?? right.problem;
  return (
    <div className="py-3 compare-page">
      <h1 id={headingId}>{COMPARE_TITLE}</h1>
      <p className="lead-text">What differs between two agreements: what one plays and the other does not, different options, different names.</p>
      <div className="compare-pickers">
        {picker('left', leftKey, 'First')}
        {picker('right', rightKey, 'Second')}
        <Button
          type="button"
          label="Download as PDF"
          icon="pi pi-file-pdf"
          outlined
          loading={pdfState.isLoading}
          disabled={!comparison}
          onClick={() => void download()}
        />
      </div>
      {problem ? (
        <p role="alert" className="field-problem">
          An agreement could not be loaded. {problem}
        </p>
      ) : !comparison ? (
        <p role="status">{left.isLoading || right.isLoading ? 'Loading the agreements…' : 'Choose two agreements to compare.'}</p>
      ) : (
        <section aria-labelledby={headingId}>
          <p role="status" className="compare-summary">
            {comparison.differenceCount === 0
              ? 'No difference: the two agreements say the same.'
              : `${comparison.differenceCount} ${comparison.differenceCount === 1 ? 'difference' : 'differences'} in ${comparison.categories.filter((c) => !c.isSame).length} categories.`}
          </p>
          {comparison.categories.map((category) =>
            category.isSame ? (
              <p key={category.key} className="compare-same">
                <MarkupText markup={category.name.left || category.name.right} />: same
              </p>
            ) : (
              <section key={category.key} className="compare-category" aria-label={toPlainName(category.name.left || category.name.right)}>
                <h2>
                  <MarkupText markup={category.name.left || category.name.right} />
                </h2>
                <ul className="compare-rows">
                  <li className="compare-row compare-header" aria-hidden="true">
                    <span>Subject</span>
                    <span>{toPlainName(left.label)}</span>
                    <span>{toPlainName(right.label)}</span>
                  </li>
                  {category.note.left !== category.note.right && (
                    <li className="compare-row">
                      <div className="compare-subject">
                        Category note
                        <span className="compare-kind">{KIND_TEXT.note}</span>
                      </div>
                      <NoteCell note={category.note.left} label={toPlainName(left.label)} />
                      <NoteCell note={category.note.right} label={toPlainName(right.label)} />
                    </li>
                  )}
                  {category.differences.map((difference) => (
                    <li key={difference.key} className="compare-row">
                      <div className="compare-subject">
                        <MarkupText markup={difference.left.name || difference.right.name} />
                        <span className="compare-kind">{KIND_TEXT[difference.kind]}</span>
                        {difference.kind === 'renamed' && <RenamedPairs difference={difference} />}
                      </div>
                      <SideCell side={difference.left} label={toPlainName(left.label)} />
                      <SideCell side={difference.right} label={toPlainName(right.label)} />
                    </li>
                  ))}
                </ul>
              </section>
            ),
          )}
        </section>
      )}
    </div>
  );
}
