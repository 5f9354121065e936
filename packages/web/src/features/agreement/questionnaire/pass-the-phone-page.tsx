/**
 * Route `/guest/agree` (docs/questionnaire.md §9): "Do we agree?" on one phone for a trial visitor,
 * on the trial agreement kept in this browser. Signed-in subscribers pass the phone from their
 * agreement's "Do we agree?" page instead, which has the same round.
 */
import { Link } from 'react-router';
import { PATHS } from '@bpa/domain/paths';
import { useAppSelector } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { selectAgreement, selectIsSubscriber } from '../core/agreement-slice';
import { PassThePhone } from './pass-the-phone';
import '../core/agreement.css';
import './questionnaire.css';

export const PASS_THE_PHONE_TITLE = 'Do we agree? Pass the phone';

export default function PassThePhonePage() {
  useDocumentTitle(PASS_THE_PHONE_TITLE);
  const agreement = useAppSelector(selectAgreement);
  const isSubscriber = useAppSelector(selectIsSubscriber);
  return (
    <div className="py-3 questionnaire-page">
      <h1>{PASS_THE_PHONE_TITLE}</h1>
      {isSubscriber ? (
        <p>
          Signed in, pass the phone from your agreement: open it from <Link to={PATHS.myHome}>your dashboard</Link>, then “Do we agree?”.
        </p>
      ) : agreement === null ? (
        <p>
          First open the trial agreement from <Link to={PATHS.guestHome}>the trial’s dashboard</Link>: the questions are its subjects.
        </p>
      ) : (
        <>
          <p className="lead-text">
            The trial agreement · <Link to={PATHS.guestContract}>Back to the editor</Link>
          </p>
          <PassThePhone document={agreement} storageKey="trial" />
        </>
      )}
    </div>
  );
}
