/**
 * An ad's stats per UTC day (GET ads/{id}/stats): a chart, loaded on its own with its library
 * (recharts, only ever downloaded by an ads admin who opens a saved ad), and the same figures as a
 * table, which screen readers and a narrow screen read best.
 */
import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdStatsDay } from '@contract/ads';
import { adsTexts as texts } from './adsTexts';
import { messages } from '@contract/messages';
import { LoadState, reasonOf } from '../admin/embeds';
import { useAdStatsQuery } from './adsApi';

const AdStatsChart = lazy(async () => ({ default: (await import('./AdStatsChart')).AdStatsChart }));

/** Milliseconds as whole seconds, as the table and the chart show view time. */
export const secondsOf = (milliseconds: number) => Math.round(milliseconds / 1000);

function Row({ label, day }: { label: string; day: Omit<AdStatsDay, 'day'> }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {label}
      </TableCell>
      <TableCell align="right">{day.impressions}</TableCell>
      <TableCell align="right">{day.views}</TableCell>
      <TableCell align="right">{secondsOf(day.view_time)}</TableCell>
      <TableCell align="right">{day.clicks}</TableCell>
    </TableRow>
  );
}

export function AdStats({ id }: { id: string }) {
  const answer = useAdStatsQuery(id, { refetchOnMountOrArgChange: true });
  return (
    <Stack component="section" spacing={2} aria-labelledby="ad-stats-title">
      <Typography variant="h5" component="h2" id="ad-stats-title">
        {texts.statsTitle}
      </Typography>
      {answer.error ? (
        <Alert severity="error">{reasonOf(answer.error)}</Alert>
      ) : !answer.data ? (
        <LoadState error={null} />
      ) : answer.data.days.length === 0 ? (
        <Typography>{texts.statsEmpty}</Typography>
      ) : (
        <>
          <Suspense fallback={<CircularProgress aria-label={messages.loading} />}>
            <AdStatsChart days={answer.data.days} />
          </Suspense>
          <TableContainer>
            <Table size="small" aria-label={texts.statsTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{texts.statsDay}</TableCell>
                  <TableCell align="right">{texts.statsImpressions}</TableCell>
                  <TableCell align="right">{texts.statsViews}</TableCell>
                  <TableCell align="right">{texts.statsViewTime}</TableCell>
                  <TableCell align="right">{texts.statsClicks}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {answer.data.days.map((day) => (
                  <Row key={day.day} label={day.day} day={day} />
                ))}
                <Row label={texts.statsTotal} day={answer.data.totals} />
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Stack>
  );
}
