/** The content dialog, lazy so the first route never downloads it (the modal host renders it). */
import { lazy } from 'react';

export const ContentDialog = lazy(async () => ({ default: (await import('./ContentDialog')).ContentDialog }));

declare module '../../app/modalRegistry' {
  interface ModalProps {
    /** A content page (terms, privacy policy) over the dialog that links to it. */
    contentPage: { slug: string };
  }
}
