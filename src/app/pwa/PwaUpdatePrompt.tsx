/**
 * Prompt-to-reload: when a new version is waiting, the member chooses when to switch, so a form
 * being filled in is never lost to an automatic reload. The snackbar's code loads only when there
 * is an update to announce, keeping it off the first route.
 */
import { lazy, Suspense } from 'react';
import { useAppSelector } from '../hooks';
import { selectIsUpdateAvailable } from './pwaSlice';

const PwaUpdateSnackbar = lazy(() => import('./PwaUpdateSnackbar'));

export function PwaUpdatePrompt() {
  const isUpdateAvailable = useAppSelector(selectIsUpdateAvailable);
  if (!isUpdateAvailable) return null;
  return (
    <Suspense fallback={null}>
      <PwaUpdateSnackbar />
    </Suspense>
  );
}
