/** The share domain: the Share with Friends dialog, lazy so the QR encoder loads only with it. */
import { lazy } from 'react';

export const ShareDialog = lazy(async () => ({ default: (await import('./ShareDialog')).ShareDialog }));
