/**
 * The page of a read-only link, /shared/{token} (docs/sharing.md §3; ADR 172): the agreement as its owner
 * last saved it, clean and read-only, with Download PDF, for anyone holding the link and without
 * signing in (opponents' online-play profiles, partners who never sign in). It shows what the PDF
 * prints (domain outlineAgreement): the ticked subjects and options, in order, after what
 * opponents ask first (domain at-the-table.ts) and an index of the categories, for a phone at the
 * table (docs/sharing.md §3). It tells search engines not to index it, and shows no email address.
 * A revoked or replaced link says so.
 */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { LINK_NOT_VALID_MESSAGE } from '@bpa/domain/api-sharing';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { toErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { askedFirst } from '@bpa/domain/at-the-table';
import { outlineAgreement } from '@bpa/domain/outline';
import type { Category } from '@bpa/domain/contract';
import { AgreementOutline, categoryAnchor } from '../core/agreement-outline';
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
  // The official ACBL cards (docs/official-cards.md §4), filled from the agreement as last saved.
  const card = (which: 'classic' | '2022') => `/api/v1/shared-links/${encodeURIComponent(token)}/card?card=${which}`;
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
        <a className="p-button p-button-sm p-button-outlined" href={card('classic')} download>
          <span className="pi pi-id-card" aria-hidden="true" />
          &nbsp;ACBL card (classic)
        </a>
        <a className="p-button p-button-sm p-button-outlined" href={card('2022')} download>
          <span className="pi pi-id-card" aria-hidden="true" />
          &nbsp;ACBL card (2022)
        </a>
      </p>
      <AtTheTable categories={categories} />
      <CategoryIndex contractName={contractName} categories={categories} />
      <AgreementOutline contractName={contractName} categories={categories} />
    </article>
  );
}

/** What opponents ask first (domain at-the-table.ts), at the top of the page. */
function AtTheTable({ categories }: { categories: Category[] }) {
  const groups = askedFirst(categories);
  if (groups.length === 0) return null;
  return (
    <section className="at-the-table" aria-labelledby="at-the-table-title">
      <h2 id="at-the-table-title">At the table</h2>
      <dl>
        {groups.map((group) => (
          <div key={group.heading} className="at-the-table-group">
            <dt>{group.heading}</dt>
            {group.items.map((item) => (
              <dd key={item.key}>
                <MarkupText markup={item.name} />
                {item.options.length > 0 && ': '}
                {item.options.map((option, index) => (
                  <span key={`${String(index)}-${option}`}>
                    {index > 0 && ', '}
                    <MarkupText markup={option} />
                  </span>
                ))}
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Links to every category the page shows, so a phone need not scroll through the others. */
function CategoryIndex({ contractName, categories }: { contractName: string; categories: Category[] }) {
  const outline = outlineAgreement({ contractName, categories });
  if (outline.length < 2) return null;
  return (
    <nav className="category-index" aria-label="Categories">
      <ul>
        {outline.map((section) => (
          <li key={section.category._id}>
            <a href={`#${categoryAnchor(section.category.order)}`}>
              {section.label}. <MarkupText markup={section.category.categoryName} />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
