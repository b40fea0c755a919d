/** The terms checkbox and the links to the terms and the privacy policy (SPEC §2 "Register"). */
import { Link as RouterLink } from 'react-router-dom';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { messages } from '@contract/messages';

export const TERMS_PATH = '/general-content-page/terms-conditions';
export const PRIVACY_PATH = '/general-content-page/privacy-policy';

export function TermsFields({
  accepted,
  onChange,
}: {
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}) {
  // The notice is written around the two links, so split the sentence at its placeholders.
  const [before = '', afterTerms = ''] = messages.termsNotice.split('{terms}');
  const [between = '', after = ''] = afterTerms.split('{privacy}');
  return (
    <>
      <FormControlLabel
        control={<Checkbox checked={accepted} onChange={(event) => onChange(event.target.checked)} />}
        label={messages.termsLabel}
      />
      <Typography variant="body2" color="text.secondary">
        {before}
        {/* A new tab keeps what the member has typed here. */}
        <Link component={RouterLink} to={TERMS_PATH} target="_blank" rel="noopener">
          {messages.termsLink}
        </Link>
        {between}
        <Link component={RouterLink} to={PRIVACY_PATH} target="_blank" rel="noopener">
          {messages.privacyLink}
        </Link>
        {after}
      </Typography>
    </>
  );
}
