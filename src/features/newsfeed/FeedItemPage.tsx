/**
 * /newsfeed-item/{feed_id} (SPEC §2, anyone): one item with its likes and comments. The item is the
 * device's copy when a feed read before holds it (so it opens offline) and the server's once it
 * answers. Likes and comments are those of the item's first photo (docs/api.md: posts reuse the
 * photo calls), with the media domain's discussion, which keeps writes made offline in the outbox.
 * The author edits their post's text here (kept on the device and sent through the queue, offline
 * too: PostEditor.tsx) and deletes it (online only: SPEC §4's offline message otherwise).
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import { newsfeedTexts as texts } from './texts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { uiActions } from '../../app/uiSlice';
import { PhotoDiscussion } from '../media/embeds';
import { EVERYONE_PATH } from './FeedPage';
import { discussionPhotoOf, FeedItemCard } from './FeedItemCard';
import { useDeletePost, useFeedItem, usePendingEdits, useSpeciesNames } from './newsfeedHooks';
import { PostEditor } from './PostEditor';

export function FeedItemPage() {
  const feedId = useParams().feed_id ?? '';
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 880 }}>
      <Typography variant="h4" component="h1">
        {labels.post}
      </Typography>
      <FeedItemView key={feedId} feedId={feedId} />
      <Button component={RouterLink} to={EVERYONE_PATH} sx={{ alignSelf: 'flex-start' }}>
        {texts.backToFeed}
      </Button>
    </Stack>
  );
}

function FeedItemView({ feedId }: { feedId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const isOnline = useAppSelector(selectIsOnline);
  const { item, absence, failure } = useFeedItem(feedId);
  const names = useSpeciesNames(item ? [item] : undefined);
  const deletePost = useDeletePost();
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const pendingEdit = usePendingEdits(user?.user_id ?? null)?.get(feedId) ?? null;

  if (absence === 'loading') return <CircularProgress aria-label={messages.loading} />;
  if (absence === 'gone') return <Alert severity="info">{texts.itemGone}</Alert>;
  if (absence === 'offline') return <Alert severity="info">{texts.itemNotKept}</Alert>;
  if (!item) return <Alert severity="error">{failure ?? messages.serverError}</Alert>;

  const mediaId = discussionPhotoOf(item);
  const speciesId = item.observation?.species_id ?? null;
  const isOwnPost = item.type === 'post' && user?.user_id === item.author_id;
  const remove = async () => {
    if (!isOnline) {
      dispatch(uiActions.toastShown({ message: messages.offline, severity: 'warning' }));
      return;
    }
    setDeleting(true);
    try {
      await deletePost(item.feed_id);
      dispatch(uiActions.toastShown({ message: texts.deleted, severity: 'success' }));
      void navigate(EVERYONE_PATH);
    } catch (error) {
      const message = error instanceof Error ? error.message : messages.serverError;
      dispatch(uiActions.toastShown({ message, severity: 'error' }));
      setDeleting(false);
    }
  };

  return (
    <>
      {!isOnline && <Alert severity="info">{texts.offlineNote}</Alert>}
      <FeedItemCard
        item={item}
        speciesName={speciesId ? (names.get(speciesId) ?? null) : null}
        standalone
        pendingEdit={pendingEdit}
      />
      {isOwnPost && editing && (
        <PostEditor
          item={item}
          text={pendingEdit?.refused === null ? pendingEdit.text : item.text}
          onDone={() => {
            setEditing(false);
          }}
        />
      )}
      {isOwnPost && !editing && (
        <Stack direction="row" spacing={2}>
          <Button
            variant="outlined"
            onClick={() => {
              setEditing(true);
            }}
          >
            {texts.editPost}
          </Button>
          <Button color="error" variant="outlined" onClick={() => void remove()} disabled={deleting}>
            {texts.deletePost}
          </Button>
        </Stack>
      )}
      {mediaId === null ? (
        <Typography color="text.secondary">{texts.noDiscussion}</Typography>
      ) : (
        <PhotoDiscussion mediaId={mediaId} ownerId={item.author_id} signInText={texts.composerSignIn} />
      )}
    </>
  );
}
