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
  resetPinRequired: 'Please provide the reset pin from the email we sent you!',
  resetSucceeded: 'Your password has been changed, you can now sign in with it.',
  confirmEmailTitle: 'Confirm your email address',
  confirmEmailBody: 'We have sent you a confirmation email. Please follow the link in it to activate your account.',
  logoutConfirm: 'Are you sure?',
  logoutOfflineWarning: 'While you are offline you will not be able to log back in.',
  loggedOut: 'You have been logged out.',
  welcomeBack: 'Welcome back, {nickname}!',
  accountCreated: 'Welcome to {product}, {nickname}!',

  // Account dialogs and shell: titles, fields and buttons (SPEC §2, §4)
  signInTitle: 'Sign In',
  registerTitle: 'Register',
  forgotTitle: 'Forgot Password',
  resetTitle: 'Reset Password',
  resetDoneTitle: 'Password Reset',
  logoutTitle: 'Log Out',
  signIn: 'Sign In',
  signUp: 'Sign Up',
  logout: 'Logout',
  register: 'Register',
  createAccount: 'Create Account',
  createYoursNow: 'Create yours now',
  noAccountYet: "Don't have an account?",
  forgottenPassword: 'Forgotten your Current Password',
  requestResetPin: 'Request Reset Pin',
  backToSignIn: 'Back to Sign In',
  updatePassword: 'Update Password',
  registerViaEmail: 'Register Via Email',
  logoutConfirmButton: 'Yes, log me out!',
  cancel: 'Cancel',
  close: 'Close',
  fieldEmail: 'Email',
  fieldPassword: 'Password',
  fieldName: 'Name and surname',
  fieldNickname: 'Display nickname',
  fieldConfirmPassword: 'Confirm password',
  fieldCurrentPassword: 'Current password',
  fieldResetPin: 'Reset pin',
  fieldNewPassword: 'New password',
  fieldConfirmNewPassword: 'Confirm new password',
  newsletterLabel: 'Send me the {product} newsletter',
  termsLabel: 'I accept the terms and conditions',
  termsNotice: 'Read our {terms} and {privacy}.',
  termsLink: 'Terms & Conditions',
  privacyLink: 'Privacy Policy',
  passwordStrength: 'Password strength: {strength}',
  strengthEmpty: 'not entered',
  strengthWeak: 'weak',
  strengthMedium: 'medium',
  strengthStrong: 'strong',
  forgotIntro: 'Enter the email address of your account. We will send you a link and a pin to reset your password.',
  resetPinIntro: 'Enter the pin from the email we sent you and choose a new password.',
  resetPinHint: 'The 6-digit pin in the email',
  socialSignIn: 'Sign in with {provider}',
  socialRegisterIntro: 'Create your {product} account with your {provider} sign-in.',
  socialUnavailable: 'Sign in with {provider} could not be started. Please try again or use your email.',
  signedInAs: 'Signed in as {nickname}',
  pageNotFoundTitle: 'Page not found',
  pageNotFoundBody: 'Sorry, this page does not exist yet.',
  backHome: 'Back to the start page',

  // Welcome page (web)
  welcomeCreateAccount: 'Create account',
  welcomeFeaturesTitle: 'What you can do',
  welcomeFeatureRecord: 'Record sightings of birds, mammals, reptiles and amphibians, with or without a signal.',
  welcomeFeatureLists: 'Keep your life list, logbooks and trips in one place.',
  welcomeFeatureExplore: 'Explore species, places and field guides near you.',
  welcomeSignedIn: 'Welcome back, {nickname}. Your sightings are waiting.',

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

  // Reference data
  locationNotFound: 'We could not find this location.',
  locationCoordinatesIncomplete: 'Please provide both a latitude and a longitude.',

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
  comingSoon: 'Coming soon',
  comingSoonBody: '{feature} is not built yet. This page will show it once it is ready; until then there is nothing here.',
  openMenu: 'Menu',
  sideMenuLabel: 'Main menu',
  appMenuLabel: 'App menu',
  shareApp: 'Share the app',
  signUpPrompt: 'Create a free account to record your sightings, keep logbooks and follow friends.',
  openProfile: 'Open your profile',
  unreadMessages: 'Unread messages',
  unreadMessagesCount: 'Unread messages: {count}',
  configLocationRequired: 'Please select your preferred location!',
  configGroupRequired: 'Please select up to 4 animal groups you would like to focus on!',
  configGroupInactive: 'The {group} list for your selected location will be released soon.  Please check back regularly.',

  // Config dialog, settings, share, select picker (SPEC §2, §3, §9)
  configTitle: 'Customize Your Experience',
  configRegion: 'Region',
  configRegionPicker: 'Choose your region',
  configNoRegion: 'No region selected',
  configLocating: 'Finding your location…',
  configGroups: 'Animal groups',
  configGroupsHint: 'Choose up to 4 animal groups to focus on.',
  configCategory: '{group} list',
  configComingSoon: 'Coming soon here',
  configWorldList: 'World list',
  configLanguage: 'Additional Language',
  configProceed: 'Proceed',
  back: 'Back',
  tryAgain: 'Try again',
  settingsTitle: 'Settings',
  settingStatsVisible: 'Show my stats to other members',
  settingMapsLifer: 'Show lifers on maps',
  settingMapsSightings: 'Show sightings on maps',
  settingConfigNotice: 'Show the configuration notice',
  shareTitle: 'Share with Friends',
  shareIntro: 'Scan the code or share the link to get {product}.',
  shareQrAlt: 'QR code of {link}',
  shareText: 'Spot and record wildlife with {product}.',
  shareViaSocial: 'Share via Social',
  copyLink: 'Copy Link',
  linkCopied: 'Link copied.',
  copyFailed: 'Copy the link shown to share it.',
  pickerSearch: 'Search',
  pickerClear: 'Clear',
  pickerAdd: 'Add',
  pickerOk: 'OK',
  pickerEmpty: 'No items found',
  loading: 'Loading…',

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
