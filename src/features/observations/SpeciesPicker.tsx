/**
 * The species of a sighting: chosen by the local species search (the member's region and animal
 * groups, offline; src/lib/search through the species feature), preset from the address, or left
 * open on purpose as an unspecified sighting to identify later.
 */
import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { recordingTexts } from './texts';
import { messages } from '@contract/messages';
import type { SpeciesRow } from '../../db/rows';
import { SpeciesChooser } from '../species/embeds';

export interface SpeciesPickerProps {
  /** The chosen species (a device row, or a sighting's own species the device does not have). */
  species: Pick<SpeciesRow, 'id' | 'name' | 'scientific_name'> | null;
  unspecified: boolean;
  onSpecies: (species: SpeciesRow | null) => void;
  onUnspecified: (unspecified: boolean) => void;
  error?: string;
  /** The address named a species this device does not have. */
  presetMissing?: boolean;
}

export function SpeciesPicker({
  species,
  unspecified,
  onSpecies,
  onUnspecified,
  error,
  presetMissing = false,
}: SpeciesPickerProps) {
  return (
    <FormControl component="fieldset" error={error !== undefined} sx={{ gap: 1 }}>
      <FormLabel component="legend">{recordingTexts.sightingSpecies}</FormLabel>
      {!unspecified &&
        (species ? (
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{species.name}</Typography>
              {species.scientific_name !== species.name && (
                <Typography color="text.secondary" component="i">
                  {species.scientific_name}
                </Typography>
              )}
            </Box>
            <Button
              variant="text"
              onClick={() => {
                onSpecies(null);
              }}
            >
              {recordingTexts.sightingChangeSpecies}
            </Button>
          </Stack>
        ) : (
          <>
            {presetMissing && (
              <Typography color="warning.main">{recordingTexts.sightingSpeciesMissing}</Typography>
            )}
            <Suspense fallback={<CircularProgress size={24} aria-label={messages.loading} />}>
              <SpeciesChooser onChoose={onSpecies} hint={recordingTexts.sightingSearchHint} />
            </Suspense>
          </>
        ))}
      <FormControlLabel
        control={
          <Checkbox
            checked={unspecified}
            onChange={(event) => {
              onUnspecified(event.target.checked);
            }}
          />
        }
        label={recordingTexts.sightingUnspecified}
      />
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
