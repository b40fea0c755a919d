/**
 * User administration (docs/api.md "User administration"): the admin list with filters, one
 * member's detail (audit and recent activity), and role, permission and disabled changes, each
 * written to `user_admin_audit` in the same transaction, as is an admin's deletion of a member
 * (`DELETE users/{id}`; the audit rows outlive the account). The rules where SPEC is silent:
 * - an admin can neither remove their own admin (or superadmin) role nor disable themself;
 * - only a superadmin may change a superadmin or grant or remove superadmin;
 * - every member keeps the role `member`.
 */
import { sql, type Kysely } from 'kysely';
import type {
  AdminUser,
  AdminUserDetailResponse,
  AdminUserUpdate,
  AdminUsersQuery,
  AuditEntry,
} from '@contract/admin';
import { messages } from '@contract/messages';
import { parsePermission, type Role } from '@contract/permissions';
import { escapeLike } from '@contract/text';
import type { DB } from '../../../db/schema';
import type { Clock } from '../../../clock';
import { conflict, forbidden, notFound } from '../../../errors';
import type { UserRow } from '../users/tables';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function toAdminUser(row: UserRow): AdminUser {
  return {
    user_id: row.id,
    email: row.email,
    nickname: row.nickname,
    firstname: row.firstname,
    avatar: row.avatar,
    roles: row.roles,
    permissions: row.permissions,
    disabled: row.disabled_at !== null,
    email_verified: row.email_verified_at !== null,
    created_at: seconds(row.created_at),
  };
}

export interface Actor {
  userId: string;
  roles: readonly string[];
}

export class UserAdmin {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    /** Ends every session of a member (the token store's revokeUserTokens). */
    private readonly revokeTokens: (userId: string) => Promise<void>,
  ) {}

  async list(query: AdminUsersQuery): Promise<{ users: AdminUser[]; total: number }> {
    let base = this.db.selectFrom('users');
    const text = query.search?.trim().toLowerCase();
    if (text) {
      const pattern = `%${escapeLike(text)}%`;
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(email)`, 'like', pattern),
          eb(sql`lower(nickname)`, 'like', pattern),
          eb(sql`lower(firstname)`, 'like', pattern),
        ]),
      );
    }
    if (query.role) base = base.where(sql<boolean>`${query.role} = ANY(roles)`);
    if (query.permission) {
      const [area = ''] = query.permission.split(':');
      base = query.permission.includes(':')
        ? base.where(
            sql<boolean>`jsonb_exists(permissions -> ${area}, ${parsePermission(query.permission).flag})`,
          )
        : base.where(sql<boolean>`jsonb_exists(permissions, ${area})`);
    }
    if (query.disabled !== undefined) {
      base = base.where('disabled_at', query.disabled ? 'is not' : 'is', null);
    }
    const { total } = await base
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(query.skip)
      .limit(query.limit)
      .execute();
    return { users: rows.map(toAdminUser), total: Number(total) };
  }

  async detail(id: string): Promise<Omit<AdminUserDetailResponse, 'status'> | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const audit = await this.db
      .selectFrom('user_admin_audit as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .select(['a.action', 'a.actor_id', 'a.detail', 'a.created_at', 'u.nickname'])
      .where('a.target_id', '=', id)
      .orderBy('a.id', 'desc')
      .limit(50)
      .execute();
    const sightings = await this.db
      .selectFrom('collection_records')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max<string | number | null>('mod').as('last')])
      .where('collection', '=', 'species_observations')
      .where('owner_id', '=', id)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow();
    const count = async (query: Promise<{ n: string | number | bigint }>) => Number((await query).n);
    const comments = await count(
      this.db
        .selectFrom('media_comments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('author_id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow(),
    );
    const reportsMade = await count(
      this.db
        .selectFrom('issue_reports')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('reporter_id', '=', id)
        .executeTakeFirstOrThrow(),
    );
    const reportsAbout = await count(
      this.db
        .selectFrom('issue_reports')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('subject_owner_id', '=', id)
        .executeTakeFirstOrThrow(),
    );
    return {
      user: toAdminUser(row),
      audit: audit.map((entry): AuditEntry => ({
        action: entry.action,
        actor_id: entry.actor_id,
        actor_nickname: entry.nickname,
        detail: entry.detail,
        created_at: seconds(entry.created_at),
      })),
      activity: {
        observations: Number(sightings.n),
        last_observation_at: sightings.last === null ? null : Number(sightings.last),
        comments,
        reports_made: reportsMade,
        reports_about: reportsAbout,
      },
    };
  }

  /** Applies the change by `actor`, auditing each part; refuses what the rules above forbid. */
  async update(actor: Actor, id: string, patch: AdminUserUpdate): Promise<AdminUser> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(messages.memberNotFound);
    const actorIsSuper = actor.roles.includes('superadmin');
    const self = actor.userId === id;
    let roles: Role[] | undefined;
    if (patch.roles !== undefined) {
      const asked = [...new Set<Role>(['member', ...patch.roles])];
      roles = asked;
      const superChanges = row.roles.includes('superadmin') !== asked.includes('superadmin');
      if (superChanges && !actorIsSuper) throw forbidden(messages.superadminOnly);
      if (
        self &&
        ['admin', 'superadmin'].some((role) => row.roles.includes(role) && !asked.includes(role as Role))
      ) {
        throw conflict(messages.adminSelfDemote);
      }
    }
    if (row.roles.includes('superadmin') && !actorIsSuper && !self) throw forbidden(messages.superadminOnly);
    if (patch.disabled === true && self) throw conflict(messages.adminSelfDisable);

    const now = new Date(this.clock.now());
    const audit: Array<{
      action: 'roles' | 'permissions' | 'disable' | 'enable';
      before: unknown;
      after: unknown;
    }> = [];
    if (roles !== undefined) audit.push({ action: 'roles', before: row.roles, after: roles });
    if (patch.permissions !== undefined) {
      audit.push({ action: 'permissions', before: row.permissions, after: patch.permissions });
    }
    const disabling = patch.disabled === true && row.disabled_at === null;
    const enabling = patch.disabled === false && row.disabled_at !== null;
    if (disabling || enabling)
      audit.push({ action: disabling ? 'disable' : 'enable', before: !disabling, after: disabling });

    const updated = await this.db.transaction().execute(async (trx) => {
      const next = await trx
        .updateTable('users')
        .set({
          ...(roles !== undefined ? { roles } : {}),
          ...(patch.permissions !== undefined ? { permissions: JSON.stringify(patch.permissions) } : {}),
          ...(disabling ? { disabled_at: now } : {}),
          ...(enabling ? { disabled_at: null } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      for (const entry of audit) {
        await trx
          .insertInto('user_admin_audit')
          .values({
            target_id: id,
            actor_id: actor.userId,
            action: entry.action,
            detail: JSON.stringify({ before: entry.before, after: entry.after }),
            created_at: now,
          })
          .execute();
      }
      return next;
    });
    if (disabling) await this.revokeTokens(id);
    return toAdminUser(updated);
  }

  /**
   * An admin deletes another member (DELETE users/{id}): the account goes, with what docs/api.md
   * "Accounts" says goes with it, and an audit row (their roles and permissions, nothing that
   * names them) stays, in one transaction.
   */
  async deleteMember(actor: Actor, row: UserRow): Promise<void> {
    const now = new Date(this.clock.now());
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('user_admin_audit')
        .values({
          target_id: row.id,
          actor_id: actor.userId,
          action: 'delete',
          detail: JSON.stringify({
            before: { roles: row.roles, permissions: row.permissions, disabled: row.disabled_at !== null },
            after: null,
          }),
          created_at: now,
        })
        .execute();
      await trx.deleteFrom('users').where('id', '=', row.id).execute();
    });
  }
}
