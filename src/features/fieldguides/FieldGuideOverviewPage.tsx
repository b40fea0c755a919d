/**
 * `/fieldguide-overview/{field_guide_id}` (SPEC §2, anyone): a field guide — about, contact as real
 * links (tel:, mailto:, their website), languages, the places they guide at and the species they
 * specialise in. From the device (kept when opened online), so it opens offline.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { placeTexts } from '../places/texts';
import type { FieldGuideRow } from '../../db/placeRows';
import { PlacePhotoStrip, useGuide } from '../places/embeds';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1} aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** A website as a link target: only http(s), so a stored value can never become a script URL. */
function websiteHref(website: string): string | null {
  const url = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  try {
    return new URL(url).protocol.startsWith('http') ? url : null;
  } catch {
    return null;
  }
}

function GuideBody({ guide }: { guide: FieldGuideRow }) {
  const website = guide.website ? websiteHref(guide.website) : null;
  const places = guide.places ?? [];
  const species = guide.species ?? [];
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {guide.name}
      </Typography>
      <PlacePhotoStrip photos={guide.photos} name={guide.name} />
      <Section title={placeTexts.about}>
        <Typography sx={{ whiteSpace: 'pre-line' }}>{guide.about}</Typography>
      </Section>
      <Section title={placeTexts.contact}>
        <Stack spacing={0.5}>
          {guide.phone && (
            <Link href={`tel:${guide.phone.replace(/[^+\d]/g, '')}`}>
              {formatMessage(placeTexts.call, { phone: guide.phone })}
            </Link>
          )}
          {guide.email && (
            <Link href={`mailto:${guide.email}`}>
              {formatMessage(placeTexts.email, { email: guide.email })}
            </Link>
          )}
          {website && (
            <Link href={website} target="_blank" rel="noopener noreferrer">
              {`${placeTexts.website}: ${guide.website}`}
            </Link>
          )}
        </Stack>
      </Section>
      {guide.languages.length > 0 && (
        <Section title={placeTexts.languages}>
          <Typography>{guide.languages.join(', ')}</Typography>
        </Section>
      )}
      <Section title={placeTexts.guidePlaces}>
        {places.length === 0 ? (
          <Typography color="text.secondary">{placeTexts.noGuidePlaces}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {places.map((place) => (
              <li key={place.hotspot_id}>
                <Link component={RouterLink} to={`/hotspot-overview/${encodeURIComponent(place.hotspot_id)}`}>
                  {place.name}
                </Link>
              </li>
            ))}
          </Box>
        )}
      </Section>
      <Section title={placeTexts.guideSpecies}>
        {species.length === 0 ? (
          <Typography color="text.secondary">{placeTexts.noGuideSpecies}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {species.map((item) => (
              <li key={item.species_id}>
                <Link component={RouterLink} to={`/species/${encodeURIComponent(item.species_id)}`}>
                  {item.name}
                </Link>{' '}
                <Typography
                  component="span"
                  variant="body2"
                  color="text.secondary"
                  sx={{ fontStyle: 'italic' }}
                >
                  {item.scientific_name}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </Section>
    </Stack>
  );
}

export function FieldGuideOverviewPage() {
  const { field_guide_id: id } = useParams();
  const { row, absence, failure } = useGuide(id);
  return (
    <Box sx={{ py: 3, maxWidth: 760 }}>
      {row ? (
        <GuideBody guide={row} />
      ) : absence === 'loading' ? (
        <CircularProgress aria-label={messages.loading} />
      ) : (
        <Alert severity={absence === 'unknown' ? 'warning' : 'info'}>
          {absence === 'unknown'
            ? placeTexts.guideUnknown
            : absence === 'failed'
              ? (failure ?? placeTexts.guideOffline)
              : placeTexts.guideOffline}
        </Alert>
      )}
    </Box>
  );
}
