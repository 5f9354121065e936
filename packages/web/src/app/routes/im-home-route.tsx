/**
 * Route `/im/home` (docs/product.md §2: target after impersonation). "Return to my account" brings back the
 * administrator's session; the impersonated user's data is then cleared and the Admin Panel opens.
 */
import { useNavigate } from 'react-router';
import { ImHomePage } from '../../features/account/im-home-page';
import { useClearUserData } from '../use-sign-out';
import { PATHS } from '@bpa/domain/paths';

export default function ImHomeRoute() {
  const navigate = useNavigate();
  const clearUserData = useClearUserData();
  return (
    <ImHomePage
      onReturned={() => {
        clearUserData();
        void navigate(PATHS.myAdmin);
      }}
    />
  );
}
