/**
 * The filters of one's own sightings: a species among those recorded, a date range (the member's
 * local days, inclusive) and one of their trips. Each change applies at once; the values live in
 * the address (useSightingFilter).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { sightingTexts } from '../texts';
import type { TripRow } from '../../../db/rows';
import { formatDayRange } from '../../../lib/dateText';
import { isFiltered, type SpeciesChoice } from './sightingItems';
import { SpeciesChooser } from './SpeciesChooser';
import type { SightingFilterState } from './useSightingFilter';

export interface SightingFiltersProps {
  state: SightingFilterState;
  speciesChoices: readonly SpeciesChoice[];
  trips: readonly TripRow[];
}

export function SightingFilters({ state, speciesChoices, trips }: SightingFiltersProps) {
  const { values, setValue } = state;
  const dateField = (name: 'from' | 'to', label: string) => (
    <TextField
      type="date"
      label={label}
      value={values[name]}
      onChange={(event) => {
        setValue(name, event.target.value);
      }}
      sx={{ flex: '0 1 180px' }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: name === 'to' && values.from ? { min: values.from } : {},
      }}
    />
  );
  return (
    <Box
      component="form"
      role="search"
      aria-label={sightingTexts.sightingsFilters}
      onSubmit={(event) => {
        event.preventDefault();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      <SpeciesChooser
        label={sightingTexts.sightingsFilterSpecies}
        choices={speciesChoices}
        value={values.species}
        onChange={(id) => {
          setValue('species', id);
        }}
      />
      {dateField('from', sightingTexts.sightingsFilterFrom)}
      {dateField('to', sightingTexts.sightingsFilterTo)}
      {trips.length > 0 && (
        <TextField
          select
          label={sightingTexts.sightingsFilterTrip}
          value={values.trip}
          onChange={(event) => {
            setValue('trip', event.target.value);
          }}
          sx={{ flex: '1 1 200px' }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{sightingTexts.sightingsFilterAllTrips}</option>
          {trips.map((trip) => (
            <option key={trip.id} value={trip.id}>
              {`${trip.name} (${formatDayRange(trip.date_start, trip.date_end)})`}
            </option>
          ))}
        </TextField>
      )}
      {isFiltered(state.filter) && (
        <Button onClick={state.clear} variant="text">
          {sightingTexts.sightingsFilterClear}
        </Button>
      )}
    </Box>
  );
}
