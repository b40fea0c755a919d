/** A titled section of the ebook admin pages: an h2 that names the section for assistive technology. */
import { useId, type ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function Section(props: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" spacing={2} aria-labelledby={id}>
      <Typography variant="h5" component="h2" id={id}>
        {props.heading}
      </Typography>
      {props.children}
    </Stack>
  );
}
