/**
 * Every user-visible text the specification gives word for word (spec sections 2, 4, 5 and 8).
 * The web app shows them and the server answers with them; tests compare against these
 * constants so that a changed word fails somewhere.
 */
export const MESSAGES = {
  // docs/product.md §5: validation
  loginEmailInvalid: 'Please use a valid email address',
  loginPasswordTooShort: 'Please make sure that the Password is at least eight characters',
  forgotEmailInvalid: 'Please type a valid email address',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password or confirm password is too short',
  contactEmailInvalid: 'Enter valid Email!',
  contactMessageTooShort: 'Message must be at least 10 characters',
  addUserEmailInvalid: 'Incorrect email format',
  resetToTemplateConfirm: 'This will completely erase the existing Agreement.',
  leaveWithoutSaving: 'Press OK to proceed without saving changes.',
  // docs/product.md §8: error catalogue
  incorrectEmailOrPassword: 'Incorrect Email or Password.',
  emailNotConfirmedSent: 'The email is not confirmed. An email was just sent for further instructions.',
  subscriptionNotActive: 'You have an account but your subscription is not active.',
  emailCouldNotBeConfirmed: 'Your email address could not be confirmed.',
  registerError: 'An error occurred, please try a different email',
  forgotEmailNotSent: 'An email was not sent. Check if your email is correct.',
  forgotEmailUnconfirmed: 'Your email has not been confirmed yet. A confirmation email was just sent.',
  passwordNotUpdated: 'Password was not updated',
  passwordNotSet: 'Password was not set',
  // docs/product.md §2 and 4: screens
  passwordChanged: 'Your password has been changed.',
  passwordNotChanged: 'Your password was not changed.',
  emailConfirming: 'Your email address is being confirmed',
  emailConfirmed: 'Your email is confirmed. Please login below',
  noLongerForSale: 'This product is no longer for sale',
  canStillLogin: 'You can still login if you have an account',
  registrationSent: 'A confirmation message was sent to your email. Please click the link in your email to confirm.',
  messageSent: 'Your message was sent',
  agreementNotLoaded: 'Agreement is not Loaded',
  pleaseLoadContract: 'Please Load a Contract',
} as const;

/**
 * The upload size error (docs/product.md §5, 8): "{0}: Invalid file size, maximum upload size is {0}" with the
 * file's name in the first place and the limit in the second.
 *
 * @param fileName the chosen file's name.
 * @param limit the limit as shown, e.g. "1 MB" or "1,000,000 bytes".
 */
export function invalidFileSizeMessage(fileName: string, limit: string): string {
  return `${fileName}: Invalid file size, maximum upload size is ${limit}`;
}
