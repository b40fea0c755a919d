/**
 * A titled row of tiles that scrolls sideways and snaps tile by tile, showing `slidesPerView` tiles
 * at a time (SPEC §9: 4.5 or 3.5), so the cut-off tile says there is more. Plain CSS scroll
 * snapping: swipe, trackpad, shift+wheel and Tab through the tiles all scroll it. Children are the
 * row's `<li>` items.
 */
import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface SliderRowProps {
  title: string;
  slidesPerView: number;
  children: ReactNode;
}

export function SliderRow({ title, slidesPerView, children }: SliderRowProps) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box
        component="ul"
        sx={{
          display: 'flex',
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          scrollbarWidth: 'thin',
          listStyle: 'none',
          m: 0,
          p: 0,
          pb: 1,
          '& > li': {
            flex: `0 0 calc(100% / ${slidesPerView})`,
            boxSizing: 'border-box',
            scrollSnapAlign: 'start',
            p: 0.5,
          },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
