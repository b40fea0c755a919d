/**
 * What other domains show of ads (the lint rule lets them reach this domain only here or through
 * index.ts): the newsfeed's sponsored card. Its code loads on its own when a feed first shows it,
 * so the newsfeed's chunk carries only this file; while it loads, and when no ad runs, nothing shows.
 */
import { createElement, lazy, Suspense } from 'react';

const SponsoredCard = lazy(async () => ({ default: (await import('./SponsoredCard')).SponsoredCard }));

/** The newsfeed's ad for the member's region, labelled "Sponsored" (docs/ads.md). */
export function SponsoredAd() {
  return createElement(Suspense, { fallback: null }, createElement(SponsoredCard));
}
