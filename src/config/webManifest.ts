/**
 * The web app manifest, built from the product config. vite.config.ts hands it to vite-plugin-pwa,
 * and the store generator (scripts/store/) feeds the same object to Bubblewrap, so the TWA cannot
 * disagree with the installed PWA.
 */
import type { ProductShape } from './productRules';

/** App icons under public/ (the TWA and the iOS asset catalog are resized from icon-512.png). */
export const ICONS = {
  any192: '/icons/icon-192.png',
  any512: '/icons/icon-512.png',
  maskable512: '/icons/maskable-512.png',
} as const;

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'any';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }[];
  shortcuts: {
    name: string;
    short_name: string;
    url: string;
    icons: { src: string; sizes: string; type: string }[];
  }[];
}

export function webManifest(p: ProductShape): WebManifest {
  return {
    id: '/',
    name: p.name,
    short_name: p.shortName,
    description: p.description,
    lang: p.lang,
    start_url: p.startPath,
    scope: p.scope,
    display: 'standalone',
    orientation: 'any',
    theme_color: p.themeColor,
    background_color: p.backgroundColor,
    icons: [
      { src: ICONS.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: ICONS.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: ICONS.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: p.shortcuts.map((s) => ({
      name: s.name,
      short_name: s.shortName,
      url: s.url,
      icons: [{ src: ICONS.any192, sizes: '192x192', type: 'image/png' }],
    })),
  };
}
