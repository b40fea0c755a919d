/**
 * The one route guard. Every protected route adds `preHandler: app.authorize(rule)`; the decision
 * itself is `canAccess` from the contract, the same function the client uses for its menus and
 * page guards, so client and server can never disagree about who may do what.
 *
 * Answers: no bearer token → 401 signInRequired; unknown, expired or revoked token → 401 'Invalid
 * Token' (the client then re-authenticates once); a client token where a member is needed → 401
 * signInRequired; a member lacking the role/permission → 403 notAuthorised.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { messages } from '@contract/messages';
import { canAccess, type AccessRule, type Permissions, type Principal } from '@contract/permissions';
import { ApiError, forbidden, unauthorized } from '../../../errors';
import type { TokenStore } from './token-store';
import { bearerToken } from './tokens';

export interface GuardRule extends AccessRule {
  /** A client token (from oauth/token) is enough: the route serves the app, not a member. */
  allowClient?: boolean;
  /**
   * The member named by this route parameter may pass even without the role/permission (their own
   * profile). With a selfParam and no role/permission, only that member passes.
   */
  selfParam?: string;
  /** Guard only when this answers true (e.g. PUT password_reset guards only the current-password variant). */
  when?: (request: FastifyRequest) => boolean;
}

export interface MemberPrincipal extends Principal {
  kind: 'member';
  userId: string;
  sessionId: string | null;
}

export interface ClientPrincipal {
  kind: 'client';
  clientId: string;
}

export type RequestPrincipal = MemberPrincipal | ClientPrincipal;

/** The pure decision for a signed-in member; tested exhaustively beside this file. */
export function decideAccess(
  member: MemberPrincipal,
  rule: GuardRule,
  params: Record<string, unknown>,
): boolean {
  if (rule.selfParam !== undefined && params[rule.selfParam] === member.userId) return true;
  const access: AccessRule = {};
  if (rule.role !== undefined) access.role = rule.role;
  if (rule.permission !== undefined) access.permission = rule.permission;
  const hasRequirement = access.role !== undefined || access.permission !== undefined;
  if (rule.selfParam !== undefined && !hasRequirement) return false;
  return canAccess(member, access);
}

/** The principal a guarded handler runs for; throws if the route forgot its guard. */
export function memberOf(request: FastifyRequest): MemberPrincipal {
  const principal = request.principal;
  if (principal?.kind !== 'member') throw new ApiError(401, messages.signInRequired);
  return principal;
}

/** On a route that admits client tokens: the member's id, or null for a client token (a guest). */
export function viewerOf(request: FastifyRequest): string | null {
  const principal = request.principal;
  return principal?.kind === 'member' ? principal.userId : null;
}

export const AUTH_TOKEN_HEADER = 'X-Auth-Token';

export function createGuard(tokens: TokenStore) {
  return function authorize(rule: GuardRule = {}): preHandlerAsyncHookHandler {
    return async function guard(request: FastifyRequest, reply: FastifyReply) {
      if (rule.when && !rule.when(request)) return;
      const token = bearerToken(request.headers.authorization);
      if (token === null) throw unauthorized(messages.signInRequired);
      const resolved = await tokens.resolve(token);
      // A refresh credential is only for POST login; as a bearer token it is simply invalid.
      if (resolved === null || resolved.kind === 'refresh') throw unauthorized();
      if (resolved.kind === 'client' || resolved.user === null) {
        if (!rule.allowClient) throw unauthorized(messages.signInRequired);
        request.principal = { kind: 'client', clientId: resolved.clientId ?? '' };
        return;
      }
      const member: MemberPrincipal = {
        kind: 'member',
        userId: resolved.user.id,
        roles: resolved.user.roles,
        permissions: resolved.user.permissions satisfies Permissions,
        sessionId: resolved.sessionId,
      };
      if (!decideAccess(member, rule, (request.params ?? {}) as Record<string, unknown>)) throw forbidden();
      request.principal = member;
      if (tokens.shouldRotate(resolved)) {
        const next = await tokens.rotate(resolved);
        if (next !== null) reply.header(AUTH_TOKEN_HEADER, next);
      }
    };
  };
}
