/**
 * Every user-visible message of the product, worded as SPEC.md gives it (only plain spelling errors
 * fixed). Client and server both read from here so that a reason the server sends and the text the
 * client shows can never drift apart. Placeholders use `{name}` and are filled by `formatMessage`.
 */
export const messages = {
  // Accounts (SPEC §5, §8)
  registerTermsRequired: 'To register you are required to accept our terms and conditions!',
  registerFieldsRequired: 'Please ensure that you have provided a name, email and password to continue!',
  passwordsDiffer: 'Please ensure your passwords are the same!',
  passwordTooWeak: 'Please ensure your password is at least 8 characters long and contains both letters and numbers!',
  forgotEmailRequired: 'No email address provided!',
  forgotSent: 'Please check your inbox, if registered you will receive email with the link to reset your email!',
  resetCurrentRequired: 'Please provide your current password!',
  resetSucceeded: 'Your password has been changed, you can now sign in with it.',
  confirmEmailTitle: 'Confirm your email address',
  confirmEmailBody: 'We have sent you a confirmation email. Please follow the link in it to activate your account.',
  logoutConfirm: 'Are you sure you want to log out?',
  loggedOut: 'You have been logged out.',
  welcomeBack: 'Welcome back, {nickname}!',
  accountCreated: 'Welcome to {product}, {nickname}!',

  // Server reasons
  invalidToken: 'Invalid Token',
  invalidCredentials: 'The email address or password is incorrect.',
  emailTaken: 'An account with this email address already exists.',
  emailNotVerified: 'Please confirm your email address before signing in.',
  invalidResetPin: 'The reset pin is incorrect or has expired.',
  currentPasswordWrong: 'Your current password is incorrect.',
  invalidClient: 'Invalid client credentials.',
  notAuthorised: "Sorry, You aren't authorised to access this page.",
  notFound: 'Not found.',
  tooManyRequests: 'Too many attempts, please wait a moment and try again.',
  serverError: 'Something went wrong on our side, please try again later.',
  socialNotConfigured: 'Sign in with {provider} is not available.',
  socialInvalid: 'We could not verify your {provider} sign-in.',
  socialNoAccount: 'No account is linked to this {provider} sign-in yet, please register first.',
  verifyLinkInvalid: 'This confirmation link is invalid or has expired.',
  signInRequired: 'Please sign in to continue.',
  socialEmailMissing: 'Your {provider} account did not share an email address with us.',
  invalidRequest: 'The request could not be understood.',
  payloadTooLarge: 'The request is too large.',

  // Network (SPEC §8)
  offline: 'You are currently offline.  Please go online to update this page.',
  nowOnline: 'You are now Online',
  nowOffline: 'You are now Offline',
  networkError: 'Could not reach the server.',

  // Shell and guards (SPEC §2, §5)
  needAccount: "To view '{title}' you need to have an account and be logged in!",
  pressBackToExit: 'Press back again to exit',
  recordSignedOut:
    'To create an observation you will need to be signed in, please log in or register and then retry making your post!',
  configLocationRequired: 'Please select your preferred location!',
  configGroupRequired: 'Please select up to 4 animal groups you would like to focus on!',
  configGroupInactive: 'The {group} list for your selected location will be released soon.  Please check back regularly.',

  // Offline writes (SPEC §4)
  storedLocally: 'Your data is stored locally because you seem to be offline.',
  syncedToApi: 'Local data successfully synced to API!',
  observationCreated: 'Observation Created!',
  observationCreatedNoGps: 'Observation Created but without GPS location!',

  // PWA
  updateAvailable: 'A new version of {product} is available.',
  offlineReady: '{product} is ready to work offline.',
} as const;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders; unknown placeholders are left as they are so a gap is visible. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    return value === undefined ? whole : String(value);
  });
}
