/** The screen `/reset-password/{tok}` (docs/product.md §2): the password form with the button Reset Password. */
import { PasswordChangeForm } from './password-change-form';

export default function ResetPasswordPage() {
  return <PasswordChangeForm kind="reset" />;
}
