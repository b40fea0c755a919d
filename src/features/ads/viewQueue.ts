/**
 * Ad views waiting on the device (docs/ads.md "Views"): an idb-keyval store of its own (IndexedDB
 * database `fieldmark_ads`, object store `views`), apart from `app.db`, holding one entry per view
 * id: the totals of that showing of an ad so far (times it became visible, milliseconds visible,
 * first and last visible second, whether it was opened).
 *
 * The showing itself (the sponsored card) keeps its running totals and records them whole at the
 * end of each visible spell, so an entry sent and deleted comes back complete, never as a part.
 * Each entry is sent whole with PUT ads/{id}/view/{x}, which merges by the larger value per view
 * id, so a batch resent after a lost answer, a reload or a day offline never counts twice. An entry
 * is deleted only when the server took it and it did not change meanwhile; a refusal that will
 * never pass (the ad is gone, the body is refused) drops it; no answer keeps it for the next flush
 * (going online, the next ad shown).
 */
import { createStore, del, entries, get, update, type UseStore } from 'idb-keyval';
import type { AdView } from '@contract/ads';
import { ApiError } from '../../api/ApiError';
import type { ApiClient } from '../../api/client';

export const ADS_DATABASE = 'fieldmark_ads';
export const ADS_VIEWS_STORE = 'views';

/** One showing's totals, as PUT ads/{id}/view/{x} takes them. */
export interface QueuedView extends Required<AdView> {
  ad_id: string;
  view_id: string;
}

let store: UseStore | undefined;
/** Opened on first use, so importing this module costs nothing. */
const viewsStore = () => (store ??= createStore(ADS_DATABASE, ADS_VIEWS_STORE));

const keyOf = (adId: string, viewId: string) => `${adId}/${viewId}`;

function isQueuedView(value: unknown): value is QueuedView {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.ad_id === 'string' &&
    typeof entry.view_id === 'string' &&
    ['views', 'view_time', 'first_view', 'last_view'].every((key) => Number.isInteger(entry[key])) &&
    typeof entry.clicked === 'boolean'
  );
}

/** A view id for one showing of an ad: random, in the characters PUT ads/{id}/view/{x} allows. */
export const newViewId = () => crypto.randomUUID();

/**
 * Keeps a showing's totals on the device, merged with what is there by the larger value (the
 * server's own rule), so totals recorded again after a flush, or a bare click from the ad's page,
 * never lower what was kept.
 */
export async function recordView(view: QueuedView): Promise<void> {
  await update(
    keyOf(view.ad_id, view.view_id),
    (old: unknown): QueuedView =>
      isQueuedView(old)
        ? {
            ...view,
            views: Math.max(old.views, view.views),
            view_time: Math.max(old.view_time, view.view_time),
            first_view: Math.min(old.first_view, view.first_view),
            last_view: Math.max(old.last_view, view.last_view),
            clicked: old.clicked || view.clicked,
          }
        : view,
    viewsStore(),
  );
}

/** Everything waiting, in key order; a damaged entry is skipped. */
export async function queuedViews(): Promise<QueuedView[]> {
  const all = await entries<IDBValidKey, unknown>(viewsStore());
  return all.map(([, value]) => value).filter(isQueuedView);
}

const sameTotals = (a: QueuedView, b: unknown) =>
  isQueuedView(b) &&
  a.views === b.views &&
  a.view_time === b.view_time &&
  a.first_view === b.first_view &&
  a.last_view === b.last_view &&
  a.clicked === b.clicked;

async function sendOne(client: ApiClient, view: QueuedView): Promise<'sent' | 'stop'> {
  const key = keyOf(view.ad_id, view.view_id);
  try {
    await client.request(
      'PUT',
      `ads/${encodeURIComponent(view.ad_id)}/view/${encodeURIComponent(view.view_id)}`,
      {
        views: view.views,
        view_time: view.view_time,
        first_view: view.first_view,
        last_view: view.last_view,
        clicked: view.clicked,
      },
    );
  } catch (error) {
    // No answer, or the server busy: keep it all for the next flush.
    if (
      !(error instanceof ApiError) ||
      error.isOffline ||
      error.status >= 500 ||
      error.status === 429 ||
      error.status === 401
    )
      return 'stop';
    // Refused for good (the ad was deleted, a damaged entry): sending again cannot help.
    await del(key, viewsStore());
    return 'sent';
  }
  // Only what was sent is settled: a spell recorded meanwhile stays for the next flush.
  if (sameTotals(view, await get(key, viewsStore()))) await del(key, viewsStore());
  return 'sent';
}

/** The flush running per client (one per store), and whether another was asked for meanwhile. */
const flushes = new WeakMap<ApiClient, { running: Promise<void>; again: boolean }>();

/**
 * Sends every waiting view, one call each, one flush at a time per client; a flush asked for while
 * one runs runs once more after it, so nothing recorded meanwhile waits for the next occasion.
 */
export function flushViews(client: ApiClient): Promise<void> {
  const current = flushes.get(client);
  if (current) {
    current.again = true;
    return current.running;
  }
  const state = { running: Promise.resolve(), again: false };
  state.running = (async () => {
    try {
      do {
        state.again = false;
        for (const view of await queuedViews()) if ((await sendOne(client, view)) === 'stop') return;
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set by a flush asked for during the pass
      } while (state.again);
    } finally {
      // In the same step as the last check of `again`: no request can slip in between.
      flushes.delete(client);
    }
  })();
  flushes.set(client, state);
  return state.running;
}
