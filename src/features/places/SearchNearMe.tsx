/**
 * The search field and "near me" button heading the places and field-guide lists, with the notice
 * shown when the device gave no position. The page owns the search text and the member's position.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { placeTexts } from './texts';

export interface SearchNearMeProps {
  searchLabel: string;
  locateLabel: string;
  search: string;
  onSearch: (text: string) => void;
  /** From useMemberPosition. */
  locate: () => void;
  locating: boolean;
  failed: boolean;
}

export function SearchNearMe(props: SearchNearMeProps) {
  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          label={props.searchLabel}
          type="search"
          size="small"
          value={props.search}
          onChange={(event) => {
            props.onSearch(event.target.value);
          }}
          sx={{ flex: 1, minWidth: 220 }}
        />
        <Button
          variant="outlined"
          startIcon={<MyLocationIcon />}
          onClick={props.locate}
          disabled={props.locating}
        >
          {props.locateLabel}
        </Button>
      </Stack>
      {props.failed && <Alert severity="info">{placeTexts.positionUnavailable}</Alert>}
    </>
  );
}
