/** The popup, lazy so the first route never downloads it (the modal host renders it). */
import { lazy } from 'react';

export const SpeciesSyncPopup = lazy(async () => ({
  default: (await import('./SpeciesSyncPopup')).SpeciesSyncPopup,
}));
