/** How the places pages say distances, likes and ratings (texts.ts), one of anything singular. */
import { formatMessage } from '@contract/messages';
import { placeTexts } from './texts';

export function distanceText(km: number): string {
  if (km === 0) return placeTexts.here;
  const rounded = km < 10 ? Math.round(km * 10) / 10 : Math.round(km);
  return formatMessage(placeTexts.distance, { km: rounded.toLocaleString('en') });
}

export function likesText(count: number): string {
  return count === 1 ? placeTexts.oneLike : formatMessage(placeTexts.likes, { count });
}

export function ratingText(average: number | null, count: number): string {
  if (average === null || count === 0) return placeTexts.notRated;
  return formatMessage(placeTexts.rating, { rating: Math.round(average * 10) / 10, count });
}
