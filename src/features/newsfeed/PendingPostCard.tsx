/**
 * A post of the member that is on this device and not on the server yet: shown at the top of the
 * feed at once, saying it waits (or, refused for good, the server's reason and a way to let it go).
 * Its photos show from their queued bytes until uploaded.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { formatMessage } from '@contract/messages';
import { newsfeedTexts as texts } from './texts';
import type { PhotoUploadRow } from '../../db/rows';
import { useQueuedPhotoUrl } from '../observations/embeds';
import { discardPendingPost, useQueuedPhotos } from './newsfeedHooks';
import type { PendingPost } from './postWrites';

function QueuedPhoto({ row, alt }: { row: PhotoUploadRow; alt: string }) {
  const src = useQueuedPhotoUrl(row);
  if (src === null) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      sx={{ width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 1 }}
    />
  );
}

export function PendingPostCard({ post, nickname }: { post: PendingPost; nickname: string }) {
  const queued = useQueuedPhotos(post.photoIds);
  const headingId = `pending-post-${post.postId}`;
  return (
    <Card component="article" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="h3" variant="subtitle1" id={headingId}>
              {nickname} {texts.typePost}
            </Typography>
            {post.refused === null && (
              <Chip
                size="small"
                variant="outlined"
                icon={<CloudUploadOutlinedIcon />}
                label={texts.postWaiting}
              />
            )}
          </Stack>
          {post.text !== '' && (
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{post.text}</Typography>
          )}
          {queued && queued.length > 0 && (
            <Box
              sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}
            >
              {queued.map((row, index) => (
                <QueuedPhoto
                  key={row.media_id}
                  row={row}
                  alt={formatMessage(texts.composerPhotoAlt, { index: index + 1 })}
                />
              ))}
            </Box>
          )}
          {post.refused !== null && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={() => void discardPendingPost(post)}>
                  {texts.postDiscard}
                </Button>
              }
            >
              {formatMessage(texts.postRefused, { reason: post.refused })}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
