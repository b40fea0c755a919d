/** The confirmation before deleting one's own sighting: deleting cannot be undone. */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { recordingTexts } from './texts';
import { messages } from '@contract/messages';
import { AppDialog } from '../../ui/AppDialog';

export function DeleteSightingDialog({
  onConfirm,
  onCancel,
}: {
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AppDialog
      title={recordingTexts.sightingDeleteTitle}
      closeLabel={messages.close}
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>{messages.cancel}</Button>
          <Button color="error" variant="contained" onClick={onConfirm}>
            {recordingTexts.sightingDeleteConfirm}
          </Button>
        </>
      }
    >
      <Typography>{recordingTexts.sightingDeleteBody}</Typography>
    </AppDialog>
  );
}
