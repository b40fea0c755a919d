/**
 * A Markdown editor with a live preview beside it (below it on a phone). The preview is the
 * readers' own renderer (src/features/cms/Markdown.tsx): raw HTML is dropped and unsafe link
 * schemes emptied, so what the admin sees is exactly what readers get, script-free. The preview's
 * heading sits at `headingLevel` and the text's own headings continue below it, so the page's
 * outline stays in order wherever the editor sits (the ebook chapter pages use it at level 3).
 */
import { useDeferredValue, useId } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminTexts as texts } from './texts';
import { Markdown } from '../cms/embeds';

export function MarkdownEditor(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  headingLevel?: 2 | 3;
  minRows?: number;
  /** The preview's heading, and the name of its region. */
  previewTitle?: string;
  help?: string;
  previewMinHeight?: number;
}) {
  // The preview may lag a keystroke behind on a long page; typing never waits for it.
  const shown = useDeferredValue(props.value);
  const headingId = useId();
  const headingLevel = props.headingLevel ?? 2;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
      <TextField
        label={props.label}
        value={props.value}
        onChange={(event) => {
          props.onChange(event.target.value);
        }}
        error={props.error !== undefined}
        helperText={props.error ?? props.help ?? texts.editorHelp}
        multiline
        minRows={props.minRows ?? 14}
        sx={{ flex: 1, '& textarea': { fontFamily: 'monospace' } }}
      />
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby={headingId}
        sx={{ flex: 1, p: 2, minHeight: props.previewMinHeight ?? 200, overflow: 'auto' }}
      >
        <Typography variant="overline" component={headingLevel === 2 ? 'h2' : 'h3'} id={headingId}>
          {props.previewTitle ?? texts.editorPreview}
        </Typography>
        {shown.trim() === '' ? (
          <Typography color="text.secondary">{texts.editorEmptyPreview}</Typography>
        ) : (
          <Markdown markdown={shown} topLevel={headingLevel + 1} />
        )}
      </Paper>
    </Stack>
  );
}
