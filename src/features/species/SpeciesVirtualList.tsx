/**
 * A list of thousands of species that scrolls smoothly: only the rows in and near the window are in
 * the DOM (TanStack Virtual over the page's own scroll, so the app bar and the page scroll as
 * everywhere else). Rows have fixed heights, known from their content before rendering, so nothing
 * has to be measured and the scroll bar never jumps. Each row is a list item holding a link named by
 * the species' names; family headers are list items holding a level-2 heading.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { formatMessage } from '@contract/messages';
import { speciesTexts } from '@contract/speciesTexts';
import type { SpeciesRow } from '../../db/rows';
import type { FamilyItem, ListItem } from './speciesList';

const HEADER_HEIGHT = 48;
const TWO_LINES_HEIGHT = 64;
const THREE_LINES_HEIGHT = 84;
/** Rows rendered beyond each edge of the window, so a fast flick does not show blank space. */
const OVERSCAN = 8;

/** The name of a species in the additional language, when it has one that differs from English. */
export function additionalName(species: SpeciesRow, languageId: string | null): string | null {
  const name = languageId === null ? undefined : species.names[languageId];
  return name && name !== species.name ? name : null;
}

function heightOf(item: ListItem | undefined, languageId: string | null): number {
  if (!item) return TWO_LINES_HEIGHT;
  if (item.kind === 'family') return HEADER_HEIGHT;
  return additionalName(item.species, languageId) === null ? TWO_LINES_HEIGHT : THREE_LINES_HEIGHT;
}

export interface SpeciesVirtualListProps {
  items: readonly ListItem[];
  /** The `names` key of the member's additional language; null for English only. */
  languageId: string | null;
  /** Accessible name of the list. */
  label: string;
}

export function SpeciesVirtualList({ items, languageId, label }: SpeciesVirtualListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts on the page: the virtualizer counts the window's scroll from there.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
  }, [items]);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: (index) => heightOf(items[index], languageId),
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: OVERSCAN,
    scrollMargin,
  });

  return (
    <Box
      component="ul"
      ref={listRef}
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index];
        if (!item) return null;
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
            {item.kind === 'family' ? (
              <FamilyHeader item={item} />
            ) : (
              <SpeciesLink species={item.species} languageId={languageId} />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function FamilyHeader({ item }: { item: FamilyItem }) {
  return (
    <Box
      sx={{
        height: '100%',
        display: 'flex',
        alignItems: 'flex-end',
        gap: 1,
        pb: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {item.family ?? speciesTexts.speciesFamilyUnknown}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ pb: 0.25 }}>
        {formatMessage(speciesTexts.speciesFamilyCaption, { group: item.groupName, count: item.count })}
      </Typography>
    </Box>
  );
}

function SpeciesLink({ species, languageId }: { species: SpeciesRow; languageId: string | null }) {
  const otherName = additionalName(species, languageId);
  const thumb = species.photo.thumbs[0];
  return (
    <ListItemButton
      component={RouterLink}
      to={`/species/${encodeURIComponent(species.id)}`}
      sx={{ height: '100%', gap: 2, px: 1 }}
    >
      {thumb && <Avatar src={thumb.path} alt="" variant="rounded" sx={{ width: 48, height: 48 }} />}
      <Box sx={{ minWidth: 0 }}>
        <Typography noWrap>{species.name}</Typography>
        {otherName && (
          <Typography noWrap variant="body2" color="text.secondary">
            {otherName}
          </Typography>
        )}
        <Typography noWrap variant="body2" color="text.secondary">
          <Box component="i">{species.scientific_name}</Box>
          {species.extinct && ` · ${speciesTexts.speciesExtinct}`}
        </Typography>
      </Box>
    </ListItemButton>
  );
}
