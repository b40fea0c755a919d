/**
 * Email verification (REQUIRE_EMAIL_VERIFICATION): a single-use link mailed to the member; its
 * token is stored hashed like every other credential. Following the link marks the address
 * verified. Resending is throttled so repeated sign-in attempts do not flood the inbox.
 */
import type { Kysely } from 'kysely';
import { API_PREFIX } from '@contract/index';
import type { Clock } from '../../../clock';
import type { ServerConfig } from '../../../config';
import type { DB } from '../../../db/schema';
import type { UserRow } from '../users/tables';
import type { Mailer } from '../mail/mailer';
import { emailVerificationMail } from '../mail/templates';
import { generateId, hashToken } from './tokens';

/** A new link is mailed at most this often per member. */
const RESEND_AFTER_MS = 10 * 60 * 1000;

export class EmailVerifications {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly config: Pick<ServerConfig, 'publicUrl' | 'tokens'>,
  ) {}

  /** Stores a new link and mails it. */
  async send(user: Pick<UserRow, 'id' | 'email' | 'nickname'>): Promise<void> {
    // 128 bits is plenty for a single-use, hashed, expiring link, and keeps the mailed line short.
    const token = generateId(16);
    const now = this.clock.now();
    await this.db
      .insertInto('email_verifications')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        expires_at: new Date(now + this.config.tokens.emailVerificationTtlSeconds * 1000),
        created_at: new Date(now),
      })
      .execute();
    const link = `${this.config.publicUrl}${API_PREFIX}/verify_email?token=${token}`;
    await this.mailer.send(emailVerificationMail({ to: user.email, nickname: user.nickname, link }));
  }

  /** Mails a new link unless one was sent recently; answers whether it did. */
  async resendIfStale(user: Pick<UserRow, 'id' | 'email' | 'nickname'>): Promise<boolean> {
    const recent = await this.db
      .selectFrom('email_verifications')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .where('created_at', '>', new Date(this.clock.now() - RESEND_AFTER_MS))
      .executeTakeFirst();
    if (recent) return false;
    await this.send(user);
    return true;
  }

  /** Uses the link's token: answers the member's id, or null if the link is unknown, used or expired. */
  async confirm(token: string): Promise<string | null> {
    const now = new Date(this.clock.now());
    // One statement claims the token, so two clicks cannot both succeed.
    const claimed = await this.db
      .updateTable('email_verifications')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) return null;
    await this.db
      .updateTable('users')
      .set({ email_verified_at: now, updated_at: now })
      .where('id', '=', claimed.user_id)
      .where('email_verified_at', 'is', null)
      .execute();
    return claimed.user_id;
  }
}
