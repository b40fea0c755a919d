/**
 * What other domains show of ads (the lint rule lets them reach this domain only here or through
 * index.ts): the newsfeed's sponsored card, placed among the feed's items. The card's code loads
 * on its own when a feed first shows it, so the newsfeed's chunk carries only this file.
 */
import { createElement, lazy, Suspense, type ReactNode } from 'react';

/** How many feed items come before the ad (fewer items: the ad comes last). */
export const SPONSORED_SLOT = 3;

const SponsoredCard = lazy(async () => ({ default: (await import('./SponsoredCard')).SponsoredCard }));

/** The feed's cards with the sponsored card after the first SPONSORED_SLOT of them. */
export function withSponsoredAd(cards: readonly ReactNode[]): ReactNode[] {
  const slot = Math.min(SPONSORED_SLOT, cards.length);
  const ad = createElement(Suspense, { key: 'sponsored-ad', fallback: null }, createElement(SponsoredCard));
  return [...cards.slice(0, slot), ad, ...cards.slice(slot)];
}
