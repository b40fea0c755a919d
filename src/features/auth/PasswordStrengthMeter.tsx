/**
 * The password strength indicator (SPEC §5): strong → success, medium → warning, weak → danger,
 * nothing typed → primary. The bar is named by the visible caption for screen readers.
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { passwordStrength, type PasswordStrength } from '@contract/password';

const LOOK: Record<
  PasswordStrength,
  { color: 'primary' | 'error' | 'warning' | 'success'; value: number; word: string }
> = {
  empty: { color: 'primary', value: 0, word: messages.strengthEmpty },
  weak: { color: 'error', value: 33, word: messages.strengthWeak },
  medium: { color: 'warning', value: 66, word: messages.strengthMedium },
  strong: { color: 'success', value: 100, word: messages.strengthStrong },
};

export function PasswordStrengthMeter({ password }: { password: string }) {
  const captionId = useId();
  const strength = passwordStrength(password);
  const look = LOOK[strength];
  return (
    <Box sx={{ mt: 1 }} data-strength={strength}>
      <LinearProgress
        variant="determinate"
        value={look.value}
        color={look.color}
        aria-labelledby={captionId}
        aria-valuetext={look.word}
      />
      <Typography id={captionId} variant="caption" color="text.secondary">
        {formatMessage(messages.passwordStrength, { strength: look.word })}
      </Typography>
    </Box>
  );
}
