/**
 * The photo's likes: the count, and for a member a pressed/unpressed Like button. A like that waits
 * in the outbox is already counted and pressed, and says it waits; a refused one shows the reason.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { imageViewTexts } from './texts';
import { formatMessage } from '@contract/messages';
import type { UploadState } from './pendingMedia';

export interface LikeToggleProps {
  liked: boolean;
  count: number | null;
  state: UploadState;
  /** Absent for a guest: the count only. */
  onToggle?: () => void;
  /** A like is being written: a second press would send the same state again. */
  isBusy?: boolean;
}

export function likeCountText(count: number): string {
  return count === 1
    ? imageViewTexts.imageViewLikeCountOne
    : formatMessage(imageViewTexts.imageViewLikeCountMany, { count });
}

export function LikeToggle({ liked, count, state, onToggle, isBusy = false }: LikeToggleProps) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {onToggle && (
          <Button
            variant={liked ? 'contained' : 'outlined'}
            aria-pressed={liked}
            startIcon={liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
            onClick={onToggle}
            disabled={isBusy}
          >
            {imageViewTexts.imageViewLike}
          </Button>
        )}
        {count !== null && <Typography aria-live="polite">{likeCountText(count)}</Typography>}
        {state.status === 'waiting' && (
          <Chip
            size="small"
            variant="outlined"
            icon={<CloudUploadOutlinedIcon />}
            label={imageViewTexts.imageViewWaiting}
          />
        )}
      </Stack>
      {state.status === 'refused' && (
        <Alert severity="warning">
          {formatMessage(imageViewTexts.imageViewRefused, { reason: state.reason })}
        </Alert>
      )}
    </Stack>
  );
}
