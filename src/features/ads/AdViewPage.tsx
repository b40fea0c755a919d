/**
 * `/newsfeed-ad-view?ad_id={id}[&view={view id}]` (SPEC §2; anyone): the ad's own page, labelled
 * "Sponsored": picture, title, text and a button to the advertiser (GET ads/impression/{id}, which
 * answers only a running ad). The advertiser's site opens in a new tab with no opener and no
 * referrer, and only over https; pressing it counts a click on the showing that led here (the view
 * id in the address), or on one made here when the page was opened directly. Online only.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { AdImpression } from '@contract/ads';
import { adsTexts as texts } from './adsTexts';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { reasonOf } from '../admin/embeds';
import { isHttpsLink } from './adDraft';
import { useAdImpressionQuery } from './adsApi';
import { adViewRecorded } from './adViewThunks';
import { AdContent } from './SponsoredCard';
import { newViewId } from './viewQueue';

function AdBody({ ad, viewId }: { ad: AdImpression; viewId: string }) {
  const dispatch = useAppDispatch();
  const visited = () => {
    const now = Math.floor(Date.now() / 1000);
    // Only the click: a view's other totals are the card's, and merge by the larger value.
    void dispatch(
      adViewRecorded({
        ad_id: ad.id,
        view_id: viewId,
        views: 0,
        view_time: 0,
        first_view: now,
        last_view: now,
        clicked: true,
      }),
    );
  };
  return (
    <Stack component="article" spacing={2}>
      <AdContent ad={ad} size="page" />
      {isHttpsLink(ad.link) && (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Button
            variant="contained"
            href={ad.link}
            target="_blank"
            rel="noopener noreferrer sponsored"
            endIcon={<OpenInNewIcon />}
            onClick={visited}
          >
            {texts.visit}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {formatMessage(texts.visitHelp, { host: new URL(ad.link).host })}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}

export function AdViewPage() {
  const [params] = useSearchParams();
  const adId = params.get('ad_id') ?? '';
  const [ownViewId] = useState(newViewId);
  const viewParam = params.get('view');
  const viewId = viewParam !== null && /^[A-Za-z0-9_-]{1,64}$/.test(viewParam) ? viewParam : ownViewId;
  const isOnline = useAppSelector(selectIsOnline);
  const locationId = useAppSelector((state) => state.config.config.location?.location_id ?? null);
  const answer = useAdImpressionQuery(
    { placement: 'newsfeed', locationId, id: adId },
    { skip: !isOnline || adId === '', refetchOnMountOrArgChange: true },
  );
  return (
    <Stack spacing={2} sx={{ py: 3, maxWidth: 880 }}>
      <Typography variant="h4" component="h1">
        {labels.ad}
      </Typography>
      {!isOnline ? (
        <Alert severity="warning">{messages.offline}</Alert>
      ) : adId === '' || answer.data?.ad === null ? (
        <Alert severity="info">{texts.adGone}</Alert>
      ) : answer.error ? (
        <Alert severity="error">{reasonOf(answer.error)}</Alert>
      ) : answer.data ? (
        <AdBody ad={answer.data.ad} viewId={viewId} />
      ) : (
        <CircularProgress aria-label={messages.loading} />
      )}
    </Stack>
  );
}
