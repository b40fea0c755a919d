/**
 * What other domains show of ads (the lint rule lets them reach this domain only here or through
 * index.ts): the newsfeed's sponsored card and the map's ads. Their code loads on its own when a
 * page first shows them, so a page's chunk carries only this file; while it loads, and when no ad
 * runs, nothing shows.
 */
import { createElement, lazy, Suspense } from 'react';
import type { MapAdsProps } from './MapAds';

export { adPagePath } from './adPaths';
export type { MapArea } from './mapAds';

const SponsoredCard = lazy(async () => ({ default: (await import('./SponsoredCard')).SponsoredCard }));
const MapAds = lazy(async () => ({ default: (await import('./MapAds')).MapAds }));

/** The newsfeed's ad for the member's region, labelled "Sponsored" (docs/ads.md). */
export function SponsoredAd() {
  return createElement(Suspense, { fallback: null }, createElement(SponsoredCard));
}

/** The ads running inside the map's area: cards here, points through `onPoints` (docs/ads.md). */
export function SponsoredMapAds(props: MapAdsProps) {
  return createElement(Suspense, { fallback: null }, createElement(MapAds, props));
}
