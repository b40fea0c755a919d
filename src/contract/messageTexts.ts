/**
 * Every user-visible message of the product, worded as SPEC.md gives it (only plain spelling errors
 * fixed). Client and server both read them (through `messages` in messages.ts) so that a reason the
 * server sends and the text the client shows can never drift apart. Placeholders use `{name}` and
 * are filled by `formatMessage`.
 *
 * One named export per message, rather than one object, so the bundler keeps in each chunk only the
 * texts that chunk uses: the first route carries a dozen strings, not all of them.
 */
// Accounts (SPEC §5, §8)
export const registerTermsRequired = 'To register you are required to accept our terms and conditions!';
export const registerFieldsRequired =
  'Please ensure that you have provided a name, email and password to continue!';
export const passwordsDiffer = 'Please ensure your passwords are the same!';
export const passwordTooWeak =
  'Please ensure your password is at least 8 characters long and contains both letters and numbers!';
export const forgotEmailRequired = 'No email address provided!';
export const forgotSent =
  'Please check your inbox, if registered you will receive email with the link to reset your email!';
export const resetCurrentRequired = 'Please provide your current password!';
export const resetPinRequired = 'Please provide the reset pin from the email we sent you!';
export const resetSucceeded = 'Your password has been changed, you can now sign in with it.';
export const confirmEmailTitle = 'Confirm your email address';
export const confirmEmailBody =
  'We have sent you a confirmation email. Please follow the link in it to activate your account.';
export const logoutConfirm = 'Are you sure?';
export const logoutOfflineWarning = 'While you are offline you will not be able to log back in.';
export const loggedOut = 'You have been logged out.';
export const welcomeBack = 'Welcome back, {nickname}!';
export const accountCreated = 'Welcome to {product}, {nickname}!';

// Account dialogs and shell: titles, fields and buttons (SPEC §2, §4)
export const signInTitle = 'Sign In';
export const registerTitle = 'Register';
export const forgotTitle = 'Forgot Password';
export const resetTitle = 'Reset Password';
export const resetDoneTitle = 'Password Reset';
export const logoutTitle = 'Log Out';
export const signIn = 'Sign In';
export const signUp = 'Sign Up';
export const logout = 'Logout';
export const register = 'Register';
export const createAccount = 'Create Account';
export const createYoursNow = 'Create yours now';
export const noAccountYet = "Don't have an account?";
export const forgottenPassword = 'Forgotten your Current Password';
export const requestResetPin = 'Request Reset Pin';
export const backToSignIn = 'Back to Sign In';
export const updatePassword = 'Update Password';
export const registerViaEmail = 'Register Via Email';
export const logoutConfirmButton = 'Yes, log me out!';
export const cancel = 'Cancel';
export const close = 'Close';
export const fieldEmail = 'Email';
export const fieldPassword = 'Password';
export const fieldName = 'Name and surname';
export const fieldNickname = 'Display nickname';
export const fieldConfirmPassword = 'Confirm password';
export const fieldCurrentPassword = 'Current password';
export const fieldResetPin = 'Reset pin';
export const fieldNewPassword = 'New password';
export const fieldConfirmNewPassword = 'Confirm new password';
export const newsletterLabel = 'Send me the {product} newsletter';
export const termsLabel = 'I accept the terms and conditions';
export const termsNotice = 'Read our {terms} and {privacy}.';
export const termsLink = 'Terms & Conditions';
export const privacyLink = 'Privacy Policy';
export const passwordStrength = 'Password strength: {strength}';
export const strengthEmpty = 'not entered';
export const strengthWeak = 'weak';
export const strengthMedium = 'medium';
export const strengthStrong = 'strong';
export const forgotIntro =
  'Enter the email address of your account. We will send you a link and a pin to reset your password.';
export const resetPinIntro = 'Enter the pin from the email we sent you and choose a new password.';
export const resetPinHint = 'The 6-digit pin in the email';
export const socialSignIn = 'Sign in with {provider}';
export const socialRegisterIntro = 'Create your {product} account with your {provider} sign-in.';
export const socialUnavailable =
  'Sign in with {provider} could not be started. Please try again or use your email.';
export const signedInAs = 'Signed in as {nickname}';
export const pageNotFoundTitle = 'Page not found';
export const pageNotFoundBody = 'Sorry, this page does not exist yet.';
export const backHome = 'Back to the start page';

// Welcome page (web)
export const welcomeCreateAccount = 'Create account';
export const welcomeFeaturesTitle = 'What you can do';
export const welcomeFeatureRecord =
  'Record sightings of birds, mammals, reptiles and amphibians, with or without a signal.';
export const welcomeFeatureLists = 'Keep your life list, logbooks and trips in one place.';
export const welcomeFeatureExplore = 'Explore species, places and field guides near you.';
export const welcomeSignedIn = 'Good to see you, {nickname}.';
export const welcomeNextStepsTitle = 'Where to next';
export const welcomeStepRecord = 'Record a sighting';
export const welcomeStepRecordHint = 'Log what you see now, with or without a signal.';
export const welcomeStepRecordAction = 'Record now';
export const welcomeStepSpecies = 'Your species';
export const welcomeStepSpeciesHint = 'The birds, mammals, reptiles and amphibians of your region.';
export const welcomeStepSpeciesAction = 'Browse species';
export const welcomeStepRegion = 'Your region';
export const welcomeStepRegionHint = 'Your list follows {region}.';
export const welcomeStepRegionNone = 'Choose where you watch wildlife, and your list follows it.';
export const welcomeStepRegionChange = 'Change region';

// Server reasons
export const invalidToken = 'Invalid Token';
export const invalidCredentials = 'The email address or password is incorrect.';
export const emailTaken = 'An account with this email address already exists.';
export const emailNotVerified = 'Please confirm your email address before signing in.';
export const invalidResetPin = 'The reset pin is incorrect or has expired.';
export const currentPasswordWrong = 'Your current password is incorrect.';
export const invalidClient = 'Invalid client credentials.';
export const notAuthorised = "Sorry, You aren't authorised to access this page.";
export const notFound = 'Not found.';
export const tooManyRequests = 'Too many attempts, please wait a moment and try again.';
export const serverError = 'Something went wrong on our side, please try again later.';
export const socialNotConfigured = 'Sign in with {provider} is not available.';
export const socialInvalid = 'We could not verify your {provider} sign-in.';
export const socialNoAccount = 'No account is linked to this {provider} sign-in yet, please register first.';
export const verifyLinkInvalid = 'This confirmation link is invalid or has expired.';
export const signInRequired = 'Please sign in to continue.';
export const socialEmailMissing = 'Your {provider} account did not share an email address with us.';
export const invalidRequest = 'The request could not be understood.';
export const payloadTooLarge = 'The request is too large.';
export const unsafeText = '{field}: contains a character that cannot be stored';
export const unsafeNumber = '{field}: is out of range';
export const nestedTooDeeply = '{field}: is nested too deeply';

// Reference data
export const locationNotFound = 'We could not find this location.';
export const locationCoordinatesIncomplete = 'Please provide both a latitude and a longitude.';

// Content pages and help (server; docs/api.md "Content pages and help")
export const contentPageNotFound = 'There is no such page, or it has been removed.';
export const helpTopicNotFound = 'There is no such help topic, or it has been removed.';
export const contentSlugTaken = 'slug: another page already uses this address.';
export const helpSlugTaken = 'slug: another help topic already uses this address.';
export const helpCategoryUnknown =
  'category: there is no such help category; give category_title to create it.';
export const contentPageRequired = 'The terms and the privacy policy can be changed but not removed.';

// Member issue reports (server; docs/api.md "Issue reports")
export const reportNotFound = 'There is no such issue report.';
export const reportSubjectNotFound = 'id: there is no such {section} to report.';
export const reportUserMismatch = 'user_id: must be the signed-in member.';
export const reportActionRefused = 'This report is {state}: it cannot be {action}.';

// User administration (server; docs/api.md "User administration")
export const adminSelfDemote = 'You cannot remove your own admin role.';
export const adminSelfDisable = 'You cannot disable your own account.';
export const superadminOnly = 'Only a superadmin may change a superadmin.';
export const accountDisabled =
  'This account has been disabled. Please contact us if you think this is a mistake.';

// Ads (server; docs/api.md "Ads")
export const adNotFound = 'There is no such ad, or it has been removed.';
export const adDatesOrder = 'ends_at: must not be before starts_at.';

// Ebooks (server; docs/api.md "Ebooks")
export const ebookNotFound = 'There is no such ebook.';
export const ebookNameTaken = 'name: there is already an ebook called {name}.';
export const ebookChapterNotFound = 'This ebook has no chapter {chapter}.';
export const ebookChapterExists = 'This ebook already has a chapter {chapter}.';
export const ebookChaptersFull = 'chapter: an ebook has at most {max} chapters.';
export const ebookChapterMismatch = 'chapter: must be the chapter in the address ({chapter}).';
export const ebookTocChapterUnknown = 'toc: this ebook has no chapter {chapter}.';
export const ebookSpeciesUnknown = 'species: there is no species {id}.';
export const ebookContentSpeciesUnlisted = 'content_species: {id} is not in species.';
export const ebookTemplateNotFound = 'There is no such page template.';
export const ebookMediaNotFound = 'There is no such picture in the ebook media.';
export const ebookThumbnailUnknown = 'thumbnail: there is no such picture in the ebook media.';
export const ebookExportFormat = 'format: ebooks are exported as pdf only.';
export const ebookExportEmpty = 'This ebook has no published chapter to export yet.';

// Collection sync (docs/sync.md)
export const collectionNotFound = 'There is no such collection.';
export const collectionReadOnly = 'This collection is read-only.';
export const syncFilterInvalid = 'filter: must be a JSON object';
export const syncRecordRefused = 'Record {id}: {reason}';

// Network (SPEC §8)
export const offline = 'You are currently offline.  Please go online to update this page.';
export const nowOnline = 'You are now Online';
export const nowOffline = 'You are now Offline';
export const networkError = 'Could not reach the server.';

// Shell and guards (SPEC §2, §5)
export const needAccount = "To view '{title}' you need to have an account and be logged in!";
export const pressBackToExit = 'Press back again to exit';
export const recordSignedOut =
  'To create an observation you will need to be signed in, please log in or register and then retry making your post!';
export const comingSoon = 'Coming soon';
export const comingSoonBody =
  '{feature} is not built yet. This page will show it once it is ready; until then there is nothing here.';
export const openMenu = 'Menu';
export const sideMenuLabel = 'Main menu';
export const appMenuLabel = 'App menu';
export const shareApp = 'Share the app';
export const signUpPrompt =
  'Create a free account to record your sightings, keep logbooks and follow friends.';
export const openProfile = 'Open your profile';
export const unreadMessages = 'Unread messages';
export const unreadMessagesCount = 'Unread messages: {count}';
export const profileMemberSince = 'Member since {date}';
export const profileName = 'Name';
export const profileRegion = 'Region';
export const profileNoRegion = 'No region chosen yet';
export const profileEdit = 'Edit profile';
export const profileSectionComingSoon = '{section} will show here once that part of {product} is built.';
export const configLocationRequired = 'Please select your preferred location!';
export const configGroupRequired = 'Please select up to 4 animal groups you would like to focus on!';
export const configGroupInactive =
  'The {group} list for your selected location will be released soon.  Please check back regularly.';

// Config dialog, settings, share, select picker (SPEC §2, §3, §9)
export const configTitle = 'Customize Your Experience';
export const configRegion = 'Region';
export const configRegionPicker = 'Choose your region';
export const configNoRegion = 'No region selected';
export const configLocating = 'Finding your location…';
export const configGroups = 'Animal groups';
export const configGroupsHint = 'Choose up to 4 animal groups to focus on.';
export const configCategory = '{group} list';
export const configComingSoon = 'Coming soon here';
export const configWorldList = 'World list';
export const configLanguage = 'Additional Language';
export const configProceed = 'Proceed';
export const configNoticeIntro =
  'Choose where you watch wildlife and the animal groups you want to follow: your species list is made from them. You can change this any time in Settings.';
export const configNoticeLater = 'Not now';
export const back = 'Back';
export const tryAgain = 'Try again';
export const settingsTitle = 'Settings';
export const settingStatsVisible = 'Show my stats to other members';
export const settingMapsLifer = 'Show lifers on maps';
export const settingMapsSightings = 'Show sightings on maps';
export const settingConfigNotice = 'Show the configuration notice';
export const shareTitle = 'Share with Friends';
export const shareIntro = 'Scan the code or share the link to get {product}.';
export const shareQrAlt = 'QR code of {link}';
export const shareText = 'Spot and record wildlife with {product}.';
export const shareViaSocial = 'Share via Social';
export const copyLink = 'Copy Link';
export const linkCopied = 'Link copied.';
export const copyFailed = 'Copy the link shown to share it.';
export const pickerSearch = 'Search';
export const pickerClear = 'Clear';
export const pickerAdd = 'Add';
export const pickerOk = 'OK';
export const pickerEmpty = 'No items found';
export const loading = 'Loading…';

// Offline writes (SPEC §4)
export const storedLocally = 'Your data is stored locally because you seem to be offline.';
export const syncedToApi = 'Local data successfully synced to API!';
export const observationCreated = 'Observation Created!';
export const observationCreatedNoGps = 'Observation Created but without GPS location!';

// PWA
export const updateAvailable = 'A new version of {product} is available.';
export const offlineReady = '{product} is ready to work offline.';

// Species calls and the species collection (server; docs/api.md "Species")
export const speciesNotFound = 'There is no such species, or it has been removed.';
export const speciesFilterInvalid =
  'filter: {detail}. Expected {"classifications": ["Birds|IOC", …], "location_ids": ["USA", …]}';
export const placesFilterInvalid = 'filter: {detail}. Expected {"location_id": "ZAF"}';
export const speciesClassificationUnknown = "Unknown species classification '{name}'. Known: {known}.";
export const speciesTaxaAltUnknown = "taxa_alt: this species has no '{name}' entry to switch on or off.";

// Species photos (server; docs/api.md "Species photos")
export const photoNotBase64 = 'photo: send the image as a base64 data URL (data:image/jpeg;base64,…).';
export const photoNotImage =
  'This file is not a photo we can read. Please upload a JPEG, PNG, WebP, AVIF, GIF or TIFF image.';
export const photoTooLarge = 'This photo is too large: please upload one of at most {mb} MB.';
export const photoTooManyPixels =
  'This photo has too many pixels: please upload one of at most {mp} megapixels.';
export const photoNotFound = 'There is no such photo, or it has been removed.';

// Species sync popup (SPEC §2 "Species sync progress popup", §4 "Config Proceed"; src/features/species/sync).
// Every text here ships with the first route (messageTexts is one module): keep them few and short.
export const speciesSyncTitle = 'Synchronising species for your region…';
export const speciesSyncProgress = 'Sync progress';
export const continueInBackground = 'Continue in Background';
export const speciesSyncOffline = 'Species will sync when you are back online.';
export const speciesSyncFailed = 'Species could not sync yet; retrying in the background.';

// Observations (server; docs/api.md "Observations"). Every text here ships with the first route.
export const observationNotFound = 'There is no such observation, or it has been removed.';
export const observationChanged = 'This observation was changed elsewhere. Reload it and try again.';
export const observationDeleted = 'This observation has been deleted.';
export const observationIdMismatch = 'observation_id: must be the one in the address.';
export const observationSpeciesMismatch = 'species_id: must be the one in the address.';
export const statsHidden = 'This member keeps their stats private.';

// Sighting photos, comments and likes (server; docs/api.md "Sighting photos, comments and likes")
export const imageNotBase64 = 'image: send the image as a base64 data URL (data:image/jpeg;base64,…).';
export const mediaIdTaken = 'This photo id is already in use. Upload the photo again with a new id.';
export const photoDeleted = 'This photo has been deleted.';
export const speciesPhotoNotHere =
  "This is a species' reference photo: remove it from the species' photos instead.";
export const commentNotFound = 'There is no such comment, or it has been removed.';
export const commentEmpty = 'comment: please write something.';
export const commentNotYours = 'You can only change or delete your own comments.';
export const commentIdTaken = 'This comment id is already in use. Send the comment again with a new id.';
export const commentDeleted = 'This comment has been deleted.';
export const likeOnlyYourself = 'You can only like or unlike photos as yourself.';

// Trips (server; docs/api.md "Trips")
export const tripNotFound = 'There is no such trip, or it has been removed.';
export const tripChanged = 'This trip was changed elsewhere. Reload it and try again.';

// Chats (server; docs/api.md "Chats")
export const chatNotFound = 'There is no such conversation.';
export const chatMemberNotFound = 'There is no such member to write to.';
export const chatWithYourself = 'You cannot start a conversation with yourself.';
export const chatNotMember = 'Only the members of a conversation can read or write it.';
export const chatMessageEmpty = 'message: please write something.';
export const chatMessageIdTaken = 'This message id is already in use. Send the message again with a new id.';
export const chatLastReadUnknown = 'last_read: there is no such message in this conversation.';
export const chatStatusNotYours = 'You can only mark messages read for yourself.';

// Push notifications (SPEC §8 "Push library messages"; client, features/chat/pushSubscription.ts)
export const pushUnsupported = 'Service workers are disabled or not supported by this browser';
export const pushNotSubscribed = 'Not subscribed to push notifications.';
export const pushUnsubscribeFailed = 'Unsubscribe failed!';

// Places and field guides (server; docs/api.md "Places and field guides", docs/places.md)
export const hotspotNotFound = 'There is no such place, or it has been removed.';
export const fieldGuideNotFound = 'There is no such field guide, or it has been removed.';
export const placeLocationUnknown = 'location_id: there is no such location.';
export const placeSpeciesUnknown = 'species_id: there is no such species.';
export const locationParentRequired = 'parent_id: a region needs the country it belongs to.';
export const locationParentCountry = 'parent_id: a country has no parent.';
export const locationParentUnknown = 'parent_id: there is no such country.';
export const locationClassificationUnknown = 'classifications: there is no classification {id}.';
export const locationInUse = 'This location is still used by {uses}. Move or delete them first.';
export const placePhotosFull = 'This already has {max} photos: remove one before adding another.';
export const placePhotoNotHere =
  "This is a place's or field guide's photo: remove it from their photos instead.";

// Recording a sighting (src/features/observations). Only the Login button of the signed-out refusal
// (SPEC §5) is here: the species pages show it, and this module is on the first route anyway. The
// recording page's own texts are in features/observations/texts.ts, which loads with the pages.
export const loginButton = 'Login';

// Shop, payment and logbooks (server; docs/api.md "Shop and logbooks", docs/shop.md)
export const productNotFound = 'There is no such product, or it is not for sale.';
export const uploadPathInvalid =
  'filepath: use a relative path under images/ or files/ in lower case, without .. or a leading slash.';
export const uploadSlotUnknown = 'This upload slot is unknown, used or expired. Ask for a new one.';
export const uploadEmpty = 'Send the file bytes as application/octet-stream.';
export const productLogbookGrant =
  'grants.logbook: a logbook product needs the region and species list it checks.';
export const productLocationUnknown = 'grants.logbook.location_id: there is no such location.';
export const productStockPhysical = 'stock: only physical products have stock; send null.';
export const cartNotYours = 'This cart belongs to another member.';
export const cartEmpty = 'cart: add at least one product that is for sale.';
export const cartMixedCurrencies = 'cart: all products must be priced in one currency.';
export const cartUnavailable = 'cart: {name} is no longer for sale. Remove it and try again.';
export const cartOutOfStock = 'cart: only {stock} of {name} left.';
export const discountUnknown = 'discount_code: there is no such code.';
export const discountNotYet = 'discount_code: this code can be used from {date}.';
export const discountExpired = 'discount_code: this code expired on {date}.';
export const discountUsedUp = 'discount_code: this code has been used up.';
export const discountMemberLimit = 'discount_code: you have already used this code.';
export const discountCurrency = 'discount_code: this code is for {currency} orders.';
export const discountCodeTaken = 'code: a discount code with this code already exists.';
export const discountAmountCurrency = 'currency: an amount off needs its currency.';
export const discountPercentRange = 'value: a percentage is from 1 to 100.';
export const discountWindow = 'valid_until: must be after valid_from.';
export const orderNotFound = 'There is no such order.';
export const orderNotRefundable = 'Only a paid order can be refunded; this one is {status}.';
export const refundOtherProvider =
  'This order was paid through {provider}, which is not the payment provider configured now: refund it there.';
export const refundFailed = 'The payment provider did not make the refund. Nothing was changed; try again.';
export const refundNotALine = 'lines: {product_id} is not a line of this order.';
export const refundLineTwice = 'lines: name each order line once.';
export const refundMoreThanLeft =
  'lines: only {left} of {quantity} × {name} can still be refunded ({refunded} already refunded).';
export const refundIdOtherRefund =
  'refund_id: this id belongs to another refund (other lines or another order); make a new one.';
export const discountNotFound = 'There is no such discount code.';
export const codeBatchNotFound = 'There is no such batch of activation codes.';
export const playBillingOff =
  'Google Play Billing is not set up on this server (PLAY_SERVICE_ACCOUNT_FILE is missing).';
export const playBillingDigitalOnly =
  'Only logbooks and e-books can be bought through Google Play, one at a time: buy physical goods in the browser.';
export const playBillingDiscount = 'Discount codes cannot be used with Google Play Billing.';
export const playBillingNotThisOrder = 'This order is not paid through Google Play.';
export const playBillingWrongProduct = 'This purchase is for another product than the order.';
export const playBillingUnknown = 'Google Play does not know this purchase.';
export const playBillingCancelled = 'Google Play says this purchase was cancelled.';
export const playBillingPending =
  'Google Play has not completed this payment yet; the order is paid once it has.';
export const playBillingTokenUsed = 'This Google Play purchase already paid for another order.';
export const playBillingOrderClosed = 'This order is {status} and can no longer be paid.';
export const paymentProviderFailed =
  'The payment provider could not be reached. Please try again in a moment.';
export const paymentSignatureInvalid = 'The payment notification could not be verified.';
export const activationCodeMalformed =
  'activation_code: codes look like ABCD-EFGH-JKMN (letters and digits).';
export const activationCodeUnknown =
  'activation_code: there is no such code. Check it against the one printed in your logbook.';
export const activationCodeUsed = 'activation_code: this code has already been used.';
export const logbookAlreadyOwned = 'You already have this logbook.';
export const logbookNotOwned = 'This logbook is not yours yet: buy it or activate a code.';
export const logbookNotFound = 'There is no such logbook.';
export const logbookTimeZoneUnknown = 'tz: there is no such time zone (e.g. Pacific/Auckland).';

// Community: people, the newsfeed, groups (server; docs/api.md "Community")
export const memberNotFound = 'There is no such member.';
export const followSelf = 'You cannot follow yourself.';
export const feedNotFound = 'There is no such feed.';
export const feedItemNotFound = 'There is no such post, or it has been removed.';
export const postNotYours = 'You can only change or delete your own posts.';
export const postEmpty = 'text: please write something, add a photo or link a sighting.';
export const postPhotoUnknown = 'photos: {id} is not one of your photos.';
export const postSightingUnknown = 'observation_id: there is no such public sighting of yours.';
export const postTripUnknown = 'trip_id: there is no such trip of yours.';
export const postHotspotUnknown = 'hotspot_id: there is no such place.';
export const postGroupNotMember = 'group_id: you can only post in groups you are a member of.';
export const feedItemNotPost =
  'Only posts can be deleted. A sighting leaves the feed when it is made private or deleted.';
export const groupNotFound = 'There is no such group.';
export const groupTitleRequired = 'title: a group needs a title.';
export const groupAdminsOnly = "Only the group's admins can change the group or its members.";
export const groupLastAdmin = 'A group needs an admin: make another member an admin first.';
export const groupMemberUnknown = 'members: there is no member {id}.';

// Age text (SPEC §9): under 60 s 'now', then minutes, hours, days ago, over a year this.
export const ageNow = 'now';
export const ageMinute = '1 minute ago';
export const ageMinutes = '{count} minutes ago';
export const ageHour = '1 hour ago';
export const ageHours = '{count} hours ago';
export const ageDay = '1 day ago';
export const ageDays = '{count} days ago';
export const ageOverAYear = 'More than a year Ago';
