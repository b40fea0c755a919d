/**
 * `/fieldguides` (SPEC §2, anyone): the field guides — guiding services a member can hire
 * (docs/places.md) — nearest to the member first when their position is known, else by name; a
 * search narrows by name. From the device (kept when seen online), refreshed while online, so the
 * list opens offline. The demo has no guides: the empty state says where admins add them.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { placeTexts } from '../places/texts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { distanceText, SearchNearMe, useGuidesList, useMemberPosition } from '../places/embeds';

export function FieldGuidesPage() {
  const [search, setSearch] = useState('');
  const isOnline = useAppSelector(selectIsOnline);
  const { position, locating, failed, locate } = useMemberPosition();
  const { guides, failure } = useGuidesList(search, position);
  const term = search.trim();

  return (
    <Stack spacing={2} sx={{ py: 3, maxWidth: 760 }}>
      <Typography variant="h4" component="h1">
        {labels.fieldGuides}
      </Typography>
      <SearchNearMe
        searchLabel={placeTexts.searchGuides}
        locateLabel={placeTexts.guidesNearMe}
        search={search}
        onSearch={setSearch}
        locate={locate}
        locating={locating}
        failed={failed}
      />
      {failure && isOnline && <Alert severity="warning">{failure}</Alert>}
      {guides === undefined ? (
        <CircularProgress aria-label={messages.loading} />
      ) : guides.length === 0 ? (
        <Alert severity="info">
          {term !== ''
            ? formatMessage(placeTexts.noPlacesMatch, { search: term })
            : isOnline
              ? `${placeTexts.noGuides} ${placeTexts.noGuidesAdmin}`
              : placeTexts.noGuidesOffline}
        </Alert>
      ) : (
        <Box component="ul" aria-label={placeTexts.guidesList} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {guides.map(({ guide, distanceKm }) => (
            <Box component="li" key={guide.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
              <ListItemButton
                component={RouterLink}
                to={`/fieldguide-overview/${encodeURIComponent(guide.id)}`}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography noWrap>{guide.name}</Typography>
                  <Typography noWrap variant="body2" color="text.secondary">
                    {[
                      distanceKm === null ? null : distanceText(distanceKm),
                      formatMessage(placeTexts.placesCount, { count: guide.hotspots }),
                      guide.languages.join(', '),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
              </ListItemButton>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
