/** The popup, lazy so the first route never downloads it (the modal host renders it). */
import { lazy } from 'react';

export const SpeciesSyncPopup = lazy(async () => ({
  default: (await import('./SpeciesSyncPopup')).SpeciesSyncPopup,
}));

declare module '../../../app/modalRegistry' {
  interface ModalProps {
    /** Species sync progress popup: opened and closed by the sync. */
    speciesSync: Record<string, never>;
  }
}
