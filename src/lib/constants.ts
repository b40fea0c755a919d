/** Business constants of SPEC §9 that only the client uses (the server keeps its own). */

/** How long a toast stays, by kind (SPEC §8, §9). */
export const TOAST_MS = {
  default: 3_000,
  register: 5_000,
  emailVerification: 6_000,
  danger: 10_000,
  /** The page guard's 'not authorised' warning stays as long as a danger toast. */
  unauthorised: 10_000,
  success: 1_000,
} as const;

/** API requests: give up on one attempt after 60 s, and retry a network failure 3 times. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const REQUEST_RETRIES = 3;

/** Web page content never grows wider than this (SPEC §9 layout). */
export const PAGE_MAX_WIDTH_PX = 1396;

/** The desktop side menu is at most this wide (SPEC §9 layout). */
export const SIDE_MENU_MAX_WIDTH_PX = 200;

/** A second back press on /menu within this window exits the app (SPEC §2, §9). */
export const BACK_EXIT_WINDOW_MS = 3_000;

/** Slides per view of the menu's slider rows (SPEC §9): the Quick row's tiles, and the others. */
export const SLIDES_PER_VIEW = { quick: 4.5, default: 3.5 } as const;

/** The Background Sync tag a save made offline registers, and the worker's "sync now" message to pages. */
export const BACKGROUND_SYNC_TAG = 'fieldmark-member-sync';
export const SYNC_NOW_MESSAGE = 'fieldmark-sync-now';
