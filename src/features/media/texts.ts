/**
 * The media domain's words other domains show (docs/adding-a-domain.md "Texts"): the image view
 * (/image-view), a sighting photo with its likes and comments.
 */
export const imageViewTexts = {
  imageViewNoMediaId: 'No photo is named in this address. Open a photo from a sighting to see it here.',
  imageViewPhotoAlt: 'Photo of a sighting',
  imageViewPhotoUnavailable: 'The photo cannot be shown right now. It shows once you are online.',
  imageViewPhotoWaiting:
    'This photo is still waiting to upload from this device. Likes and comments reach others once it is on the server.',
  imageViewOpenSighting: 'Open the sighting',
  imageViewLike: 'Like',
  imageViewLikeCountOne: '1 like',
  imageViewLikeCountMany: '{count} likes',
  imageViewComments: 'Comments',
  imageViewCommentsCount: 'Comments ({count})',
  imageViewNoComments: 'No comments yet.',
  imageViewCommentField: 'Add a comment',
  imageViewReplyField: 'Your reply to {name}',
  imageViewSend: 'Send',
  imageViewReply: 'Reply',
  imageViewReplyTo: 'Reply to {name}',
  imageViewRepliesTo: 'Replies to {name}',
  imageViewDeleteComment: 'Delete the comment by {name}',
  imageViewDeleteReply: 'Delete the reply by {name}',
  imageViewSomeone: 'A member',
  imageViewWaiting: 'Waiting to upload',
  imageViewRefused: 'Not uploaded: {reason}',
  imageViewDeleteRefused: 'Not deleted: {reason}',
  imageViewSignInToComment: 'Sign in to like and comment on this photo.',
  imageViewCommentTooLong: 'A comment can be at most {max} characters long.',
  imageViewKeptForRetry:
    'The server could not take this just now. It is kept on this device and sent again shortly.',
} as const;
