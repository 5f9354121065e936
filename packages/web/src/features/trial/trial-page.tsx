/** The page `/trial` (docs/product.md §2): the Free Trial Information card with Get Started to /guest/home. */
import { useDocumentTitle } from '../../lib/use-document-title';
import { TrialInformationCard } from './trial-information-card';

/** The page's name in the browser tab (also used when it is rendered at build time). */
export const TRIAL_PAGE_TITLE = 'Free Trial';

export default function TrialPage() {
  useDocumentTitle(TRIAL_PAGE_TITLE);
  return (
    <div className="page-narrow py-4">
      <h1>Free Trial</h1>
      <p className="lead-text">Try the agreement editor without an account.</p>
      <TrialInformationCard />
    </div>
  );
}
