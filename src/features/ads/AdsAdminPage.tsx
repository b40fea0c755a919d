/**
 * `/admin-ads` (SPEC §2; role admin or admin-ads:r, SPEC §6): every ad (GET ads, with the inactive,
 * ended and future ones on request), searchable and in pages of 25, each opening its detail with
 * its stats; "New ad" (admin-ads:c) opens an empty one. GET ads answers the whole list (an admin
 * keeps a few dozen ads at most), so the search and the pages are the device's. Online only.
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { Ad } from '@contract/ads';
import { adsTexts as texts } from './adsTexts';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import { AdminFrame, LoadState, Pager, reasonOf } from '../admin/embeds';
import { dateOfSeconds } from './adDraft';
import { useCanManageAds } from './adsAccess';
import { useListAdsQuery } from './adsApi';

export const ADS_PAGE_SIZE = 25;

/** Whether an ad's title, text, link or regions contain every word typed (any case). */
export function adMatches(ad: Ad, search: string): boolean {
  const haystack = [ad.title, ad.text, ad.link ?? '', ...ad.regions].join(' ').toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}

function runsOf(ad: Ad): string {
  const parts = [];
  if (ad.starts_at !== null) parts.push(formatMessage(texts.from, { date: dateOfSeconds(ad.starts_at) }));
  if (ad.ends_at !== null) parts.push(formatMessage(texts.until, { date: dateOfSeconds(ad.ends_at) }));
  return parts.length === 0 ? texts.always : parts.join(' ');
}

function AdsTable() {
  const [search, setSearch] = useState('');
  const [includeAll, setIncludeAll] = useState(true);
  const [skip, setSkip] = useState(0);
  const answer = useListAdsQuery({ includeAll }, { refetchOnMountOrArgChange: true });
  const matching = useMemo(
    () => answer.data?.ads.filter((ad) => adMatches(ad, search)),
    [answer.data, search],
  );
  const shown = matching?.slice(skip, skip + ADS_PAGE_SIZE);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label={texts.searchAds}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setSkip(0);
          }}
          sx={{ flex: 1, maxWidth: 420 }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={includeAll}
              onChange={(event) => {
                setIncludeAll(event.target.checked);
                setSkip(0);
              }}
            />
          }
          label={texts.includeAll}
        />
      </Stack>
      {answer.error ? (
        <Alert severity="error">{reasonOf(answer.error)}</Alert>
      ) : matching === undefined || shown === undefined ? (
        <LoadState error={null} />
      ) : matching.length === 0 ? (
        <Typography>{answer.data?.ads.length === 0 ? texts.noAds : texts.noAdsMatch}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={labels.ads}>
            <TableHead>
              <TableRow>
                <TableCell>{texts.columnTitle}</TableCell>
                <TableCell>{texts.columnPlacements}</TableCell>
                <TableCell>{texts.columnRegions}</TableCell>
                <TableCell>{texts.columnDates}</TableCell>
                <TableCell>{texts.columnState}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((ad) => (
                <TableRow key={ad.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/admin-ads-detail/${encodeURIComponent(ad.id)}`}>
                      {ad.title}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {ad.placements.map((placement) => texts.placementNames[placement]).join(', ')}
                  </TableCell>
                  <TableCell>{ad.regions.length === 0 ? texts.everywhere : ad.regions.join(', ')}</TableCell>
                  <TableCell>{runsOf(ad)}</TableCell>
                  <TableCell>{ad.active ? texts.stateActive : texts.stateInactive}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {matching !== undefined && shown !== undefined && (
        <Pager
          skip={skip}
          shown={shown.length}
          total={matching.length}
          pageSize={ADS_PAGE_SIZE}
          busy={answer.isFetching}
          onSkip={setSkip}
        />
      )}
    </Stack>
  );
}

export function AdsAdminPage() {
  const canCreate = useCanManageAds('c');
  return (
    <AdminFrame
      title={labels.ads}
      action={
        canCreate && (
          <Button component={RouterLink} to="/admin-ads-detail" variant="contained" startIcon={<AddIcon />}>
            {texts.newAd}
          </Button>
        )
      }
    >
      <AdsTable />
    </AdminFrame>
  );
}
