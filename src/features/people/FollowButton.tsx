/**
 * Follow / stop following a member (PUT users/{id}/follow). Online it is one call, after which the
 * lists and profiles refetch (peopleApi tags). Without signal — a list loaded before the signal
 * went — the wanted state goes into the outbox (followWrites.ts) and the button shows it at once as
 * waiting; while a follow about this member waits, a new one is stored behind it rather than
 * overtaking it. A refusal shows the server's reason under the button.
 */
import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { imageViewTexts } from '../media/texts';
import { formatMessage, messages } from '@contract/messages';
import { peopleTexts as texts } from './texts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import { storeFollow } from './followWrites';
import { reasonOf } from './reason';
import { peopleApi, useSetFollowMutation } from './peopleApi';
import { useWaitingFollow } from './useWaitingFollow';

export function FollowButton({
  userId,
  nickname,
  following: onServer,
}: {
  userId: string;
  nickname: string;
  following: boolean;
}) {
  const isOnline = useAppSelector(selectIsOnline);
  const me = useAppSelector(selectUser)?.user_id;
  const dispatch = useAppDispatch();
  const [setFollow, state] = useSetFollowMutation();
  const waiting = useWaitingFollow(me, userId);
  const following = waiting ?? onServer;
  // Once the outbox has sent what waited, the lists and profiles ask the server again.
  const sentBefore = useRef(waiting);
  useEffect(() => {
    if (sentBefore.current !== undefined && waiting === undefined) {
      dispatch(peopleApi.util.invalidateTags(['People', 'User']));
    }
    sentBefore.current = waiting;
  }, [waiting, dispatch]);

  async function toggle() {
    if (me === undefined) return;
    if (isOnline && waiting === undefined) {
      await setFollow({ userId, follow: !following });
      return;
    }
    await storeFollow(me, userId, !following);
    dispatch(uiActions.toastShown({ message: messages.storedLocally, severity: 'info' }));
  }

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
      <Button
        variant={following ? 'outlined' : 'contained'}
        size="small"
        disabled={state.isLoading}
        aria-label={formatMessage(following ? texts.unfollow : texts.follow, { nickname })}
        aria-pressed={following}
        onClick={() => void toggle()}
      >
        {following ? texts.followingLabel : texts.followLabel}
      </Button>
      {waiting !== undefined && (
        <Typography variant="caption" color="text.secondary">
          {imageViewTexts.imageViewWaiting}
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
