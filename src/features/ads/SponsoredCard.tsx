/**
 * The newsfeed's ad (issue 18): an ad running for the member's region (GET ads/impression,
 * placement newsfeed; each answer is one impression), labelled "Sponsored" so it never passes for a
 * member's post. Its view time is measured while it is on screen (useAdShowing); tapping it opens
 * the ad's page and counts a click. Online only: offline, or with no ad running, it shows nothing.
 */
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AdImpression } from '@contract/ads';
import { adsTexts as texts } from './adsTexts';
import { formatMessage } from '@contract/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { useAdImpressionQuery } from './adsApi';
import { flushAdViews } from './adViewThunks';
import { useAdShowing } from './useAdShowing';
import { adPagePath } from './adPaths';

export { adPagePath };

/** What every ad shows, in a card or on its page: the "Sponsored" label, title, picture and text. */
export function AdContent({ ad, size }: { ad: AdImpression; size: 'card' | 'page' }) {
  const isCard = size === 'card';
  return (
    <>
      <Chip label={texts.sponsored} size="small" variant="outlined" sx={{ alignSelf: 'flex-start' }} />
      <Typography variant={isCard ? 'h6' : 'h5'} component="h2">
        {ad.title}
      </Typography>
      {ad.image && (
        <Box
          component="img"
          src={ad.image}
          alt=""
          loading={isCard ? 'lazy' : undefined}
          referrerPolicy="no-referrer"
          sx={{
            maxWidth: '100%',
            maxHeight: isCard ? 240 : 480,
            objectFit: isCard ? 'cover' : 'contain',
            alignSelf: 'flex-start',
            borderRadius: 1,
          }}
        />
      )}
      {ad.text && <Typography sx={{ whiteSpace: 'pre-line' }}>{ad.text}</Typography>}
    </>
  );
}

/** One showing of an ad as a card: its view time measured, a tap opening its page. */
export function ShownAd({ ad }: { ad: AdImpression }) {
  const showing = useAdShowing(ad.id);
  return (
    <Card
      ref={showing.ref}
      variant="outlined"
      component="aside"
      aria-label={formatMessage(texts.openAd, { title: ad.title })}
    >
      <CardActionArea component={RouterLink} to={adPagePath(ad.id, showing.viewId)} onClick={showing.opened}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <AdContent ad={ad} size="card" />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function SponsoredCard() {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  // Views kept from earlier showings (a reload, a closed app) go out with the next ad shown.
  useEffect(() => {
    if (isOnline) void dispatch(flushAdViews());
  }, [dispatch, isOnline]);
  const locationId = useAppSelector((state) => state.config.config.location?.location_id ?? null);
  const answer = useAdImpressionQuery(
    { placement: 'newsfeed', locationId },
    { skip: !isOnline, refetchOnMountOrArgChange: true },
  );
  const ad = answer.data?.ad;
  return ad ? <ShownAd key={ad.id} ad={ad} /> : null;
}
