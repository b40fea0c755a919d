/** The config dialog, lazy so the first route never downloads it (the modal host renders it). */
import { lazy } from 'react';

export const ConfigDialog = lazy(async () => ({ default: (await import('./ConfigDialog')).ConfigDialog }));
