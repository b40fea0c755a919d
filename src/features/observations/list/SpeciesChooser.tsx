/**
 * A combobox to pick one species by typing part of its name (English or scientific; accents and
 * case aside). At most 50 matches are listed, so choosing among the thousands of species on the
 * device opens as quickly as among the few a member has recorded.
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { messages } from '@contract/messages';
import { matchingChoices } from './sightingItems';

export interface Choice {
  id: string;
  name: string;
  scientific_name?: string;
}

export interface SpeciesChooserProps {
  label: string;
  choices: readonly Choice[];
  /** The chosen id, '' for none. */
  value: string;
  onChange: (id: string) => void;
}

export function SpeciesChooser({ label, choices, value, onChange }: SpeciesChooserProps) {
  const chosen = choices.find((choice) => choice.id === value) ?? null;
  return (
    <Autocomplete
      options={choices}
      value={chosen}
      onChange={(_event, choice) => {
        onChange(choice?.id ?? '');
      }}
      filterOptions={(options, state) => matchingChoices(options, state.inputValue)}
      getOptionLabel={(choice) => choice.name}
      getOptionKey={(choice) => choice.id}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      noOptionsText={messages.pickerEmpty}
      clearText={messages.pickerClear}
      openText={label}
      closeText={messages.close}
      sx={{ minWidth: 240, flex: '1 1 240px' }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
