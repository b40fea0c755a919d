/**
 * The page of a route whose feature is not built yet: it names the page and the feature and says
 * plainly that there is nothing to show, rather than inventing content. It renders behind the
 * route's real guard, so who may open the page is already decided as it will be.
 */
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';

export interface ComingSoonPageProps {
  /** The page's title, e.g. 'Global Map'. */
  title: string;
  /** The feature that will provide the page, e.g. 'The maps'. */
  feature: string;
}

export function ComingSoonPage({ title, feature }: ComingSoonPageProps) {
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'flex-start' }} data-testid="coming-soon">
      <Typography variant="overline" component="p" color="text.secondary">
        {messages.comingSoon}
      </Typography>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography>{formatMessage(messages.comingSoonBody, { feature })}</Typography>
      <Button component={RouterLink} to="/" variant="outlined">
        {messages.backHome}
      </Button>
    </Stack>
  );
}
