/**
 * Choosing one species of the member's list by the local search (offline): a search field, and the
 * best matches as buttons. For other domains' forms (the recording page), which reach it lazily
 * through the species index, so the search index and the list's live query load only with them.
 */
import { useEffect, useMemo, useState } from 'react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMessage } from '@contract/messages';
import type { SpeciesRow } from '../../db/rows';
import { SEARCH_DEBOUNCE_MS } from './SpeciesSearchField';
import { useMemberList } from './speciesQueries';
import { searchSpecies } from './speciesSearch';
import { useSpeciesSearch } from './useSpeciesSearch';
import { speciesTexts } from './speciesTexts';

/** Matches shown at once: enough to pick from, few enough to read; typing more narrows them. */
const MATCHES_SHOWN = 8;

export interface SpeciesChooserProps {
  onChoose: (species: SpeciesRow) => void;
  /** Under the field, e.g. what is searched. */
  hint?: string;
}

export function SpeciesChooser({ onChoose, hint }: SpeciesChooserProps) {
  const { species, languageId, filter } = useMemberList();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');

  // SPEC §9: the search runs 250 ms after the last key, as on the species list.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [text]);

  const prepared = useSpeciesSearch(species, languageId, query !== '');
  const matches = useMemo(() => (prepared ? searchSpecies(prepared, query) : []), [prepared, query]);

  if (filter === null) return <Typography color="text.secondary">{speciesTexts.speciesNoConfig}</Typography>;

  return (
    <Stack spacing={1}>
      <TextField
        type="search"
        label={speciesTexts.speciesSearchLabel}
        helperText={hint}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        autoComplete="off"
        fullWidth
      />
      <Typography role="status" variant="body2" color="text.secondary">
        {!prepared
          ? ''
          : matches.length === 0
            ? formatMessage(speciesTexts.speciesNoMatch, { query })
            : formatMessage(speciesTexts.speciesMatches, { count: matches.length })}
      </Typography>
      {matches.length > 0 && (
        <List dense aria-label={speciesTexts.speciesSearchLabel} sx={{ py: 0 }}>
          {matches.slice(0, MATCHES_SHOWN).map((row) => (
            <ListItem key={row.id} disablePadding>
              <ListItemButton
                onClick={() => {
                  onChoose(row);
                }}
              >
                <ListItemText
                  primary={row.name}
                  secondary={row.scientific_name !== row.name ? row.scientific_name : undefined}
                  slotProps={{ secondary: { sx: { fontStyle: 'italic' } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
