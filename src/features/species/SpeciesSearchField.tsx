/**
 * The species search box: what is typed shows at once, the search runs 250 ms after the last key
 * (SPEC §9 "Search debounce 250 ms") and the query is kept in the address (`?q=`), so going back
 * from a species page returns to the same results.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { withParam } from '../../lib/searchParams';
import { speciesTexts } from './speciesTexts';

export const SEARCH_DEBOUNCE_MS = 250;
const QUERY_PARAM = 'q';

/** The settled query (from the address) and the search field that sets it. */
export function useSpeciesQuery(): { query: string; field: React.JSX.Element } {
  const [params, setParams] = useSearchParams();
  const query = params.get(QUERY_PARAM) ?? '';
  const [text, setText] = useState(query);

  useEffect(() => {
    const wanted = text.trim() === '' ? '' : text;
    if (wanted === query) return;
    const timer = setTimeout(() => {
      setParams((current) => withParam(current, QUERY_PARAM, wanted), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [text, query, setParams]);

  const field = (
    <TextField
      type="search"
      label={speciesTexts.speciesSearchLabel}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
      }}
      fullWidth
      autoComplete="off"
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
  return { query, field };
}
