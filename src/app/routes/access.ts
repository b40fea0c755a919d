/**
 * The page guard (SPEC §5 "Page guard", §6) as a pure decision: who may open a route, and what a
 * refused visitor is told. Every role and permission question goes through `canAccess`, the one
 * decision the server's route guard uses too, so a page and its API never disagree.
 */
import { canAccess, type Principal, type Role } from '@contract/permissions';
import { formatMessage, messages } from '@contract/messages';
import { TOAST_MS } from '../../lib/constants';

/** Who may open a route. */
export type RouteAccess =
  | { kind: 'anyone' }
  /**
   * Signed-in members only (SPEC §6: guests cannot create sightings or use friends, stats and
   * my-pages). `recordSignedOut` is the sightings message; `needAccount` names the page.
   */
  | { kind: 'member'; refusal: 'needAccount' | 'recordSignedOut' }
  /**
   * Admin routes: role admin (or superadmin), or the permission when one is stated (`area:flag`),
   * or `role` when the area has a role of its own (SPEC §3's Ads Admin), as the server admits.
   */
  | { kind: 'admin'; permission?: string; role?: Role }
  /**
   * The rule depends on the route parameter: without it the page makes something new (or shows the
   * member's own), with it the page opens an existing record.
   */
  | { kind: 'byParam'; param: string; without: RouteAccess; with: RouteAccess }
  /** /logbooks: members who own at least one logbook; the others see the overview. */
  | { kind: 'logbooks' };

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Refused: tell the visitor why (a warning toast of `durationMs`) and do not show the page. */
  | { kind: 'refuse'; message: string; durationMs: number };

export interface GuardContext {
  /** The signed-in member, or null for a guest. */
  user: Principal | null;
  params: Readonly<Partial<Record<string, string>>>;
  /** The page's title, named by the need-account message. */
  title: string;
  /** Whether the member owns a logbook (only /logbooks asks). */
  hasLogbook: boolean;
}

export const LOGBOOKS_OVERVIEW_PATH = '/logbooks/overview';

const notAuthorised: GuardDecision = {
  kind: 'refuse',
  message: messages.notAuthorised,
  durationMs: TOAST_MS.unauthorised,
};

export function decideAccess(access: RouteAccess, context: GuardContext): GuardDecision {
  const { user } = context;
  switch (access.kind) {
    case 'anyone':
      return { kind: 'allow' };
    case 'member':
      if (user) return { kind: 'allow' };
      return {
        kind: 'refuse',
        message:
          access.refusal === 'recordSignedOut'
            ? messages.recordSignedOut
            : formatMessage(messages.needAccount, { title: context.title }),
        durationMs: TOAST_MS.default,
      };
    case 'admin':
      return canAccess(user, { role: 'admin', permission: access.permission }) ||
        (access.role !== undefined && canAccess(user, { role: access.role }))
        ? { kind: 'allow' }
        : notAuthorised;
    case 'byParam':
      return decideAccess(context.params[access.param] ? access.with : access.without, context);
    case 'logbooks':
      if (!user) {
        return decideAccess({ kind: 'member', refusal: 'needAccount' }, context);
      }
      return context.hasLogbook ? { kind: 'allow' } : { kind: 'redirect', to: LOGBOOKS_OVERVIEW_PATH };
  }
}
