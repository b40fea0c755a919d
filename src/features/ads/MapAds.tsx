/**
 * The map's ads (issue 18; docs/ads.md "Ads on the map"): GET ads/map for the area on screen, each
 * ad a point on the map (handed to the page through `onPoints`) and a "Sponsored" card under it,
 * whose view time is measured as the newsfeed card's is (useAdShowing, the device's view queue).
 * Online only: offline, below zoom 3 or with none running there, no points and no cards; the map
 * itself never waits on them.
 */
import { useEffect, useMemo } from 'react';
import type { FeatureCollection } from 'geojson';
import Stack from '@mui/material/Stack';
import type { AdImpression } from '@contract/ads';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { useMapAdsQuery } from './adsApi';
import { flushAdViews } from './adViewThunks';
import { mapAdPoints, mapAdsQuery, type MapArea } from './mapAds';
import { ShownAd } from './SponsoredCard';

const NO_ADS: readonly AdImpression[] = [];

export interface MapAdsProps {
  /** Where the map looks; null until it has loaded. */
  area: MapArea | null;
  /** The ads' points for the map's layer (empty when there are none). */
  onPoints: (points: FeatureCollection) => void;
}

export function MapAds({ area, onPoints }: MapAdsProps) {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  useEffect(() => {
    if (isOnline) void dispatch(flushAdViews());
  }, [dispatch, isOnline]);
  const query = area ? mapAdsQuery(area) : null;
  // The last answer stays while the next area loads, so the cards do not blink on every pan.
  const answer = useMapAdsQuery(query ?? { bounds: '' }, { skip: !isOnline || query === null });
  const ads = isOnline && !answer.isError ? (answer.data?.ads ?? NO_ADS) : NO_ADS;
  const points = useMemo(() => mapAdPoints(ads), [ads]);
  useEffect(() => {
    onPoints(points);
  }, [onPoints, points]);
  if (ads.length === 0) return null;
  return (
    <Stack spacing={1.5}>
      {ads.map((ad) => (
        // Keyed by the ad: one that stays in view through a pan stays one showing.
        <ShownAd key={ad.id} ad={ad} />
      ))}
    </Stack>
  );
}
