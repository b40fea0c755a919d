/**
 * Every credential the server hands out, in `auth_tokens` (hash only):
 * - auth token: ~1 h bearer credential of a signed-in member; rotated once past half its life
 *   (the new one travels in X-Auth-Token; the old one keeps working for a short grace so requests
 *   already in flight do not fail);
 * - refresh credential: ~90 days, only accepted by `POST login {method: 'refresh'}` (the SPEC's
 *   re-login without keeping the password on the device); rotated on every use, with the same grace;
 * - client token: from client credentials, identifies the app rather than a member.
 * Auth tokens and refresh credentials of one sign-in share a session id, so logout ends exactly
 * that sign-in. Validity is decided here with the stored expiry and the injected clock, never with
 * the expiry segment a client sends.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Permissions } from '@contract/permissions';
import { nowSeconds, type Clock } from '../../../clock';
import type { ServerConfig } from '../../../config';
import type { DB } from '../../../db/schema';
import type { TokenKind } from './tables';
import { generateToken, hashToken, isWellFormedToken } from './tokens';

export interface IssuedSession {
  sessionId: string;
  authToken: string;
  refreshToken: string;
}

/** A token that is valid right now, with what the guard needs about its owner. */
export interface ResolvedToken {
  id: string;
  kind: TokenKind;
  expiresAt: Date;
  sessionId: string | null;
  replacedBy: string | null;
  clientId: string | null;
  /** Present for auth and refresh tokens. */
  user: {
    id: string;
    roles: string[];
    permissions: Permissions;
    emailVerified: boolean;
  } | null;
}

export class TokenStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly ttl: ServerConfig['tokens'],
  ) {}

  private async insert(
    kind: TokenKind,
    ttlSeconds: number,
    owner: { userId?: string; sessionId?: string; clientId?: string },
  ) {
    const now = this.clock.now();
    const expiresAtSeconds = nowSeconds(this.clock) + ttlSeconds;
    const token = generateToken(expiresAtSeconds);
    const row = await this.db
      .insertInto('auth_tokens')
      .values({
        token_hash: hashToken(token),
        kind,
        user_id: owner.userId ?? null,
        session_id: owner.sessionId ?? null,
        client_id: owner.clientId ?? null,
        expires_at: new Date(expiresAtSeconds * 1000),
        created_at: new Date(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, token };
  }

  /** A new sign-in: an auth token and a refresh credential sharing a fresh session id. */
  async issueSession(userId: string): Promise<IssuedSession> {
    const sessionId = randomUUID();
    const auth = await this.insert('auth', this.ttl.authTtlSeconds, { userId, sessionId });
    const refresh = await this.insert('refresh', this.ttl.refreshTtlSeconds, { userId, sessionId });
    return { sessionId, authToken: auth.token, refreshToken: refresh.token };
  }

  async issueClientToken(clientId: string): Promise<{ token: string; expiresIn: number }> {
    const { token } = await this.insert('client', this.ttl.clientTtlSeconds, { clientId });
    return { token, expiresIn: this.ttl.clientTtlSeconds };
  }

  /** The token if it exists, is not revoked and has not expired (by the server's clock); else null. */
  async resolve(token: string): Promise<ResolvedToken | null> {
    if (!isWellFormedToken(token)) return null;
    const row = await this.db
      .selectFrom('auth_tokens as t')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id',
        't.kind',
        't.expires_at',
        't.revoked_at',
        't.session_id',
        't.replaced_by',
        't.client_id',
        'u.id as user_id',
        'u.roles',
        'u.permissions',
        'u.email_verified_at',
        'u.disabled_at',
      ])
      .where('t.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.expires_at.getTime() <= this.clock.now()) return null;
    if (row.kind !== 'client' && (row.user_id === null || row.roles === null || row.permissions === null))
      return null;
    // A disabled account's tokens stop working at once (docs/api.md "User administration").
    if (row.disabled_at !== null) return null;
    return {
      id: row.id,
      kind: row.kind,
      expiresAt: row.expires_at,
      sessionId: row.session_id,
      replacedBy: row.replaced_by,
      clientId: row.client_id,
      user:
        row.user_id !== null && row.roles !== null && row.permissions !== null
          ? {
              id: row.user_id,
              roles: row.roles,
              permissions: row.permissions,
              emailVerified: row.email_verified_at !== null,
            }
          : null,
    };
  }

  /** True once an auth token has lived past half its lifetime and was not already rotated. */
  shouldRotate(token: ResolvedToken): boolean {
    if (token.kind !== 'auth' || token.replacedBy !== null) return false;
    const remainingMs = token.expiresAt.getTime() - this.clock.now();
    return remainingMs < (this.ttl.authTtlSeconds * 1000) / 2;
  }

  /**
   * Replaces a token with a new one of the same kind and session; the old one then lives only for
   * the grace period. Answers null when a parallel request rotated it first (that request's
   * response carries the replacement, so this one need not make another).
   */
  async rotate(token: ResolvedToken): Promise<string | null> {
    if (token.user === null || token.kind === 'client') return null;
    const ttl = token.kind === 'auth' ? this.ttl.authTtlSeconds : this.ttl.refreshTtlSeconds;
    const next = await this.insert(token.kind, ttl, {
      userId: token.user.id,
      sessionId: token.sessionId ?? randomUUID(),
    });
    const graceEnd = new Date(
      Math.min(token.expiresAt.getTime(), this.clock.now() + this.ttl.rotationGraceSeconds * 1000),
    );
    const claimed = await this.db
      .updateTable('auth_tokens')
      .set({ replaced_by: next.id, expires_at: graceEnd })
      .where('id', '=', token.id)
      .where('replaced_by', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (claimed) return next.token;
    await this.db.deleteFrom('auth_tokens').where('id', '=', next.id).execute();
    return null;
  }

  /**
   * A refresh login: a new refresh credential and auth token in the same sign-in. The used
   * credential lives on only for the grace period (a retried request may present it again), so a
   * stolen one stops working as soon as its owner refreshes.
   */
  async renewFromRefresh(refresh: ResolvedToken): Promise<{ authToken: string; refreshToken: string }> {
    if (refresh.kind !== 'refresh' || refresh.user === null)
      throw new Error('renewFromRefresh needs a refresh credential');
    const sessionId = refresh.sessionId ?? randomUUID();
    const next = await this.insert('refresh', this.ttl.refreshTtlSeconds, {
      userId: refresh.user.id,
      sessionId,
    });
    const graceEnd = new Date(
      Math.min(refresh.expiresAt.getTime(), this.clock.now() + this.ttl.rotationGraceSeconds * 1000),
    );
    await this.db
      .updateTable('auth_tokens')
      .set((eb) => ({ replaced_by: eb.fn.coalesce('replaced_by', eb.val(next.id)), expires_at: graceEnd }))
      .where('id', '=', refresh.id)
      .execute();
    const auth = await this.insert('auth', this.ttl.authTtlSeconds, { userId: refresh.user.id, sessionId });
    return { authToken: auth.token, refreshToken: next.token };
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: new Date(this.clock.now()) })
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every sign-in of the member except (optionally) one, e.g. after a password change. */
  async revokeUserTokens(userId: string, keepSessionId?: string): Promise<void> {
    let query = this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: new Date(this.clock.now()) })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId !== undefined) query = query.where('session_id', '!=', keepSessionId);
    await query.execute();
  }

  /** Finds a token's session even when it has expired (logout must still work then). */
  async sessionOf(token: string): Promise<string | null> {
    if (!isWellFormedToken(token)) return null;
    const row = await this.db
      .selectFrom('auth_tokens')
      .select('session_id')
      .where('token_hash', '=', hashToken(token))
      .where('kind', '!=', 'client')
      .executeTakeFirst();
    return row?.session_id ?? null;
  }

  /** Deletes tokens that expired more than a day ago; keeps the table from growing forever. */
  async purgeExpired(): Promise<number> {
    const result = await this.db
      .deleteFrom('auth_tokens')
      .where('expires_at', '<', new Date(this.clock.now() - 24 * 3600 * 1000))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
