/**
 * A photo's comments, oldest first, each with its replies (one level deep, as the server keeps
 * them). Comments and replies that wait in the outbox say so; refused ones show the server's
 * reason. Members reply to any comment; a comment or reply can be deleted by its author and by the
 * photo's owner (the server allows both).
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ReplyIcon from '@mui/icons-material/Reply';
import { imageViewTexts } from './texts';
import { formatMessage } from '@contract/messages';
import { ReportButton } from '../reports/embeds';
import { CommentForm } from './CommentForm';
import type { ShownComment, ShownReply, UploadState } from './pendingMedia';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface CommentThreadProps {
  comments: readonly ShownComment[];
  /** The signed-in member, or null: guests read only. */
  userId: string | null;
  isPhotoOwner: boolean;
  onReply: (commentId: string, text: string) => Promise<boolean>;
  onDeleteComment: (commentId: string) => void;
  onDeleteReply: (commentId: string, replyId: string) => void;
}

const nameOf = (item: { nickname: string | null }) => item.nickname ?? imageViewTexts.imageViewSomeone;

function UploadNote({ state, refusedDelete }: { state: UploadState; refusedDelete?: string }) {
  return (
    <>
      {state.status === 'waiting' && (
        <Chip
          size="small"
          variant="outlined"
          icon={<CloudUploadOutlinedIcon />}
          label={imageViewTexts.imageViewWaiting}
          sx={{ alignSelf: 'flex-start' }}
        />
      )}
      {state.status === 'refused' && (
        <Alert severity="warning">
          {formatMessage(imageViewTexts.imageViewRefused, { reason: state.reason })}
        </Alert>
      )}
      {refusedDelete !== undefined && (
        <Alert severity="warning">
          {formatMessage(imageViewTexts.imageViewDeleteRefused, { reason: refusedDelete })}
        </Alert>
      )}
    </>
  );
}

function Entry({
  item,
  deleteLabel,
  onDelete,
  action,
  children,
}: {
  item: ShownComment | ShownReply;
  deleteLabel: string | null;
  onDelete: () => void;
  /** Beside the delete button: the Report action on a comment. */
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack component="li" spacing={0.5} sx={{ py: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" component="p" sx={{ flex: 1 }}>
          {nameOf(item)}{' '}
          <Typography
            component="time"
            variant="caption"
            color="text.secondary"
            dateTime={iso(item.created_at)}
          >
            {dateFormat.format(new Date(item.created_at * 1000))}
          </Typography>
        </Typography>
        {action}
        {deleteLabel !== null && (
          <IconButton aria-label={deleteLabel} onClick={onDelete} size="small">
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.comment}</Typography>
      <UploadNote state={item.state} refusedDelete={item.refusedDelete} />
      {children}
    </Stack>
  );
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

export function CommentThread(props: CommentThreadProps) {
  const { comments, userId, isPhotoOwner } = props;
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const mayDelete = (item: { user_id: string }) =>
    userId !== null && (item.user_id === userId || isPhotoOwner);

  return (
    <Box component="ul" aria-label={imageViewTexts.imageViewComments} sx={listSx}>
      {comments.map((comment) => (
        <Entry
          key={comment.comment_id}
          item={comment}
          deleteLabel={
            mayDelete(comment)
              ? formatMessage(imageViewTexts.imageViewDeleteComment, { name: nameOf(comment) })
              : null
          }
          onDelete={() => {
            props.onDeleteComment(comment.comment_id);
          }}
          action={
            <ReportButton
              section="comment"
              id={comment.comment_id}
              what="comment"
              ownerId={comment.user_id}
            />
          }
        >
          {comment.replies.length > 0 && (
            <Box
              component="ul"
              aria-label={formatMessage(imageViewTexts.imageViewRepliesTo, { name: nameOf(comment) })}
              sx={{ ...listSx, pl: 3, borderLeft: 2, borderColor: 'divider' }}
            >
              {comment.replies.map((reply) => (
                <Entry
                  key={reply.reply_id}
                  item={reply}
                  deleteLabel={
                    mayDelete(reply)
                      ? formatMessage(imageViewTexts.imageViewDeleteReply, { name: nameOf(reply) })
                      : null
                  }
                  onDelete={() => {
                    props.onDeleteReply(comment.comment_id, reply.reply_id);
                  }}
                />
              ))}
            </Box>
          )}
          {userId !== null && replyingTo !== comment.comment_id && (
            <Button
              size="small"
              startIcon={<ReplyIcon />}
              onClick={() => {
                setReplyingTo(comment.comment_id);
              }}
              aria-label={formatMessage(imageViewTexts.imageViewReplyTo, { name: nameOf(comment) })}
              sx={{ alignSelf: 'flex-start' }}
            >
              {imageViewTexts.imageViewReply}
            </Button>
          )}
          {userId !== null && replyingTo === comment.comment_id && (
            <Box sx={{ pl: 3 }}>
              <CommentForm
                label={formatMessage(imageViewTexts.imageViewReplyField, { name: nameOf(comment) })}
                autoFocus
                onCancel={() => {
                  setReplyingTo(null);
                }}
                onSubmit={async (text) => {
                  const isTaken = await props.onReply(comment.comment_id, text);
                  if (isTaken) setReplyingTo(null);
                  return isTaken;
                }}
              />
            </Box>
          )}
        </Entry>
      ))}
    </Box>
  );
}
