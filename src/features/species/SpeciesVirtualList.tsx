/**
 * A list of thousands of species that scrolls smoothly: only the rows in and near the window are in
 * the DOM (TanStack Virtual over the page's own scroll, so the app bar and the page scroll as
 * everywhere else). Rows have fixed heights, known from their content before rendering, so nothing
 * has to be measured and the scroll bar never jumps. Each row is a list item holding a link named by
 * the species' names; family headers are list items holding a level-2 heading.
 */
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { formatMessage } from '@contract/messages';
import type { SpeciesRow } from '../../db/rows';
import { WindowVirtualList } from '../../ui/WindowVirtualList';
import type { FamilyItem, ListItem } from './speciesList';
import { speciesTexts } from './speciesTexts';

const HEADER_HEIGHT = 48;
const TWO_LINES_HEIGHT = 64;
const THREE_LINES_HEIGHT = 84;

/** The name of a species in the additional language, when it has one that differs from English. */
export function additionalName(species: SpeciesRow, languageId: string | null): string | null {
  const name = languageId === null ? undefined : species.names[languageId];
  return name && name !== species.name ? name : null;
}

function heightOf(item: ListItem, languageId: string | null): number {
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
  return (
    <WindowVirtualList
      items={items}
      label={label}
      keyOf={(item) => item.key}
      sizeOf={(item) => heightOf(item, languageId)}
      renderItem={(item) =>
        item.kind === 'family' ? (
          <FamilyHeader item={item} />
        ) : (
          <SpeciesLink species={item.species} languageId={languageId} />
        )
      }
    />
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
        {/* Reptiles have no common name: their name is the scientific one, said once. */}
        {(species.scientific_name !== species.name || species.extinct) && (
          <Typography noWrap variant="body2" color="text.secondary">
            {species.scientific_name !== species.name && <Box component="i">{species.scientific_name}</Box>}
            {species.extinct &&
              (species.scientific_name !== species.name
                ? ` · ${speciesTexts.speciesExtinct}`
                : speciesTexts.speciesExtinct)}
          </Typography>
        )}
      </Box>
    </ListItemButton>
  );
}
