/**
 * Members: every read and write of the `users` table, and the mapping from rows to the contract's
 * Profile / PublicProfile (rows never leave the server as they are). Emails are stored trimmed and
 * lowercased; ids that are not UUIDs are "not found" here rather than a PostgreSQL cast error.
 * A member's preferred location is a reference-data location (server/db/reference); the profile
 * carries its id and English name.
 */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Profile, ProfileLocationSchema } from '@contract/auth';
import type { Permissions, Principal } from '@contract/permissions';
import type { Static } from 'typebox';
import type { PublicProfileSchema, UpdateUserRequest } from '@contract/users';
import { normalizeUsername } from '@contract/username';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import type { UserRow } from './tables';

export type PublicProfile = Static<typeof PublicProfileSchema>;
export type ProfileLocation = Static<typeof ProfileLocationSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An account's email as stored and looked up: the username rule of SPEC §5. */
export function normaliseEmail(email: string): string {
  return normalizeUsername(email);
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export interface NewMember {
  email: string;
  passwordHash: string | null;
  firstname: string;
  nickname: string;
  newsletterSubscribed?: boolean;
  locationId?: string | null;
  roles?: string[];
  emailVerified?: boolean;
}

export class UsersRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async findById(id: string): Promise<UserRow | undefined> {
    if (!isUuid(id)) return undefined;
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', normaliseEmail(email))
      .executeTakeFirst();
  }

  /** Creates the member, or answers undefined when the email is already taken (no exception). */
  async create(member: NewMember): Promise<UserRow | undefined> {
    const now = new Date(this.clock.now());
    return this.db
      .insertInto('users')
      .values({
        email: normaliseEmail(member.email),
        password_hash: member.passwordHash,
        firstname: member.firstname,
        nickname: member.nickname,
        avatar: null,
        location_id: member.locationId ?? null,
        newsletter_subscribed: member.newsletterSubscribed ?? true,
        roles: member.roles ?? ['member'],
        email_verified_at: member.emailVerified ? now : null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async update(id: string, patch: UpdateUserRequest): Promise<UserRow | undefined> {
    if (!isUuid(id)) return undefined;
    return this.db
      .updateTable('users')
      .set({ ...patch, updated_at: new Date(this.clock.now()) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date(this.clock.now()) })
      .where('id', '=', id)
      .execute();
  }

  async markEmailVerified(id: string): Promise<void> {
    const now = new Date(this.clock.now());
    await this.db
      .updateTable('users')
      .set({ email_verified_at: now, updated_at: now })
      .where('id', '=', id)
      .where('email_verified_at', 'is', null)
      .execute();
  }

  async setRoles(id: string, roles: string[]): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ roles, updated_at: new Date(this.clock.now()) })
      .where('id', '=', id)
      .execute();
  }

  async setPermissions(id: string, permissions: Permissions): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ permissions: JSON.stringify(permissions), updated_at: new Date(this.clock.now()) })
      .where('id', '=', id)
      .execute();
  }

  async findLocation(id: string): Promise<ProfileLocation | undefined> {
    return this.db.selectFrom('locations').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  /** The whole profile, with the name of the member's location. */
  async profileOf(row: UserRow): Promise<Profile> {
    const location = row.location_id === null ? undefined : await this.findLocation(row.location_id);
    return toProfile(row, location ?? null);
  }

  /** Deletes the member; their tokens, resets and identities go with them (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

export function toProfile(row: UserRow, location: ProfileLocation | null): Profile {
  return {
    user_id: row.id,
    firstname: row.firstname,
    nickname: row.nickname,
    username: row.email,
    avatar: row.avatar,
    about: row.about,
    newsletter_subscribed: row.newsletter_subscribed,
    stats_visible_to_others: row.stats_visible_to_others,
    location_id: row.location_id,
    location,
    created_at: Math.floor(row.created_at.getTime() / 1000),
  };
}

export function toPublicProfile(row: UserRow): PublicProfile {
  return {
    user_id: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    about: row.about,
    created_at: Math.floor(row.created_at.getTime() / 1000),
  };
}

export function principalOf(row: Pick<UserRow, 'roles' | 'permissions'>): Principal {
  return { roles: row.roles, permissions: row.permissions };
}

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorate('users', new UsersRepository(app.db, app.clock));
    done();
  },
  { name: 'users-repository', dependencies: ['db'], fastify: '5.x' },
);
