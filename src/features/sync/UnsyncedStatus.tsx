/**
 * The shell's unsynced counter (R10: visible whenever something waits to reach the server) and its
 * dialog: what waits, what the server refused and why, Sync now, a retry of the refused items and
 * a downloadable copy of everything not uploaded. Lazily loaded by the app header, only for a
 * signed-in member, so the first route carries neither Dexie nor this.
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { sightingTexts } from '../observations/texts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { db } from '../../db/db';
import { syncMemberNow } from './memberSyncThunks';
import { exportUnsynced, retryRefused, useUnsyncedCount, useUnsyncedDetails } from './unsyncedQueries';
import { saveFile } from '../../lib/saveFile';

function UnsyncedDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const online = useAppSelector(selectIsOnline);
  const details = useUnsyncedDetails(userId);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const syncNow = async () => {
    setBusy(true);
    try {
      await dispatch(syncMemberNow('asked'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{sightingTexts.unsyncedTitle}</DialogTitle>
      <DialogContent>
        {details && (
          <>
            <Typography>
              {formatMessage(sightingTexts.unsyncedRecords, { count: details.records })}
            </Typography>
            <Typography>{formatMessage(sightingTexts.unsyncedPhotos, { count: details.photos })}</Typography>
            <Typography>
              {formatMessage(sightingTexts.unsyncedRequests, { count: details.requests })}
            </Typography>
            {!online && <Typography sx={{ mt: 1 }}>{sightingTexts.unsyncedOfflineNote}</Typography>}
            {details.refused.length > 0 && (
              <>
                <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 2 }}>
                  {sightingTexts.unsyncedRefused}
                </Typography>
                <List dense>
                  {details.refused.map((item) => (
                    <ListItem key={`${item.kind}:${item.id}`} disableGutters>
                      <ListItemText primary={item.parked.reason} secondary={`${item.what} · ${item.id}`} />
                    </ListItem>
                  ))}
                </List>
                <Button onClick={() => void retryRefused(db, userId)}>{sightingTexts.retryRefused}</Button>
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() =>
            void exportUnsynced(db, userId).then((text) => {
              saveFile(new Blob([text], { type: 'application/json' }), 'fieldmark-unsynced.json');
            })
          }
        >
          {sightingTexts.exportUnsynced}
        </Button>
        <Button onClick={() => void syncNow()} disabled={!online} loading={busy}>
          {sightingTexts.syncNow}
        </Button>
        <Button onClick={onClose} variant="contained">
          {messages.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function UnsyncedStatus() {
  const user = useAppSelector(selectUser);
  const count = useUnsyncedCount(user?.user_id ?? null);
  const [open, setOpen] = useState(false);
  if (!user || !count) return null;
  return (
    <>
      <Chip
        component="button"
        clickable
        size="small"
        // Paper and text colours: Material's warning orange (and a default chip over the app bar's
        // colour) fail axe's contrast check with the label. It never shrinks: the compact app bar
        // leaves it room even on a 360 px phone, and a cut-off count would say nothing.
        sx={{
          flexShrink: 0,
          maxWidth: 'none',
          bgcolor: 'background.paper',
          color: 'text.primary',
          '&:hover': { bgcolor: 'grey.200' },
        }}
        label={formatMessage(sightingTexts.unsyncedCount, { count })}
        onClick={() => {
          setOpen(true);
        }}
        data-testid="unsynced-count"
      />
      {open && (
        <UnsyncedDialog
          userId={user.user_id}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
