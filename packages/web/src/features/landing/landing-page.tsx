/**
 * The landing page `/` (docs/product.md §2 "Home"; offer and sales status: docs/product.md §1 and 9): the product title,
 * the four "Looking for..." taglines, the offer, the notice that sales are closed, and the way into
 * the free trial.
 */
import { PRICE_CENTS, PRODUCT_TITLE, SUBSCRIBER_AGREEMENT_COUNT, SUBSCRIPTION_YEARS } from '@bpa/domain/constants';
import { LinkButton } from '../../components/ui/link-button';
import { formatDollars } from '../../lib/format-money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PATHS } from '@bpa/domain/paths';

/** docs/product.md §2: the four taglines, as friendly questions. */
const TAGLINES = [
  { icon: 'pi pi-file', text: 'Looking for an easy-to-read partnership agreement document you can take to the table?' },
  { icon: 'pi pi-list-check', text: 'Looking for a simple way to keep track of the conventions you play?' },
  { icon: 'pi pi-users', text: 'Looking for a quick way to refresh your memory of the agreements you have with each partner?' },
  { icon: 'pi pi-sliders-h', text: 'Looking for a convention card that is as detailed or as simple as you want it to be?' },
] as const;

const NUMBER_WORDS: Record<number, string> = { 1: 'one', 2: 'two', 3: 'three', 4: 'four', 5: 'five' };

/** 5 -> "five"; numbers without a word stay digits. */
function toWords(count: number): string {
  return NUMBER_WORDS[count] ?? String(count);
}

export default function LandingPage() {
  useDocumentTitle();
  const years = SUBSCRIPTION_YEARS === 1 ? 'one year' : `${toWords(SUBSCRIPTION_YEARS)} years`;
  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <p className="landing-suits" aria-hidden="true">
          ♠ <span className="suit-red">♥</span> <span className="suit-red">♦</span> ♣
        </p>
        <h1 id="landing-title">{PRODUCT_TITLE}</h1>
        <p className="landing-lead">Build a personal partnership agreement for each of your bridge partners and print it as a clear, easy-to-read PDF.</p>
      </section>

      <section aria-labelledby="taglines-title" className="my-4">
        <h2 id="taglines-title" className="visually-hidden">
          Why use it
        </h2>
        <ul className="row g-3 list-unstyled">
          {TAGLINES.map((tagline) => (
            <li key={tagline.text} className="col-12 col-md-6">
              <div className="tagline">
                <span className={`tagline-icon ${tagline.icon}`} aria-hidden="true" />
                <p className="mb-0">{tagline.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="offer" aria-labelledby="offer-title">
        <h2 id="offer-title">The full program</h2>
        <p className="offer-price">
          <strong>{formatDollars(PRICE_CENTS)}</strong> for separate agreements for {toWords(SUBSCRIBER_AGREEMENT_COUNT)} partners for {years}.
        </p>
        <p className="offer-partners">
          Share each agreement with your partners: they read, edit and print the same card, with its full history. Partner accounts are free.
        </p>
        <div className="sales-closed" role="note" aria-label="Sales closed">
          <span className="pi pi-info-circle" aria-hidden="true" />
          <div>
            <p className="mb-1">
              <strong>This product is no longer for sale.</strong>
            </p>
            <p className="mb-0">Registration is disabled. If you already have an account, you can still sign in.</p>
          </div>
        </div>
      </section>

      <section className="landing-trial" aria-labelledby="trial-title">
        <h2 id="trial-title">Free trial</h2>
        <p>Build one agreement in two categories right now: no account needed.</p>
        <LinkButton to={PATHS.trial} size="large" icon="pi pi-arrow-right" iconPosition="right">
          Try the free trial (and see for yourself)
        </LinkButton>
      </section>
    </div>
  );
}
