/**
 * The frame of a page about one agreement named in the address (`?id=…`): "Do we agree?"
 * (/my/agree) and Practice (/my/practice). It shows the page's title, the agreement's name with a
 * way back to the editor, and what went wrong or is loading, then the page itself with the loaded
 * agreement.
 */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Contract } from '@bpa/domain/contract';
import { PATHS } from '@bpa/domain/paths';
import { toErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGetSubscriberContractQuery } from './agreement-api';
import { MarkupText } from './markup-text';

export interface AgreementPageProps {
  title: string;
  /** The page's class, for its own styles. */
  className: string;
  /** What the "no agreement named" message tells the reader to open, e.g. "Practice". */
  openedFrom: string;
  children: (agreement: Contract) => ReactNode;
}

/** Renders the frame; `children` gets the agreement once it is loaded. */
export function AgreementPage({ title, className, openedFrom, children }: AgreementPageProps) {
  useDocumentTitle(title);
  const [searchParams] = useSearchParams();
  const contractId = searchParams.get('id') ?? '';
  const agreement = useGetSubscriberContractQuery(contractId, { skip: contractId === '' });
  return (
    <div className={`py-3 ${className}`}>
      <h1>{title}</h1>
      {agreement.data && (
        <p className="lead-text">
          <MarkupText markup={agreement.data.contractName} />
          {' · '}
          <Link to={PATHS.myContract}>Back to the editor</Link>
        </p>
      )}
      {contractId === '' ? (
        <p role="alert">No agreement was named. Open {openedFrom} from an agreement.</p>
      ) : agreement.isError ? (
        <p role="alert" className="field-problem">
          The agreement could not be opened. {toErrorMessage(agreement.error)}
        </p>
      ) : !agreement.data ? (
        <p role="status">Loading the agreement…</p>
      ) : (
        children(agreement.data)
      )}
    </div>
  );
}
