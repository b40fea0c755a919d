/**
 * Arriving by the mailed reset link `/?action=forgotpassword&rid=…` (SPEC §2) opens Reset Password
 * with that request id. The parameters are then dropped from the address so a reload or a shared
 * URL does not reopen it.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';

export const RESET_ACTION = 'forgotpassword';

export function useResetLink(): void {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const action = params.get('action');
  const rid = params.get('rid');

  useEffect(() => {
    if (action !== RESET_ACTION || !rid) return;
    // Opening the same request twice is a no-op in the ui slice, so a re-run cannot stack two.
    dispatch(uiActions.modalOpened({ name: 'resetPassword', props: { rid } }));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('action');
        next.delete('rid');
        return next;
      },
      { replace: true },
    );
  }, [action, rid, dispatch, setParams]);
}
