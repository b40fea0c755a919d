/**
 * One showing of an ad (docs/ads.md "Views"): a view id made here, and the time the ad is really
 * seen, measured with an IntersectionObserver — half of the card on screen, while the page itself
 * is visible. Each visible spell adds one view and its milliseconds to the showing's totals, which
 * are kept on the device at the end of the spell (scrolled away, page hidden, left) and sent when
 * online. A browser without IntersectionObserver counts nothing rather than guess.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { adViewRecorded } from './adViewThunks';
import { newViewId, type QueuedView } from './viewQueue';

/** The share of the card that must be on screen for it to count as seen. */
export const VISIBLE_RATIO = 0.5;

const secondsOf = (ms: number) => Math.floor(ms / 1000);

export interface AdShowing {
  viewId: string;
  /** Put on the element that shows the ad. */
  ref: (node: HTMLElement | null) => void;
  /** The member opened the ad: counted as a click of this showing. */
  opened: () => void;
}

export function useAdShowing(adId: string | null): AdShowing {
  const dispatch = useAppDispatch();
  const [viewId] = useState(newViewId);
  const [node, setNode] = useState<HTMLElement | null>(null);
  const totals = useRef<QueuedView | null>(null);
  const visibleSince = useRef<number | null>(null);

  /** Ends the visible spell (if any) and keeps the totals, with the click if there was one. */
  const record = useCallback(
    (clicked: boolean) => {
      if (adId === null) return;
      const now = Date.now();
      const since = visibleSince.current;
      visibleSince.current = null;
      if (since === null && !clicked) return;
      const start = since ?? now;
      const was = totals.current ?? {
        ad_id: adId,
        view_id: viewId,
        views: 0,
        view_time: 0,
        first_view: secondsOf(start),
        last_view: secondsOf(now),
        clicked: false,
      };
      const next: QueuedView = {
        ...was,
        views: was.views + (since === null ? 0 : 1),
        view_time: Math.min(86_400_000, was.view_time + (now - start)),
        last_view: secondsOf(now),
        clicked: was.clicked || clicked,
      };
      totals.current = next;
      void dispatch(adViewRecorded(next));
    },
    [adId, viewId, dispatch],
  );

  useEffect(() => {
    if (adId === null || node === null || typeof IntersectionObserver === 'undefined') return;
    let onScreen = false;
    const settle = () => {
      const seen = onScreen && document.visibilityState === 'visible';
      if (seen && visibleSince.current === null) visibleSince.current = Date.now();
      else if (!seen && visibleSince.current !== null) record(false);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        onScreen = entry.isIntersecting && entry.intersectionRatio >= VISIBLE_RATIO;
        settle();
      },
      { threshold: [0, VISIBLE_RATIO] },
    );
    observer.observe(node);
    document.addEventListener('visibilitychange', settle);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', settle);
      record(false);
    };
  }, [adId, node, record]);

  return {
    viewId,
    ref: setNode,
    opened: () => {
      record(true);
    },
  };
}
