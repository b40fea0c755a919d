/**
 * `/about`: what the app is, its version and licence, and where its data comes from, with the
 * attribution line every dataset's licence asks for (docs/data-sources.md). Static: works offline.
 * (Its way home is a Button like every other page's: a lazy page without one makes the bundler split
 * the shared MUI chunk of the first route in two, bench:bundle.)
 */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { license, version } from '../../../package.json';
import { aboutTexts } from './aboutTexts';
import { PLACE_SOURCES, SPECIES_SOURCES, type DataSource } from './dataSources';

function SourceList({ id, title, sources }: { id: string; title: string; sources: readonly DataSource[] }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {sources.map((source) => (
          <Paper component="li" variant="outlined" key={source.name} sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h4">
              {source.url ? (
                <Link href={source.url} target="_blank" rel="noopener noreferrer">
                  {source.name}
                </Link>
              ) : (
                source.name
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {source.use}
            </Typography>
            <Typography variant="body2">
              {formatMessage(aboutTexts.aboutLicence, { licence: source.licence })}
            </Typography>
            {source.attribution && (
              <Typography variant="body2" component="blockquote" sx={{ m: 0, mt: 0.5, fontStyle: 'italic' }}>
                {source.attribution}
              </Typography>
            )}
            {source.note && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {source.note}
              </Typography>
            )}
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}

export function AboutPage() {
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 860 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {labels.about}
        </Typography>
        <Typography>{`${product.name}: ${product.description}`}</Typography>
        <Typography>{formatMessage(aboutTexts.aboutVersion, { version })}</Typography>
        <Typography>
          {formatMessage(aboutTexts.aboutCodeLicence, { product: product.name, licence: license })}
        </Typography>
      </Stack>
      <Stack component="section" aria-labelledby="about-data" spacing={2}>
        <Typography id="about-data" variant="h5" component="h2">
          {aboutTexts.aboutDataSources}
        </Typography>
        <Typography>{aboutTexts.aboutDataIntro}</Typography>
        <Typography>{aboutTexts.aboutNoPhotos}</Typography>
        <SourceList id="about-species" title={aboutTexts.aboutSpeciesData} sources={SPECIES_SOURCES} />
        <SourceList id="about-places" title={aboutTexts.aboutPlaceData} sources={PLACE_SOURCES} />
      </Stack>
      <Button component={RouterLink} to="/" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
        {messages.backHome}
      </Button>
    </Stack>
  );
}
