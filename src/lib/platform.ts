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
