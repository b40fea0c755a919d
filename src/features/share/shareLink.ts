/**
 * The get-the-app link and how it is shared (SPEC §2 "Share with Friends"), as plain functions over
 * their boundaries (the page's location, the Web Share and Clipboard APIs).
 */

/**
 * Where friends get the app: the origin this page is served from (a staging or self-hosted
 * install shares itself), or the product's public origin when the page is not on http(s) (an
 * app shell serving files locally).
 */
export function getTheAppLink(page: { protocol: string; origin: string }, productOrigin: string): string {
  const origin = page.protocol === 'https:' || page.protocol === 'http:' ? page.origin : productOrigin;
  return `${origin.replace(/\/+$/, '')}/`;
}

export interface ShareData {
  title: string;
  text: string;
  url: string;
}

export interface ShareApis {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  writeText?: (text: string) => Promise<void>;
}

/** Whether the device share sheet exists for this data (else the link is copied). */
export function canUseShareSheet(apis: ShareApis, data: ShareData): boolean {
  return typeof apis.share === 'function' && (apis.canShare?.(data) ?? true);
}

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/**
 * Opens the share sheet with the app name, a line of text and the link; without one (most desktop
 * browsers), copies the link instead. The member closing the sheet is 'cancelled', not a failure.
 */
export async function shareOrCopy(apis: ShareApis, data: ShareData): Promise<ShareOutcome> {
  const { share } = apis;
  if (share && canUseShareSheet(apis, data)) {
    try {
      await share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
      // NotAllowedError and friends: fall through to copying.
    }
  }
  if (!apis.writeText) return 'failed';
  try {
    await apis.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The browser's own APIs, bound so they can be called detached; none where there is no navigator. */
export function browserShareApis(nav = (globalThis as { navigator?: Navigator }).navigator): ShareApis {
  if (!nav) return {};
  // Feature detection: the DOM types give every browser these, and many lack them.
  const has: Partial<Navigator> = nav;
  return {
    ...(typeof has.share === 'function' ? { share: (data: ShareData) => nav.share(data) } : {}),
    ...(typeof nav.canShare === 'function' ? { canShare: (data: ShareData) => nav.canShare(data) } : {}),
    ...(has.clipboard ? { writeText: (text: string) => nav.clipboard.writeText(text) } : {}),
  };
}
