/**
 * A Markdown editor with a live preview beside it (below it on a phone). The preview is the
 * readers' own renderer (src/features/cms/Markdown.tsx): raw HTML is dropped and unsafe link
 * schemes emptied, so what the admin sees is exactly what readers get, script-free.
 */
import { useDeferredValue } from 'react';
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
}) {
  // The preview may lag a keystroke behind on a long page; typing never waits for it.
  const shown = useDeferredValue(props.value);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
      <TextField
        label={props.label}
        value={props.value}
        onChange={(event) => {
          props.onChange(event.target.value);
        }}
        error={props.error !== undefined}
        helperText={props.error ?? texts.editorHelp}
        multiline
        minRows={14}
        sx={{ flex: 1, '& textarea': { fontFamily: 'monospace' } }}
      />
      <Paper
        variant="outlined"
        component="section"
        aria-label={texts.editorPreview}
        sx={{ flex: 1, p: 2, minHeight: 200, overflow: 'auto' }}
      >
        <Typography variant="overline" component="h2">
          {texts.editorPreview}
        </Typography>
        {shown.trim() === '' ? (
          <Typography color="text.secondary">{texts.editorEmptyPreview}</Typography>
        ) : (
          <Markdown markdown={shown} topLevel={3} />
        )}
      </Paper>
    </Stack>
  );
}
