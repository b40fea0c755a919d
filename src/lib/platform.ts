/**
 * Platform detection as pure functions of what the browser reports, so it can be tested without a
 * browser. Social sign-in is hidden on iOS (SPEC §2, §6): in Safari, in any iOS browser (they all
 * run WebKit) and in our own WKWebView shell.
 */

/** Token the iOS shell (ios-shell/) appends to its WKWebView user agent. */
export const IOS_SHELL_USER_AGENT_TOKEN = 'FieldmarkIOS';

export interface PlatformHints {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS reports a desktop Mac user agent but has a touch screen. */
  maxTouchPoints: number;
}

export function isIos({ userAgent, maxTouchPoints }: PlatformHints): boolean {
  if (userAgent.includes(IOS_SHELL_USER_AGENT_TOKEN)) return true;
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return true;
  return /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1;
}

export interface InstallHints {
  userAgent: string;
  /** matchMedia('(display-mode: standalone)') — an installed PWA or the Android TWA. */
  isStandalone: boolean;
  /** document.referrer: a Trusted Web Activity is opened with `android-app://<package>/`. */
  referrer: string;
}

/**
 * Whether the app runs as an installed app (installed PWA, Android TWA, iOS shell) — the spec's
 * "native" — rather than in a browser tab, its "web" (SPEC §4 "Startup").
 */
export function isInstalledApp({ userAgent, isStandalone, referrer }: InstallHints): boolean {
  return (
    isStandalone || referrer.startsWith('android-app://') || userAgent.includes(IOS_SHELL_USER_AGENT_TOKEN)
  );
}
