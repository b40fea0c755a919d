/**
 * A content page or the help, online first and from the device's copy otherwise (contentStore.ts):
 * the saved copy shows at once while the server is asked; the server's answer replaces it and is
 * saved; a 404 forgets it. Offline, or when the server cannot be reached, the saved copy stays,
 * marked as such; with no copy the page says it was never opened online.
 */
import { useEffect, useState } from 'react';
import type { ContentPage, ContentPageResponse, HelpCategory, HelpResponse } from '@contract/content';
import { PRIVACY_SLUG, TERMS_SLUG } from '@contract/contentPaths';
import { ApiError, toApiFailure } from '../../api/ApiError';
import { apiClientFrom } from '../../api/baseQuery';
import type { ApiClient } from '../../api/client';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import type { AppThunk } from '../../app/thunk';
import { forgetPage, savedHelp, savedPage, saveHelp, savePage, type Saved } from './contentStore';

export type DeviceCopy<T> =
  | { status: 'loading' }
  /**
   * `saved`: shown from the device because the server was not asked (offline) or could not answer
   * (`reason`); null when it is the server's current answer.
   */
  | { status: 'ready'; value: T; saved: null | { offline: true } | { offline: false; reason: string } }
  | { status: 'notFound' }
  /** Offline (or unreachable) and never saved on this device. */
  | { status: 'notSaved' }
  | { status: 'failed'; reason: string };

/** Where one piece of content comes from and goes to. `fetch` answers null for a 404. */
export interface CopySource<T> {
  key: string;
  read(): Promise<Saved<T> | undefined>;
  fetch(api: ApiClient): Promise<T | null>;
  save(value: T): Promise<void>;
  forget(): Promise<void>;
}

const apiClient: AppThunk<ApiClient> = (_dispatch, _getState, extra) => apiClientFrom(extra);

async function orNullOn404<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** `GET cms/pages/slug/{slug}`, kept under `page:<slug>`. */
export function pageSource(slug: string): CopySource<ContentPage> {
  return {
    key: `page:${slug}`,
    read: () => savedPage(slug),
    fetch: async (api) =>
      (
        await orNullOn404(
          api.request<ContentPageResponse>('GET', `cms/pages/slug/${encodeURIComponent(slug)}`),
        )
      )?.page ?? null,
    save: (page) => savePage(slug, page),
    forget: () => forgetPage(slug),
  };
}

/** `GET help?include_content=true`: every help page at once, kept under `help`. */
export const helpSource: CopySource<HelpCategory[]> = {
  key: 'help',
  read: savedHelp,
  fetch: async (api) =>
    (await orNullOn404(api.request<HelpResponse>('GET', 'help', { include_content: true })))?.categories ??
    null,
  save: (categories) => saveHelp(categories),
  forget: async () => {},
};

/** The terms and the privacy policy are asked for by the Register dialog; keep their sources stable. */
const pageSources = new Map<string, CopySource<ContentPage>>([
  [TERMS_SLUG, pageSource(TERMS_SLUG)],
  [PRIVACY_SLUG, pageSource(PRIVACY_SLUG)],
]);

export function pageSourceFor(slug: string): CopySource<ContentPage> {
  let source = pageSources.get(slug);
  if (!source) {
    source = pageSource(slug);
    pageSources.set(slug, source);
  }
  return source;
}

/** The content of `source` (null: nothing to load), as the device and the server have it. */
export function useDeviceCopy<T>(source: CopySource<T> | null): DeviceCopy<T> {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const [current, setCurrent] = useState<{ key: string; copy: DeviceCopy<T> }>();

  useEffect(() => {
    if (!source) return;
    let cancelled = false;
    const show = (copy: DeviceCopy<T>) => {
      if (!cancelled) setCurrent({ key: source.key, copy });
    };
    void (async () => {
      // A damaged or blocked store must not hide what the server can answer.
      const saved = await source.read().catch(() => undefined);
      if (!isOnline) {
        show(
          saved ? { status: 'ready', value: saved.value, saved: { offline: true } } : { status: 'notSaved' },
        );
        return;
      }
      if (saved) show({ status: 'ready', value: saved.value, saved: null });
      try {
        const fresh = await source.fetch(dispatch(apiClient));
        if (fresh === null) {
          await source.forget().catch(() => undefined);
          show({ status: 'notFound' });
          return;
        }
        // Saving may fail (storage full, private mode): the member still reads the page.
        await source.save(fresh).catch(() => undefined);
        show({ status: 'ready', value: fresh, saved: null });
      } catch (error) {
        const offline = error instanceof ApiError && error.isOffline;
        if (saved) {
          const reason = toApiFailure(error).reason;
          show({
            status: 'ready',
            value: saved.value,
            saved: offline ? { offline: true } : { offline: false, reason },
          });
        } else if (offline) show({ status: 'notSaved' });
        else show({ status: 'failed', reason: toApiFailure(error).reason });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [dispatch, source, isOnline]);

  if (!source || current?.key !== source.key) return { status: 'loading' };
  return current.copy;
}
