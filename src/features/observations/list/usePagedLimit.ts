/**
 * How many rows a paged list reads: one page at first, one more each time its end is reached
 * while more exist, and one page again when its filter (`key`) changes.
 */
import { useCallback, useState } from 'react';

export function usePagedLimit(key: string, pageSize: number): { limit: number; showMore: () => void } {
  const [state, setState] = useState({ key, limit: pageSize });
  const limit = state.key === key ? state.limit : pageSize;
  const showMore = useCallback(() => {
    setState((current) => ({
      key,
      limit: (current.key === key ? current.limit : pageSize) + pageSize,
    }));
  }, [key, pageSize]);
  return { limit, showMore };
}
