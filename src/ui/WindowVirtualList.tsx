/**
 * A long list that scrolls smoothly: only the rows in and near the window are in the DOM (TanStack
 * Virtual over the page's own scroll, so the app bar and the page scroll as everywhere else). Row
 * heights are known before rendering (`sizeOf`), so nothing is measured and the scroll bar never
 * jumps. The list is a `ul` named by `label`; each row an `li` that says its place in the whole list.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import Box from '@mui/material/Box';

/** Rows rendered beyond each edge of the window, so a fast flick does not show blank space. */
const OVERSCAN = 8;

export interface WindowVirtualListProps<Item> {
  items: readonly Item[];
  /** Accessible name of the list. */
  label: string;
  keyOf: (item: Item) => string;
  /** The row's height in pixels. */
  sizeOf: (item: Item) => number;
  renderItem: (item: Item) => ReactNode;
  /**
   * Called when the last row is rendered (it is within OVERSCAN rows of the window): a list read a
   * page at a time loads the next one before the member reaches the end.
   */
  onEndReached?: () => void;
}

export function WindowVirtualList<Item>({
  items,
  label,
  keyOf,
  sizeOf,
  renderItem,
  onEndReached,
}: WindowVirtualListProps<Item>) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts on the page: the virtualizer counts the window's scroll from there.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
  }, [items]);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: (index) => {
      const item = items[index];
      return item === undefined ? 0 : sizeOf(item);
    },
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : keyOf(item);
    },
    overscan: OVERSCAN,
    scrollMargin,
  });

  const lastRendered = virtualizer.getVirtualItems().at(-1)?.index ?? -1;
  const atEnd = items.length > 0 && lastRendered >= items.length - 1;
  useEffect(() => {
    if (atEnd) onEndReached?.();
  }, [atEnd, items.length, onEndReached]);

  return (
    <Box
      component="ul"
      ref={listRef}
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index];
        if (item === undefined) return null;
        return (
          <Box
            component="li"
            key={row.key}
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: row.size,
              transform: `translateY(${row.start - scrollMargin}px)`,
            }}
          >
            {renderItem(item)}
          </Box>
        );
      })}
    </Box>
  );
}
