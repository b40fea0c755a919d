/**
 * The toasts of recording (SPEC §4 "Quick record", "Offline writes"). The signed-out refusal is in
 * signedOutToast.ts.
 */
import { recordingTexts } from './texts';
import { messages } from '@contract/messages';
import type { ToastRequest } from '../../app/uiSlice';

/**
 * After the form's save: offline, that the sighting waits on the device (SPEC §4 "Offline
 * writes"); online, that it was created or updated (the sync sends it on its own).
 */
export function savedToast(kind: 'created' | 'updated', isOnline: boolean): ToastRequest {
  if (!isOnline) return { message: messages.storedLocally, severity: 'info' };
  return kind === 'created'
    ? { message: messages.observationCreated, severity: 'success' }
    : { message: recordingTexts.sightingUpdated, severity: 'success' };
}

/** SPEC §4: quick record says whether the device's position made it into the sighting. */
export function quickRecordToast(withGps: boolean): ToastRequest {
  return withGps
    ? { message: messages.observationCreated, severity: 'success' }
    : { message: messages.observationCreatedNoGps, severity: 'warning' };
}
