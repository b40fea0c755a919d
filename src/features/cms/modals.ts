/** The content dialog, lazy so the first route never downloads it (the modal host renders it). */
import { lazy } from 'react';

export const ContentDialog = lazy(async () => ({ default: (await import('./ContentDialog')).ContentDialog }));
