/**
 * The profile's region: a search over the reference locations (GET locations?search_term, 250 ms
 * after the last key), one chosen or none. The server accepts only a known location id.
 */
import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { peopleTexts as texts } from '../people/texts';
import { PICKER_SEARCH_DEBOUNCE_MS } from '../../ui/SelectPickerModel';
import { useSearchRegionsQuery } from './profileApi';

export interface Region {
  id: string;
  name: string;
}

export function RegionField({
  value,
  onChange,
}: {
  value: Region | null;
  onChange: (region: Region | null) => void;
}) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
    }, PICKER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed]);
  const found = useSearchRegionsQuery(search, { skip: search === '' || search === value?.name });
  const options: Region[] = (found.data?.locations ?? []).map(({ id, name }) => ({ id, name }));

  return (
    <Autocomplete
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterOptions={(all) => all}
      loading={found.isFetching}
      noOptionsText={texts.regionNone}
      onChange={(_event, region) => {
        onChange(region);
      }}
      onInputChange={(_event, input) => {
        setTyped(input);
      }}
      renderInput={(params) => <TextField {...params} label={texts.region} helperText={texts.regionSearch} />}
    />
  );
}
