/**
 * Test support: the server's answer to a comment PUT. The repository makes comment ids itself, so
 * no fixed fakeNetwork route can name them; this wraps a fake network's fetch and answers every
 * `PUT media/{id}/comments/{comment_id}` with the comment it names, as the server does, after
 * letting the fake network record it.
 */
import type { Comment } from '@contract/media';
import { present } from '../../test/present';

export function answeringComments(
  inner: typeof fetch,
  author: { user_id: string; nickname: string },
): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const match = /\/media\/([^/]+)\/comments\/([^/]+)$/.exec(url.pathname);
    if (!match || init?.method !== 'PUT') return inner(input, init);
    await inner(input, init); // recorded as sent
    const body = JSON.parse(init.body as string) as { comment: string };
    const comment: Comment = {
      comment_id: decodeURIComponent(present(match[2])),
      media_id: decodeURIComponent(present(match[1])),
      ...author,
      comment: body.comment,
      created_at: 1_795_355_286,
      updated_at: 1_795_355_286,
      replies: [],
    };
    return new Response(JSON.stringify({ status: 'success', created: true, comment }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}
