/**
 * /guest/home (docs/product.md §2): the guest dashboard with the trial information card above it. The two
 * features meet here, in the route file (docs/conventions.md).
 */
import GuestHomePage from '../../features/agreement/dashboards/guest-home-page';
import { TrialInformationCard } from '../../features/trial/trial-information-card';

export default function GuestHomeRoute() {
  return <GuestHomePage trialInformation={<TrialInformationCard hasGetStartedButton={false} />} />;
}
