/**
 * A member's stats (SPEC §3 "User stats"): the totals, and a table of the species seen with how
 * often, when first and last, and where. The same view for one's own (counted on the device) and
 * another member's (from the server).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { sightingTexts } from '../../observations/texts';
import type { UserStats } from '@contract/stats';
import { formatDay } from '../../../lib/dateText';
import { speciesStatsRows, type StatsNames } from './statsRows';

export function StatsView({ stats, names }: { stats: UserStats; names: StatsNames }) {
  const rows = speciesStatsRows(stats, names);
  const totals: Array<[string, number]> = [
    [sightingTexts.statsSightings, stats.count.observations],
    [sightingTexts.statsLifers, stats.count.lifers],
    [sightingTexts.statsSpeciesSeen, rows.length],
  ];
  return (
    <>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, columnGap: 3 }}
      >
        {totals.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {value.toLocaleString()}
            </Typography>
          </Box>
        ))}
      </Box>
      {stats.count.observations === 0 ? (
        <Alert severity="info">{sightingTexts.statsEmpty}</Alert>
      ) : (
        rows.length > 0 && (
          // Focusable, so the table can be scrolled sideways from the keyboard on a narrow screen.
          <TableContainer tabIndex={0} role="group" aria-label={sightingTexts.statsSpeciesSeen}>
            <Table size="small" aria-label={sightingTexts.statsSpeciesSeen}>
              <TableHead>
                <TableRow>
                  <TableCell>{sightingTexts.statsSpecies}</TableCell>
                  <TableCell align="right">{sightingTexts.statsSightings}</TableCell>
                  <TableCell>{sightingTexts.statsFirstSeen}</TableCell>
                  <TableCell>{sightingTexts.statsLastSeen}</TableCell>
                  <TableCell>{sightingTexts.statsLocations}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.speciesId}>
                    <TableCell component="th" scope="row">
                      {row.name}
                    </TableCell>
                    <TableCell align="right">{row.count.toLocaleString()}</TableCell>
                    <TableCell>{formatDay(row.date_seen_first)}</TableCell>
                    <TableCell>{formatDay(row.date_seen_last)}</TableCell>
                    <TableCell>
                      {row.places.length > 0 ? row.places.join(', ') : sightingTexts.statsLocationUnknown}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )
      )}
    </>
  );
}
