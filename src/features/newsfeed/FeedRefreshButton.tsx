/**
 * A feed's Refresh button, on the newsfeed pages and the group and member feeds: online only, and
 * busy while a refresh runs.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import RefreshIcon from '@mui/icons-material/Refresh';
import { newsfeedTexts as texts } from './texts';
import type { FeedView } from './newsfeedHooks';

export function FeedRefreshButton({ view }: { view: Pick<FeedView, 'isOnline' | 'refreshing' | 'refresh'> }) {
  return (
    <Button
      startIcon={view.refreshing ? <CircularProgress size={16} /> : <RefreshIcon />}
      onClick={view.refresh}
      disabled={!view.isOnline || view.refreshing}
    >
      {texts.refresh}
    </Button>
  );
}
