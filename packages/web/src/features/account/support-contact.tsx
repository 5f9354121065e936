/**
 * "Contact an administrator at {email}" (docs/product.md §2, the registration pages; docs/product.md §17): the
 * SUPPORT_EMAIL setting as a mailto link, with the Contact Us page beside it. While the address
 * loads, or if it cannot be read, only the Contact Us page is offered.
 */
import { Link } from 'react-router';
import { useGetSupportEmailQuery } from './account-api';
import { PATHS } from '@bpa/domain/paths';

export function SupportContact({ lead }: { lead: string }) {
  const { data: email } = useGetSupportEmailQuery();
  return (
    <p className="mb-0">
      {lead}{' '}
      {email ? (
        <>
          contact an administrator at <a href={`mailto:${email}`}>{email}</a>, or write through the <Link to={PATHS.contact}>Contact Us</Link> page.
        </>
      ) : (
        <>
          contact an administrator through the <Link to={PATHS.contact}>Contact Us</Link> page.
        </>
      )}
    </p>
  );
}
