/**
 * The screen `/accept-invite/{tok}` (docs/product.md §2 "Set password"; docs/product.md §D8: the link of the invitation
 * an administrator sends): the password form with the button Set Password.
 */
import { PasswordChangeForm } from './password-change-form';

export default function AcceptInvitePage() {
  return <PasswordChangeForm kind="set" />;
}
