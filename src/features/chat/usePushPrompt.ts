/**
 * Whether a conversation offers chat notifications (issue 17: a prompt in chat, asked only from the
 * member's click): when this browser can take them, the site is not blocked, this device has no
 * subscription, and the member has not answered the prompt here before. Either answer — turning
 * them on or "Not now" — is kept on the device, so it is offered once.
 */
import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { db } from '../../db/db';
import { answerPushPrompt, pushPromptAnswered } from './chatStore';
import { pushTurned } from './pushActions';
import { currentSubscription, pushSupported } from './pushSubscription';

async function shouldOffer(ownerId: string): Promise<boolean> {
  if (!pushSupported() || Notification.permission === 'denied') return false;
  if ((await currentSubscription()) !== null) return false;
  return !(await pushPromptAnswered(db, ownerId));
}

export function usePushPrompt() {
  const dispatch = useAppDispatch();
  const ownerId = useAppSelector(selectUser)?.user_id ?? null;
  const [offered, setOffered] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!ownerId) return;
    let live = true;
    shouldOffer(ownerId).then(
      (offer) => {
        if (live) setOffered(offer);
      },
      () => {
        if (live) setOffered(false);
      },
    );
    return () => {
      live = false;
    };
  }, [ownerId]);

  const dismiss = useCallback(() => {
    setOffered(false);
    if (ownerId) void answerPushPrompt(db, ownerId).catch(() => undefined);
  }, [ownerId]);

  const turnOn = useCallback(() => {
    setBusy(true);
    setError(null);
    dispatch(pushTurned(true))
      .then(dismiss)
      .catch((failure: unknown) => {
        setError(failure instanceof Error ? failure.message : String(failure));
      })
      .finally(() => {
        setBusy(false);
      });
  }, [dispatch, dismiss]);

  return { offered, busy, error, turnOn, dismiss };
}
