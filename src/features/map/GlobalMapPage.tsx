/**
 * `/global-map` (SPEC §2, the primary menu's Global Map): every sighting of the member on this
 * device. Other members' public sightings would come from the server, which has no bounding-box
 * search yet, so the page says it shows this device's sightings rather than pretending to show
 * everyone's (docs/routes.md).
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '@contract/labels';
import { mapTexts } from '@contract/mapTexts';
import { MemberSightingsMap } from './MemberSightingsMap';

export function GlobalMapPage() {
  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Typography variant="h4" component="h1">
        {labels.globalMap}
      </Typography>
      <Typography color="text.secondary">{mapTexts.mapOthersLater}</Typography>
      <MemberSightingsMap cameraKey="global" speciesId={null} label={mapTexts.mapOfYourSightings} />
    </Stack>
  );
}
