/** Whether a CSS media query matches now, following changes (rotation, window resize). */
import { useCallback, useSyncExternalStore } from 'react';

/** MUI's `md` breakpoint: from here on the side menu shows; below it the app bar links to /menu. */
export const WIDE_SCREEN_QUERY = '(min-width: 900px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
