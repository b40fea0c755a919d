/**
 * The stats chart (recharts, its own lazy chunk): impressions, views and clicks per day as bars,
 * view time in seconds as a line on its own axis. The figures are also in the table beside it, so
 * the chart itself is a picture for those who see it.
 */
import { useTheme } from '@mui/material/styles';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AdStatsDay } from '@contract/ads';
import { adsTexts as texts } from './adsTexts';
import { secondsOf } from './AdStats';

export function AdStatsChart({ days }: { days: readonly AdStatsDay[] }) {
  const theme = useTheme();
  const data = days.map((day) => ({ ...day, view_seconds: secondsOf(day.view_time) }));
  return (
    <figure aria-label={texts.statsChart} style={{ margin: 0, width: '100%', height: 300 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis yAxisId="count" allowDecimals={false} />
          <YAxis yAxisId="seconds" orientation="right" allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar
            yAxisId="count"
            dataKey="impressions"
            name={texts.statsImpressions}
            fill={theme.palette.grey[500]}
          />
          <Bar yAxisId="count" dataKey="views" name={texts.statsViews} fill={theme.palette.primary.main} />
          <Bar
            yAxisId="count"
            dataKey="clicks"
            name={texts.statsClicks}
            fill={theme.palette.secondary.main}
          />
          <Line
            yAxisId="seconds"
            dataKey="view_seconds"
            name={texts.statsViewTime}
            stroke={theme.palette.text.primary}
            strokeWidth={2}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
