/**
 * Password reset by mail: `start` stores a request (rid + argon2 hash of a 6-digit pin, 1 h) and
 * mails the link `${PUBLIC_URL}/?action=forgotpassword&rid=<rid>` with the pin. An unknown address
 * gets a random rid and no mail, so the answer never tells who is registered — nor does its timing:
 * `begin` answers the rid at once and does the lookup, the row and the mail after the answer (a
 * known address cost ≈ 150 ms more, mostly the mail, so 69 of 100 interleaved pairs told them
 * apart; issue 25). `settled()` waits for that work (shutdown, tests).
 *
 * Brute force: each attempt is claimed (attempts + 1) in one conditional UPDATE before the pin is
 * checked, so even parallel guesses get at most `passwordResetMaxAttempts` checks per request.
 */
import type { Kysely } from 'kysely';
import { messages } from '@contract/messages';
import type { Clock } from '../../../clock';
import type { ServerConfig } from '../../../config';
import type { DB } from '../../../db/schema';
import { ApiError } from '../../../errors';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/templates';
import type { UsersRepository } from '../users/users-repository';
import { hashPassword, verifyPassword } from './passwords';
import { generateId, generatePin } from './tokens';

export class PasswordResets {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly users: UsersRepository,
    private readonly config: Pick<ServerConfig, 'publicUrl' | 'tokens'>,
  ) {}

  private readonly pending = new Set<Promise<void>>();

  /**
   * The rid to send back with the pin, answered before anything depends on the address; the
   * request is stored and mailed in the background (a failure is reported to `onError`).
   */
  begin(email: string, onError: (error: unknown) => void): string {
    const rid = generateId(16);
    const work = this.start(email, rid).then(
      () => undefined,
      (error: unknown) => {
        onError(error);
      },
    );
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
    return rid;
  }

  /** Resolves when every reset begun so far has been stored and mailed (or has failed). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Stores the request and mails it when the address is registered; answers the rid. */
  async start(email: string, rid = generateId(16)): Promise<string> {
    const pin = generatePin();
    const pinHash = await hashPassword(pin);
    const user = await this.users.findByEmail(email);
    if (!user) return rid;
    const now = this.clock.now();
    const ttlSeconds = this.config.tokens.passwordResetTtlSeconds;
    await this.db
      .insertInto('password_resets')
      .values({
        rid,
        user_id: user.id,
        pin_hash: pinHash,
        expires_at: new Date(now + ttlSeconds * 1000),
        created_at: new Date(now),
      })
      .execute();
    const link = `${this.config.publicUrl}/?action=forgotpassword&rid=${encodeURIComponent(rid)}`;
    await this.mailer.send(
      passwordResetMail({
        to: user.email,
        nickname: user.nickname,
        link,
        pin,
        ttlMinutes: Math.round(ttlSeconds / 60),
      }),
    );
    return rid;
  }

  /**
   * Checks rid + pin and sets the new password; answers the member's id. Any failure (unknown rid,
   * wrong pin, expired, used, too many attempts) is the same 400 so nothing can be probed.
   */
  async complete(rid: string, pin: string, newPassword: string): Promise<string> {
    const invalid = new ApiError(400, messages.invalidResetPin);
    const now = new Date(this.clock.now());
    const claimed = await this.db
      .updateTable('password_resets')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('rid', '=', rid)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', this.config.tokens.passwordResetMaxAttempts)
      .returning(['user_id', 'pin_hash'])
      .executeTakeFirst();
    if (!claimed || !/^\d{6}$/.test(pin) || !(await verifyPassword(claimed.pin_hash, pin))) throw invalid;
    const used = await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('rid', '=', rid)
      .where('used_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!used) throw invalid;
    await this.users.setPasswordHash(claimed.user_id, await hashPassword(newPassword));
    // The pin proved the member reads this mailbox; other open requests are now pointless.
    await this.users.markEmailVerified(claimed.user_id);
    await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', claimed.user_id)
      .where('used_at', 'is', null)
      .execute();
    return claimed.user_id;
  }
}
