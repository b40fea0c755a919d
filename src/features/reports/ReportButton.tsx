/**
 * The "Report" action other domains put next to a thing members can see (a comment, a sighting, a
 * member's profile). Shown only to a signed-in member who does not own the thing; the dialog's code
 * loads when first opened.
 */
import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import { reportActionTexts as texts } from './texts';
import { formatMessage } from '@contract/messages';
import type { ReportSection } from '@contract/reports';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';

const ReportDialog = lazy(async () => ({ default: (await import('./ReportDialog')).ReportDialog }));

export interface ReportButtonProps {
  section: ReportSection;
  id: string;
  /** What it is, in words ("comment"): names the button and the dialog. */
  what: string;
  /** Its owner: a member does not report their own things. */
  ownerId?: string | null;
}

export function ReportButton({ section, id, what, ownerId }: ReportButtonProps) {
  const user = useAppSelector(selectUser);
  const [open, setOpen] = useState(false);
  if (!user || user.user_id === ownerId) return null;
  const name = formatMessage(texts.reportThis, { what });
  return (
    <>
      <Tooltip title={name}>
        <IconButton
          size="small"
          aria-label={name}
          onClick={() => {
            setOpen(true);
          }}
        >
          <OutlinedFlagIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            section={section}
            id={id}
            what={what}
            onClose={() => {
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
