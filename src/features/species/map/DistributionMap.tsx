/**
 * Where a species lives: a world map with the countries and regions its checklists key it to
 * filled in, and the same places written out below (the map is an image with that list as its
 * name, so nothing depends on seeing it). Species of a group without open distribution data
 * (reptiles) and species no checklist names say so instead of showing an empty map.
 */
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatMessage } from '@contract/messages';
import { speciesTexts } from '../speciesTexts';
import { isRegionId, MAP_VIEWBOX, type Basemap } from './basemap';
import { useBasemap } from './useBasemap';

export interface DistributionPlace {
  id: string;
  name: string;
}

/** The places of these location ids, named from the basemap when it has them: countries, then regions. */
export function distributionPlaces(
  locationIds: readonly string[],
  basemap: Basemap | null,
): DistributionPlace[] {
  const places = locationIds.map((id) => ({ id, name: basemap?.byId.get(id)?.name ?? id }));
  const byName = (a: DistributionPlace, b: DistributionPlace) => a.name.localeCompare(b.name, 'en');
  return [
    ...places.filter((place) => !isRegionId(place.id)).sort(byName),
    ...places.filter((place) => isRegionId(place.id)).sort(byName),
  ];
}

const VIEWBOX = `${MAP_VIEWBOX.x} ${MAP_VIEWBOX.y} ${MAP_VIEWBOX.width} ${MAP_VIEWBOX.height}`;

export function DistributionMap({ locationIds }: { locationIds: readonly string[] }) {
  if (locationIds.length === 0) return <Typography>{speciesTexts.speciesNoDistribution}</Typography>;
  return <PlacesMap locationIds={locationIds} />;
}

function PlacesMap({ locationIds }: { locationIds: readonly string[] }) {
  const theme = useTheme();
  const state = useBasemap();
  const basemap = state.status === 'ready' ? state.basemap : null;
  const places = distributionPlaces(locationIds, basemap);
  const placeList = places.map((place) => place.name).join(', ');
  const highlighted = new Set(locationIds);

  return (
    <Box>
      {state.status === 'loading' && (
        <Skeleton
          variant="rectangular"
          sx={{ width: '100%', height: 'auto', aspectRatio: `${MAP_VIEWBOX.width} / ${MAP_VIEWBOX.height}` }}
        />
      )}
      {state.status === 'failed' && (
        <Typography color="text.secondary">{speciesTexts.speciesMapFailed}</Typography>
      )}
      {basemap && (
        <Box
          component="svg"
          viewBox={VIEWBOX}
          role="img"
          aria-label={formatMessage(speciesTexts.speciesMapLabel, { places: placeList })}
          sx={{ display: 'block', width: '100%', height: 'auto', bgcolor: 'action.hover', borderRadius: 1 }}
        >
          <g fill={theme.palette.grey[300]} stroke={theme.palette.background.paper} strokeWidth={0.15}>
            {basemap.places
              .filter((place) => !place.isRegion)
              .map((place) => (
                <path key={place.id} d={place.path} />
              ))}
          </g>
          <g
            fill={theme.palette.primary.main}
            stroke={theme.palette.background.paper}
            strokeWidth={0.1}
            data-testid="distribution-places"
          >
            {basemap.places
              .filter((place) => highlighted.has(place.id))
              .map((place) => (
                <path key={place.id} d={place.path} data-location-id={place.id} />
              ))}
          </g>
        </Box>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {formatMessage(speciesTexts.speciesPlaces, { places: placeList })}
      </Typography>
    </Box>
  );
}
