/** The share domain: the Share with Friends dialog, lazy so the QR encoder loads only with it. */
import { lazy } from 'react';
import type { FeatureModule } from '../../app/featureModule';

export const ShareDialog = lazy(async () => ({ default: (await import('./ShareDialog')).ShareDialog }));

declare module '../../app/modalRegistry' {
  interface ModalProps {
    /** Share with Friends: QR code of the get-the-app link and the device share sheet. */
    share: Record<string, never>;
  }
}

export const shareModule: FeatureModule = { name: 'share', modals: { share: ShareDialog } };
