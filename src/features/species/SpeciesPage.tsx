/**
 * `/species/{species_id}` (SPEC §2): a species at a glance, from the device (works offline): its
 * names in English and the additional language, photos, where it lives, recording a sighting (the
 * form, or quick record), the member's own sightings of it and where to see it (places, online).
 * The full names, taxonomy and checklist sources are on `/species-details/{species_id}`
 * (SpeciesDetailsPage), linked from here.
 */
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { recordingTexts } from '../observations/texts';
import { messages } from '@contract/messages';
import { placeTexts } from '../places/texts';
import { selectConfig } from '../../app/configSlice';
import { useAppSelector } from '../../app/hooks';
import { selectIsSignedIn } from '../../app/sessionSlice';
import { SpeciesSightings } from '../observations/embeds';
import { additionalLanguageId } from './languages';
import { DistributionMap } from './map/DistributionMap';
import { useSpecies } from './speciesQueries';
import {
  classificationName,
  SpeciesActions,
  SpeciesFacts,
  SpeciesHeading,
  SpeciesMissing,
  SpeciesSection,
} from './SpeciesParts';
import { SpeciesPhotos } from './SpeciesPhotos';
import { speciesTexts } from './speciesTexts';

// The places code loads only with this section (online data; the species page itself works offline).
const WhereToSeeIt = lazy(async () => ({ default: (await import('../places/embeds')).WhereToSeeIt }));

export function SpeciesPage() {
  const { species_id: id } = useParams();
  const species = useSpecies(id);
  const languageId = additionalLanguageId(useAppSelector(selectConfig).language.language);
  const isSignedIn = useAppSelector(selectIsSignedIn);
  if (species === undefined) return <CircularProgress aria-label={messages.loading} sx={{ my: 3 }} />;
  if (species === null) return <SpeciesMissing />;

  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <SpeciesHeading species={species} languageId={languageId} />
      <SpeciesActions species={species} view="summary" />
      {isSignedIn && (
        <SpeciesSection id="species-sightings" title={recordingTexts.sightingYourRecent}>
          <SpeciesSightings speciesId={species.id} />
        </SpeciesSection>
      )}
      <SpeciesSection id="species-photos" title={speciesTexts.speciesPhotos}>
        <SpeciesPhotos species={species} />
      </SpeciesSection>
      <SpeciesSection id="species-distribution" title={speciesTexts.speciesDistribution}>
        <DistributionMap locationIds={species.location_ids} />
      </SpeciesSection>
      <SpeciesSection id="species-places" title={placeTexts.whereToSee}>
        <Suspense fallback={null}>
          <WhereToSeeIt speciesId={species.id} />
        </Suspense>
      </SpeciesSection>
      <SpeciesSection id="species-classification" title={speciesTexts.speciesClassification}>
        <SpeciesFacts
          facts={[
            [speciesTexts.speciesOrder, species.order],
            [speciesTexts.speciesFamily, species.family],
            [speciesTexts.speciesLists, species.classifications.map(classificationName).join(', ')],
          ]}
        />
      </SpeciesSection>
    </Stack>
  );
}
