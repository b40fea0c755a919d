/**
 * Which member a verified social identity belongs to. A known (provider, subject) pair is that
 * member. An unknown one is linked to the member with the same email only when the provider vouches
 * for the address (email_verified), so nobody can take over an account by claiming its email at a
 * provider that does not check it.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import type { UserRow } from '../users/tables';
import type { UsersRepository } from '../users/users-repository';
import type { SocialIdentity } from './social';

export class SocialAccounts {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly users: UsersRepository,
  ) {}

  async isLinked(identity: SocialIdentity): Promise<boolean> {
    const link = await this.db
      .selectFrom('social_identities')
      .select('user_id')
      .where('provider', '=', identity.provider)
      .where('subject', '=', identity.subject)
      .executeTakeFirst();
    return link !== undefined;
  }

  /** The member for this identity (linking it by verified email if needed), or undefined. */
  async memberFor(identity: SocialIdentity): Promise<UserRow | undefined> {
    const link = await this.db
      .selectFrom('social_identities')
      .select('user_id')
      .where('provider', '=', identity.provider)
      .where('subject', '=', identity.subject)
      .executeTakeFirst();
    if (link) return this.users.findById(link.user_id);
    if (identity.email === null || !identity.emailVerified) return undefined;
    const user = await this.users.findByEmail(identity.email);
    if (!user) return undefined;
    await this.link(user.id, identity);
    await this.users.markEmailVerified(user.id);
    return (await this.users.findById(user.id)) ?? user;
  }

  async link(userId: string, identity: SocialIdentity): Promise<void> {
    await this.db
      .insertInto('social_identities')
      .values({
        provider: identity.provider,
        subject: identity.subject,
        user_id: userId,
        email: identity.email,
        created_at: new Date(this.clock.now()),
      })
      .onConflict((conflict) => conflict.columns(['provider', 'subject']).doNothing())
      .execute();
  }
}
