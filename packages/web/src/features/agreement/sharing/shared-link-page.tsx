/**
 * The page of a read-only link, /shared/{token} (docs/sharing.md §3; ADR 172): the agreement as its owner
 * last saved it, clean and read-only, with Download PDF, for anyone holding the link and without
 * signing in (opponents' online-play profiles, partners who never sign in). It shows what the PDF
 * prints (domain outlineAgreement): the ticked subjects and options, in order. It tells search
 * engines not to index it, and shows no email address. A revoked or replaced link says so.
 */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { LINK_NOT_VALID_MESSAGE } from '@bpa/domain/api-sharing';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { toErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AgreementOutline } from '../core/agreement-outline';
import { MarkupText, toPlainName } from '../core/markup-text';
import { useGetSharedLinkQuery } from './sharing-api';
import '../core/agreement.css';

/** Adds `<meta name="robots" content="noindex, nofollow">` while the page is shown. */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

export default function SharedLinkPage() {
  useNoIndex();
  const { token = '' } = useParams();
  const answer = useGetSharedLinkQuery(token);
  useDocumentTitle(answer.data ? toPlainName(answer.data.contractName) : 'Shared agreement');

  if (answer.isLoading) return <PageSpinner />;
  if (answer.isError || !answer.data) {
    const isGone = typeof answer.error === 'object' && answer.error !== null && 'status' in answer.error && answer.error.status === 404;
    return (
      <div className="py-4 shared-link-page">
        <h1>{isGone ? 'This link is no longer valid' : 'The agreement could not be shown'}</h1>
        <p role="alert">{isGone ? LINK_NOT_VALID_MESSAGE : toErrorMessage(answer.error)}</p>
      </div>
    );
  }
  const { contractName, categories, updatedAt } = answer.data;
  const pdf = (pageSize: 'letter' | 'a4') => `/api/v1/shared-links/${encodeURIComponent(token)}/pdf?pageSize=${pageSize}`;
  return (
    <article className="py-3 shared-link-page">
      <h1>
        <MarkupText markup={contractName} />
      </h1>
      <p className="lead-text">
        A partnership agreement, read-only. Last saved {new Date(updatedAt).toLocaleString([], { dateStyle: 'long', timeStyle: 'short' })}.
      </p>
      <p className="button-row">
        <a className="p-button p-button-sm" href={pdf('letter')} download>
          <span className="pi pi-download" aria-hidden="true" />
          &nbsp;Download PDF (Letter)
        </a>
        <a className="p-button p-button-sm p-button-outlined" href={pdf('a4')} download>
          <span className="pi pi-download" aria-hidden="true" />
          &nbsp;Download PDF (A4)
        </a>
      </p>
      <AgreementOutline contractName={contractName} categories={categories} />
    </article>
  );
}
