/**
 * `/species-gallery` (SPEC §2): the photos of the species on the member's list, one tile per species
 * in taxonomic order, filterable by animal group; each tile opens the species. A tile shows the
 * species' first reference photo (synced with the species, so it works offline; the image itself
 * from the image cache once seen), else, online, the newest photo of a member's public sighting of
 * it (`GET species_images`). The lists ship without reference photos — none openly licensed were
 * found (docs/data-sources.md) — so offline, until administrators upload some, the page says so.
 */
import { useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { selectConfig } from '../../app/configSlice';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import type { SpeciesRow } from '../../db/rows';
import { ListSummary, MemberListGate } from './MemberListGate';
import { useGetSpeciesGalleryQuery } from './speciesPhotosApi';
import { useMemberList } from './speciesQueries';
import { speciesTexts } from './speciesTexts';

const ALL = 'all';

interface Tile {
  row: SpeciesRow;
  src: string;
}

/** Species id → the thumbnail of a public sighting photo; online only, and empty until it answers. */
function useSightingThumbnails(): ReadonlyMap<string, string> {
  const isOnline = useAppSelector(selectIsOnline);
  const config = useAppSelector(selectConfig);
  const list =
    isOnline && config.location && config.species.length > 0
      ? { location_id: config.location.location_id, classifications: config.species.join(',') }
      : skipToken;
  const answer = useGetSpeciesGalleryQuery(list);
  // Offline only what the device has: a cached answer's images may never have been fetched.
  const images = isOnline ? answer.data : undefined;
  return useMemo(
    () => new Map(Object.values(images ?? {}).map((image) => [image.species_id, image.thumbnail])),
    [images],
  );
}

function Gallery({ species }: { species: SpeciesRow[] }) {
  const sightingThumbnails = useSightingThumbnails();
  const withPhotos = useMemo(
    () =>
      species.flatMap((row): Tile[] => {
        const src = row.photo.thumbs[0]?.path ?? sightingThumbnails.get(row.id);
        return src === undefined ? [] : [{ row, src }];
      }),
    [species, sightingThumbnails],
  );
  const groups = useMemo(() => {
    const names = new Map<string, string>();
    for (const { row } of withPhotos) names.set(row.group_id, row.taxa.group_name);
    return [...names];
  }, [withPhotos]);
  const [group, setGroup] = useState(ALL);
  if (withPhotos.length === 0) return <Alert severity="info">{speciesTexts.galleryEmpty}</Alert>;

  const shown = group === ALL ? withPhotos : withPhotos.filter(({ row }) => row.group_id === group);
  return (
    <>
      {groups.length > 1 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          role="group"
          aria-label={speciesTexts.galleryFilter}
        >
          {[[ALL, speciesTexts.galleryAllGroups] as const, ...groups].map(([id, name]) => (
            <Chip
              key={id}
              label={name}
              color={group === id ? 'primary' : 'default'}
              aria-pressed={group === id}
              onClick={() => {
                setGroup(id);
              }}
            />
          ))}
        </Stack>
      )}
      <Box
        component="ul"
        aria-label={labels.speciesGallery}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
        }}
      >
        {shown.map(({ row, src }) => {
          return (
            <li key={row.id}>
              <Box
                component={RouterLink}
                to={`/species/${encodeURIComponent(row.id)}`}
                sx={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
              >
                <Box
                  component="img"
                  src={src}
                  alt={row.name}
                  loading="lazy"
                  sx={{
                    width: '100%',
                    aspectRatio: '1',
                    objectFit: 'cover',
                    borderRadius: 1,
                    display: 'block',
                  }}
                />
                <Typography variant="body2" noWrap aria-hidden>
                  {row.name}
                </Typography>
              </Box>
            </li>
          );
        })}
      </Box>
    </>
  );
}

export function SpeciesGalleryPage() {
  const list = useMemberList();
  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Typography variant="h4" component="h1">
        {labels.speciesGallery}
      </Typography>
      <ListSummary count={list.species?.length} />
      <MemberListGate list={list}>{(species) => <Gallery species={species} />}</MemberListGate>
    </Stack>
  );
}
