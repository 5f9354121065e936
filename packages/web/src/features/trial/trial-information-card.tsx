/**
 * "Free Trial Information" card (docs/product.md §2 /trial and /guest/home): what the trial includes next to
 * the full program, as the table of docs/product.md §1. Shown on /trial with a Get Started button to
 * /guest/home, and on the guest dashboard without it.
 */
import { CATEGORY_COUNT, SUBSCRIBER_AGREEMENT_COUNT, TEMPLATE_COUNT, TRIAL_AGREEMENT_COUNT, TRIAL_CATEGORY_NAMES } from '@bpa/domain/constants';
import { LinkButton } from '../../components/ui/link-button';
import { PATHS } from '@bpa/domain/paths';

export interface TrialInformationCardProps {
  /** Show the Get Started button to /guest/home (the /trial page); default true. */
  hasGetStartedButton?: boolean;
  /** Level of the card's heading, to keep the page's headings in order; default 2. */
  headingLevel?: 2 | 3;
}

/** The trial/full comparison of docs/product.md §1, row by row. */
const COMPARISON_ROWS: { feature: string; trial: string; full: string }[] = [
  { feature: 'Personalised agreements', trial: String(TRIAL_AGREEMENT_COUNT), full: String(SUBSCRIBER_AGREEMENT_COUNT) },
  {
    feature: 'Categories',
    trial: `${String(TRIAL_CATEGORY_NAMES.length)} of ${String(CATEGORY_COUNT)} (${TRIAL_CATEGORY_NAMES.join('; ')})`,
    full: `All ${String(CATEGORY_COUNT)}`,
  },
  { feature: 'Saving changes', trial: 'No: nothing is saved on the server', full: 'Yes' },
  { feature: 'Starting point', trial: 'Blank only, no reset to a template', full: `${String(TEMPLATE_COUNT)} templates` },
];

export function TrialInformationCard({ hasGetStartedButton = true, headingLevel = 2 }: TrialInformationCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="p-card p-component trial-card">
      <div className="p-card-body">
        <div className="p-card-title">
          <Heading className="trial-card-title">Free Trial Information</Heading>
        </div>
        <div className="p-card-content">
          <p>
            The free trial lets you build {TRIAL_AGREEMENT_COUNT === 1 ? 'one agreement' : `${String(TRIAL_AGREEMENT_COUNT)} agreements`} in the categories{' '}
            <strong>{TRIAL_CATEGORY_NAMES[0]}</strong> and <strong>{TRIAL_CATEGORY_NAMES[1]}</strong>: tick subjects and options, rename and colour them, and
            make a PDF. Nothing is saved on the server: your trial agreement stays in this browser only.
          </p>
          <div className="table-scroll">
            <table className="comparison-table">
              <caption className="visually-hidden">Free trial compared with the full program</caption>
              <thead>
                <tr>
                  <th scope="col">Feature</th>
                  <th scope="col">Free trial</th>
                  <th scope="col">Full program</th>
                </tr>
              </thead>
              <tbody>
                {COMPARISON_ROWS.map((row) => (
                  <tr key={row.feature}>
                    <th scope="row">{row.feature}</th>
                    <td>{row.trial}</td>
                    <td>{row.full}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 mb-0">
            The full program's templates are Blank, Basic Precision, Modern Standard American, Basic 2 over 1 Game Forcing, Bridge World Standard and LC
            Standard.
          </p>
          {hasGetStartedButton && (
            <div className="mt-3">
              <LinkButton to={PATHS.guestHome} icon="pi pi-arrow-right" iconPosition="right">
                Get Started
              </LinkButton>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
