/**
 * Any path without a screen (docs/product.md §2 routes):
 * says so and links home. Never a blank screen.
 */
import { Link } from 'react-router';
import { PATHS } from '@bpa/domain/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="page-narrow py-4" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>There is no page at this address. It may have moved, or it is not available yet.</p>
      <p>
        <Link to={PATHS.landing}>Go to the home page</Link>
      </p>
    </section>
  );
}
