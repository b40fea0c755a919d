/**
 * The offer of chat notifications inside a conversation (usePushPrompt.ts decides when): Turn on
 * asks the browser's permission then, from that click; Not now puts it away for good on this
 * device. A failure (SPEC §8: the push library's messages, a registration error) shows in an alert.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { chatTexts } from './chatTexts';
import { usePushPrompt } from './usePushPrompt';

export function PushPrompt() {
  const prompt = usePushPrompt();
  if (!prompt.offered) return null;
  return (
    <Stack spacing={1}>
      <Alert
        severity="info"
        action={
          <Stack direction="row" sx={{ gap: 1 }}>
            <Button color="inherit" size="small" onClick={prompt.dismiss}>
              {chatTexts.pushNotNow}
            </Button>
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              onClick={prompt.turnOn}
              disabled={prompt.busy}
            >
              {chatTexts.pushTurnOn}
            </Button>
          </Stack>
        }
      >
        {chatTexts.pushPrompt}
      </Alert>
      {prompt.error && (
        <Alert severity="error" role="alert">
          {prompt.error}
        </Alert>
      )}
    </Stack>
  );
}
