/**
 * Pull-to-refresh on touch (issue 16): a pull down of at least PULL_DISTANCE px that starts with
 * the page scrolled to the top refreshes the feed. The Refresh button does the same for everyone
 * else (keyboard, mouse, assistive technology).
 */
import { useEffect, useRef } from 'react';

export const PULL_DISTANCE = 80;

export function usePullToRefresh(refresh: () => void, enabled: boolean): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!enabled) return;
    let startY: number | null = null;
    let pulled = 0;
    const onStart = (event: TouchEvent) => {
      startY = window.scrollY <= 0 && event.touches.length === 1 ? (event.touches[0]?.clientY ?? null) : null;
      pulled = 0;
    };
    const onMove = (event: TouchEvent) => {
      if (startY !== null) pulled = (event.touches[0]?.clientY ?? startY) - startY;
    };
    const onEnd = () => {
      if (startY !== null && pulled >= PULL_DISTANCE) latest.current();
      startY = null;
      pulled = 0;
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
    };
  }, [enabled]);
}
