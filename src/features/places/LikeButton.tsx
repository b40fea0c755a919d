/**
 * The like button of a place: a toggle over the member's `hotspot_likes` record (placeLikesRepo.ts),
 * saved on the device and pushed by the sync, so it works offline. A guest is told to sign in.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { placeTexts } from './texts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import { lastKnownFix } from '../../lib/position';
import { savePlaceLiked, usePlaceLiked } from './placesHooks';

export function LikeButton({ hotspotId }: { hotspotId: string }) {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const liked = usePlaceLiked(userId, hotspotId);
  const [saving, setSaving] = useState(false);
  if (userId === null)
    return (
      <Typography variant="body2" color="text.secondary">
        {placeTexts.likeSignIn}
      </Typography>
    );
  const toggle = () => {
    setSaving(true);
    const fix = lastKnownFix(Date.now());
    savePlaceLiked(userId, hotspotId, !liked, fix ? { lat: fix.lat, lng: fix.lng } : null)
      .catch((error: unknown) =>
        dispatch(
          uiActions.toastShown({
            severity: 'error',
            message: error instanceof Error ? error.message : String(error),
          }),
        ),
      )
      .finally(() => {
        setSaving(false);
      });
  };
  return (
    <Button
      variant={liked ? 'contained' : 'outlined'}
      color="secondary"
      aria-pressed={liked === true}
      startIcon={liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      onClick={toggle}
      disabled={liked === undefined || saving}
    >
      {liked ? placeTexts.unlike : placeTexts.like}
    </Button>
  );
}
