/**
 * Follow / stop following a member (PUT users/{id}/follow). Online only: offline the button is
 * disabled and says why (SPEC §4 "Calls made offline fail with …"); a refusal shows the server's
 * reason under it. The lists and profiles refetch after it (peopleApi tags).
 */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { formatMessage, messages } from '@contract/messages';
import { peopleTexts as texts } from '@contract/peopleTexts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { reasonOf } from './reason';
import { useSetFollowMutation } from './peopleApi';

export function FollowButton({
  userId,
  nickname,
  following,
}: {
  userId: string;
  nickname: string;
  following: boolean;
}) {
  const isOnline = useAppSelector(selectIsOnline);
  const [setFollow, state] = useSetFollowMutation();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
      <Button
        variant={following ? 'outlined' : 'contained'}
        size="small"
        disabled={!isOnline || state.isLoading}
        aria-label={formatMessage(following ? texts.unfollow : texts.follow, { nickname })}
        aria-pressed={following}
        onClick={() => void setFollow({ userId, follow: !following })}
      >
        {following ? texts.followingLabel : texts.followLabel}
      </Button>
      {!isOnline && (
        <Typography variant="caption" color="text.secondary">
          {messages.offline}
        </Typography>
      )}
      {state.error && (
        <Typography variant="caption" color="error" role="alert">
          {reasonOf(state.error)}
        </Typography>
      )}
    </Stack>
  );
}
