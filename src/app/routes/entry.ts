/**
 * Where '' leads (SPEC §2): the welcome page in a browser tab; in the installed app (installed PWA,
 * Android TWA, iOS shell) the menu, except that a deep link to / opens the newsfeed.
 *
 * A launch and a deep link both load '/', so they are told apart by where the document came from:
 * launching from the home screen gives no referrer (installed PWA) or the wrapper's own
 * `android-app://<app id>/` (TWA); a link followed from another app or site names that app or site.
 * Only the document's first location counts: later visits to '' from inside the app go to the menu.
 */
export const INSTALLED_HOME_PATH = '/menu';
export const DEEP_LINK_HOME_PATH = '/home/newsfeed';

export interface EntryHints {
  isInstalled: boolean;
  /** True while the router is still on the document's first location (location.key 'default'). */
  isFirstLocation: boolean;
  /** document.referrer */
  referrer: string;
  /** Our own origin, e.g. https://fieldmark.app */
  origin: string;
  /** The Android package of our TWA, whose launches carry `android-app://<appId>/` as referrer. */
  appId: string;
}

export function isDeepLinkEntry({ isFirstLocation, referrer, origin, appId }: EntryHints): boolean {
  if (!isFirstLocation || referrer === '') return false;
  if (referrer === origin || referrer.startsWith(`${origin}/`)) return false;
  return !referrer.startsWith(`android-app://${appId}`);
}

/** The path '' redirects to, or null to show the welcome page. */
export function entryRedirect(hints: EntryHints): string | null {
  if (!hints.isInstalled) return null;
  return isDeepLinkEntry(hints) ? DEEP_LINK_HOME_PATH : INSTALLED_HOME_PATH;
}
