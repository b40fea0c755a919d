/**
 * Likes on photos (SPEC §7 "GET media/{id}/likes", "PUT media/{id}/likes/{user}"): one row per
 * member and photo in `media_likes`; liking is an insert that ignores an existing row, unliking a
 * delete, so both are idempotent. Who may see the photo is the caller's business.
 */
import type { Kysely } from 'kysely';
import type { Like } from '@contract/media';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';

export class MediaLikes {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** Who likes the photo, newest first. */
  async list(mediaId: string): Promise<Like[]> {
    const rows = await this.db
      .selectFrom('media_likes as l')
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.user_id', 'l.created_at', 'u.nickname'])
      .where('l.media_id', '=', mediaId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.user_id')
      .execute();
    return rows.map((row) => ({
      user_id: row.user_id,
      nickname: row.nickname,
      created_at: Math.floor(row.created_at.getTime() / 1000),
    }));
  }

  async count(mediaId: string): Promise<number> {
    const row = await this.db
      .selectFrom('media_likes')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('media_id', '=', mediaId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async likes(mediaId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('media_likes')
      .select('user_id')
      .where('media_id', '=', mediaId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Likes or unlikes; answers the photo's like count after it. */
  async set(mediaId: string, userId: string, liked: boolean): Promise<number> {
    if (liked) {
      await this.db
        .insertInto('media_likes')
        .values({ media_id: mediaId, user_id: userId, created_at: new Date(this.clock.now()) })
        .onConflict((oc) => oc.columns(['media_id', 'user_id']).doNothing())
        .execute();
    } else {
      await this.db
        .deleteFrom('media_likes')
        .where('media_id', '=', mediaId)
        .where('user_id', '=', userId)
        .execute();
    }
    return this.count(mediaId);
  }
}
