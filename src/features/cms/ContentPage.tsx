/**
 * `/general-content-page/:slug` (terms-conditions, privacy-policy). The CMS does not exist yet, so
 * every slug honestly answers "page not found" rather than inventing legal text.
 */
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@contract/messages';

export function ContentPage() {
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        {messages.pageNotFoundTitle}
      </Typography>
      <Typography>{messages.pageNotFoundBody}</Typography>
      <Button component={RouterLink} to="/" variant="outlined">
        {messages.backHome}
      </Button>
    </Stack>
  );
}
