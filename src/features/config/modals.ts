/** The config dialog, lazy so the first route never downloads it (the modal host renders it). */
import { lazy } from 'react';

export const ConfigDialog = lazy(async () => ({ default: (await import('./ConfigDialog')).ConfigDialog }));

/** Which parts of the config dialog show (SPEC §2 "Customize Your Experience"). */
export type ConfigSection = 'all' | 'location' | 'species';

declare module '../../app/modalRegistry' {
  interface ModalProps {
    /**
     * Customize Your Experience; the back button shows only when `showBack` allows it. `notice`: it
     * opened by itself after a sign-in (settings.show_config_notice), so saving or dismissing it
     * turns that setting off.
     */
    config: { section: ConfigSection; showBack?: boolean; notice?: boolean };
  }
}
