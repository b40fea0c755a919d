/** A place's species (regular or seen), each linking to its species page, marked seen by the member or not. */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PlaceSpecies } from '@contract/places';
import { formatMessage } from '@contract/messages';
import { placeTexts } from './texts';

export function PlaceSpeciesList({
  species,
  recorded,
  empty,
  counts = false,
}: {
  species: readonly PlaceSpecies[];
  recorded: ReadonlySet<string> | undefined;
  empty: string;
  /** Show how many public sightings each has there. */
  counts?: boolean;
}) {
  if (species.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {species.map((item) => {
        const seen = recorded?.has(item.species_id) ?? false;
        return (
          <Box
            component="li"
            key={item.species_id}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', py: 0.5 }}
          >
            <Link component={RouterLink} to={`/species/${encodeURIComponent(item.species_id)}`}>
              {item.name}
            </Link>
            <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              {item.scientific_name}
            </Typography>
            {counts && (
              <Typography variant="body2" color="text.secondary">
                {formatMessage(placeTexts.sightingsCount, { count: item.sightings })}
              </Typography>
            )}
            {recorded && (
              <Chip
                size="small"
                variant={seen ? 'filled' : 'outlined'}
                color={seen ? 'success' : 'default'}
                label={seen ? placeTexts.seenByYou : placeTexts.notYetSeen}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
}
