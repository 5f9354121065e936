/**
 * The error element of the router: whatever a route throws, the visitor sees what happened and a
 * way on, never a blank screen. A route chunk that did not load (docs/product.md §8: "Loading chunk {id}
 * failed", with failure type and address) gets a Reload button, since a reload fetches the
 * current files again.
 */
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { PATHS } from '@bpa/domain/paths';
import { Button } from '../components/ui/button';
import { isChunkLoadError } from '../lib/load-chunk';
import { useDocumentTitle } from '../lib/use-document-title';
import NotFoundPage from '../features/not-found/not-found-page';

function reloadPage() {
  window.location.reload();
}

/** Shows a route's failure: the not-found page for a 404, else the error with Reload and Home. */
export function RouteErrorPage() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(isNotFound ? 'Page not found' : 'Error');
  if (isNotFound) return <NotFoundPage />;

  const isChunkFailure = isChunkLoadError(error);
  const title = isChunkFailure ? 'This page could not be loaded' : 'Something went wrong';
  const detail = isChunkFailure
    ? error.message
    : isRouteErrorResponse(error)
      ? `${String(error.status)} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : 'An unexpected error happened.';

  return (
    <section className="page-narrow py-4" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{title}</h1>
      {isChunkFailure && <p>Your connection may have dropped, or a new version of the site was published. Reloading usually helps.</p>}
      <p className="error-detail">{detail}</p>
      <div className="button-row">
        <Button type="button" label="Reload" icon="pi pi-refresh" onClick={reloadPage} />
        <Link to={PATHS.landing} reloadDocument className="p-button p-button-outlined link-button">
          <span className="p-button-label">Go to the home page</span>
        </Link>
      </div>
    </section>
  );
}
