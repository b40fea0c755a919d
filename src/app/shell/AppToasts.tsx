/**
 * Connects the toast queue of the ui slice to the toast host. The host (Snackbar, Alert, their
 * transitions and icons) loads with the first toast, not with the first route.
 */
import { lazy, Suspense } from 'react';
import { messages } from '@contract/messages';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectCurrentToast, uiActions } from '../uiSlice';

const ToastHost = lazy(async () => ({ default: (await import('../../ui/ToastHost')).ToastHost }));

export function AppToasts() {
  const dispatch = useAppDispatch();
  const toast = useAppSelector(selectCurrentToast);
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost
        toast={toast}
        closeLabel={messages.close}
        onClose={(id) => dispatch(uiActions.toastDismissed(id))}
        onAction={(id) => dispatch(uiActions.toastActionTaken(id))}
      />
    </Suspense>
  );
}
