/**
 * The terms checkbox and the links to the terms and the privacy policy (SPEC §2 "Register"). A link
 * opens its page in a dialog over this one (modal `contentPage`, src/features/cms), so reading the
 * terms never throws away what the member has typed; it stays a real link to the page's address
 * for opening in a new tab (a modified or middle click goes there as usual).
 */
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PRIVACY_SLUG, TERMS_SLUG } from '@contract/contentPaths';
import { messages } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';

export const TERMS_PATH = `/general-content-page/${TERMS_SLUG}`;
export const PRIVACY_PATH = `/general-content-page/${PRIVACY_SLUG}`;

export function TermsFields({
  accepted,
  onChange,
}: {
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}) {
  const dispatch = useAppDispatch();
  const openOver = (slug: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dispatch(uiActions.modalOpened({ name: 'contentPage', props: { slug } }));
  };
  // The notice is written around the two links, so split the sentence at its placeholders.
  const [before = '', afterTerms = ''] = messages.termsNotice.split('{terms}');
  const [between = '', after = ''] = afterTerms.split('{privacy}');
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            checked={accepted}
            onChange={(event) => {
              onChange(event.target.checked);
            }}
          />
        }
        label={messages.termsLabel}
      />
      <Typography variant="body2" color="text.secondary">
        {before}
        <Link component={RouterLink} to={TERMS_PATH} onClick={openOver(TERMS_SLUG)} aria-haspopup="dialog">
          {messages.termsLink}
        </Link>
        {between}
        <Link
          component={RouterLink}
          to={PRIVACY_PATH}
          onClick={openOver(PRIVACY_SLUG)}
          aria-haspopup="dialog"
        >
          {messages.privacyLink}
        </Link>
        {after}
      </Typography>
    </>
  );
}
