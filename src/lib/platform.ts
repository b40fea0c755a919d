/**
 * Platform detection as pure functions of what the browser reports, so it can be tested without a
 * browser. Social sign-in is hidden on iOS (SPEC §2, §6): in Safari, in any iOS browser (they all
 * run WebKit) and in our own WKWebView shell.
 */

/** Token the iOS shell (ios-shell/) appends to its WKWebView user agent. */
export const IOS_SHELL_USER_AGENT_TOKEN = 'FieldmarkIOS';
/** window.webkit.messageHandlers.<this>: the iOS shell's native bridge (share sheet). */
export const IOS_SHELL_MESSAGE_HANDLER = 'fieldmarkShell';
/** The global the iOS shell injects before any page script runs (`window.__fieldmarkShell = 'ios'`). */
export const IOS_SHELL_GLOBAL = '__fieldmarkShell';

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

/** Where the app runs: the Android Trusted Web Activity, our iOS WKWebView shell, or a browser. */
export type Channel = 'twa' | 'ios-shell' | 'browser';

export interface ChannelHints {
  userAgent: string;
  /** document.referrer: a TWA launch carries `android-app://<package>/`. */
  referrer: string;
  /** location.search of the first load: the store wrappers start at `/?source=twa|ios`. */
  search: string;
  /** Our Android package id (product.appId): another app's referrer is not our TWA. */
  appId: string;
  /** What the iOS shell injected (window.__fieldmarkShell), if anything. */
  injected?: unknown;
  /** The channel this tab found on its first load (sessionStorage), if any. */
  remembered?: string | null;
}

/**
 * The channel from what the page can see. The iOS shell is known by its injected flag or its
 * user-agent token; the TWA by its referrer or the launch marker of its start URL (later loads in
 * the same tab lose both, hence `remembered`). It picks UI, never grants anything: a server check
 * or a capability probe (getDigitalGoodsService) decides what a purchase may use.
 */
export function detectChannel(hints: ChannelHints): Channel {
  if (hints.injected === 'ios' || hints.userAgent.includes(IOS_SHELL_USER_AGENT_TOKEN)) return 'ios-shell';
  if (hints.referrer.startsWith(`android-app://${hints.appId}`)) return 'twa';
  const source = new URLSearchParams(hints.search).get('source');
  if (source === 'twa') return 'twa';
  if (hints.remembered === 'twa' || hints.remembered === 'ios-shell') return hints.remembered;
  return 'browser';
}

const CHANNEL_KEY = 'fieldmark.channel';

/** The channel of this page, remembered for the tab's later loads. */
export function currentChannel(appId: string): Channel {
  let remembered: string | null = null;
  try {
    remembered = sessionStorage.getItem(CHANNEL_KEY);
  } catch {
    // Storage blocked (private mode in some browsers): detect from this load alone.
  }
  const channel = detectChannel({
    userAgent: navigator.userAgent,
    referrer: document.referrer,
    search: window.location.search,
    appId,
    injected: (window as unknown as Record<string, unknown>)[IOS_SHELL_GLOBAL],
    remembered,
  });
  try {
    if (channel !== 'browser') sessionStorage.setItem(CHANNEL_KEY, channel);
  } catch {
    // As above.
  }
  return channel;
}
