/**
 * A place's ratings (online only, placesRatingsApi.ts): the average, the members' ratings newest
 * first, and the signed-in member's own rating to give or change. Offline: SPEC's offline message.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@contract/messages';
import { placeTexts } from './texts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { ratingText } from './placeFormat';
import { useGetHotspotRatingsQuery, useRateHotspotMutation } from './placesRatingsApi';

function RateForm({
  hotspotId,
  current,
}: {
  hotspotId: string;
  current?: { rating: number; comment: string };
}) {
  const [rating, setRating] = useState<number | null>(current?.rating ?? null);
  const [comment, setComment] = useState(current?.comment ?? '');
  const [rate, { isLoading, isSuccess, error }] = useRateHotspotMutation();
  const reason = error && 'reason' in error ? error.reason : null;
  return (
    <Stack
      component="form"
      spacing={1}
      aria-label={placeTexts.yourRating}
      onSubmit={(event) => {
        event.preventDefault();
        if (rating !== null) void rate({ id: hotspotId, rating, comment: comment.trim() });
      }}
    >
      <Typography component="legend" variant="subtitle2">
        {placeTexts.yourRating}
      </Typography>
      <Rating
        name={`rating-${hotspotId}`}
        value={rating}
        onChange={(_event, value) => {
          setRating(value);
        }}
      />
      <TextField
        label={placeTexts.rateComment}
        size="small"
        multiline
        value={comment}
        onChange={(event) => {
          setComment(event.target.value);
        }}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Box>
        <Button type="submit" variant="outlined" disabled={rating === null || isLoading}>
          {placeTexts.rateSave}
        </Button>
      </Box>
      {isSuccess && <Alert severity="success">{placeTexts.rateSaved}</Alert>}
      {reason && <Alert severity="error">{reason}</Alert>}
    </Stack>
  );
}

export function PlaceRatings({ hotspotId }: { hotspotId: string }) {
  const isOnline = useAppSelector(selectIsOnline);
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const { data, error, isLoading } = useGetHotspotRatingsQuery(hotspotId, { skip: !isOnline });
  const own = data?.ratings.find((item) => item.user_id === userId);
  return (
    <Stack component="section" spacing={1} aria-label={placeTexts.ratingsHeading}>
      <Typography variant="h6" component="h2">
        {placeTexts.ratingsHeading}
      </Typography>
      {!isOnline ? (
        <Typography color="text.secondary">{placeTexts.ratingsOffline}</Typography>
      ) : isLoading ? (
        <Typography color="text.secondary">{messages.loading}</Typography>
      ) : error ? (
        <Alert severity="warning">{'reason' in error ? error.reason : messages.offline}</Alert>
      ) : data ? (
        <>
          <Typography>{ratingText(data.average, data.count)}</Typography>
          {data.ratings.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {data.ratings.map((item) => (
                <li key={item.user_id}>
                  <Typography variant="body2">
                    {`${item.nickname}: ${item.rating}/5${item.comment ? ` — ${item.comment}` : ''}`}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
          {userId ? (
            <RateForm key={own ? 'own' : 'none'} hotspotId={hotspotId} current={own} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {placeTexts.rateSignIn}
            </Typography>
          )}
        </>
      ) : null}
    </Stack>
  );
}
