/**
 * `/species-map` (SPEC §2): the member's own sightings on a map; with `?species_id=` only those of
 * that species, named from the device's species table when it has the species.
 */
import { useSearchParams } from 'react-router-dom';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { mapTexts } from './texts';
import { formatMessage } from '@contract/messages';
import { useSpeciesName } from './mapQueries';
import { MemberSightingsMap } from './MemberSightingsMap';

export function SpeciesMapPage() {
  const [params] = useSearchParams();
  const speciesId = params.get('species_id') || null;
  const name = useSpeciesName(speciesId);
  const species = name ?? speciesId;
  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Typography variant="h4" component="h1">
        {labels.speciesMap}
      </Typography>
      {species !== null && (
        <Typography variant="h6" component="p">
          {species}
        </Typography>
      )}
      <MemberSightingsMap
        // Each species keeps its own camera: its sightings may be far from another's.
        cameraKey={`species:${speciesId ?? ''}`}
        speciesId={speciesId}
        label={
          species === null ? mapTexts.mapOfYourSightings : formatMessage(mapTexts.mapOfSpecies, { species })
        }
      />
    </Stack>
  );
}
