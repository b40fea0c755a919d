/**
 * The config notice (SPEC §3 settings.show_config_notice): when a member signs in or registers
 * while the setting is on, Customize Your Experience opens by itself, once — saving or putting it
 * off turns the setting off (features/config/ConfigDialog.tsx); Settings can turn it on again.
 *
 * A sign-in is the session's member changing from nobody to someone while the shell is on screen.
 * A session restored at start is there before the first render, so a reload never counts. It
 * lives in the shell rather than in a store listener because it is the shell's UI: a page or a
 * dialog rendered on its own (component tests, other hosts) signs in without the notice.
 */
import { useEffect, useRef } from 'react';
import { selectConfig } from '../configSlice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectUser } from '../sessionSlice';
import { uiActions } from '../uiSlice';

export function useConfigNotice(): void {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const isNoticeOn = useAppSelector(selectConfig).settings.show_config_notice;
  // The member of the previous render; the first render's is a restored session, not a sign-in.
  const seen = useRef(userId);
  useEffect(() => {
    if (seen.current === userId) return;
    const signedIn = seen.current === null && userId !== null;
    seen.current = userId;
    if (signedIn && isNoticeOn) {
      dispatch(uiActions.modalOpened({ name: 'config', props: { section: 'all', notice: true } }));
    }
  }, [dispatch, userId, isNoticeOn]);
}
