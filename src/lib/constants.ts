/** Business constants of SPEC §9 that only the client uses (the server keeps its own). */

/** How long a toast stays, by kind (SPEC §8, §9). */
export const TOAST_MS = {
  default: 3_000,
  register: 5_000,
  emailVerification: 6_000,
  danger: 10_000,
  success: 1_000,
} as const;

/** API requests: give up on one attempt after 60 s, and retry a network failure 3 times. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const REQUEST_RETRIES = 3;

/** Web page content never grows wider than this (SPEC §9 layout). */
export const PAGE_MAX_WIDTH_PX = 1396;
