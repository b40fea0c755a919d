import { describe, expect, it } from 'vitest';
import { decideAccess, type MemberPrincipal } from './guard';

function member(roles: string[], permissions: MemberPrincipal['permissions'] = {}): MemberPrincipal {
  return { kind: 'member', userId: 'u1', roles, permissions, sessionId: 's1' };
}

describe('decideAccess', () => {
  it('lets any signed-in member through a rule without requirements', () => {
    expect(decideAccess(member(['member']), {}, {})).toBe(true);
  });

  it('asks for the role, or superadmin, or the permission', () => {
    const rule = { role: 'admin' as const, permission: 'admin-users:u' };
    expect(decideAccess(member(['member']), rule, {})).toBe(false);
    expect(decideAccess(member(['admin']), rule, {})).toBe(true);
    expect(decideAccess(member(['superadmin']), rule, {})).toBe(true);
    expect(decideAccess(member(['member'], { 'admin-users': ['u'] }), rule, {})).toBe(true);
    expect(decideAccess(member(['member'], { 'admin-users': ['r'] }), rule, {})).toBe(false);
    expect(decideAccess(member(['admin-photo']), rule, {})).toBe(false);
  });

  it('lets the member named by selfParam act on their own resource', () => {
    const rule = { role: 'admin' as const, selfParam: 'id' };
    expect(decideAccess(member(['member']), rule, { id: 'u1' })).toBe(true);
    expect(decideAccess(member(['member']), rule, { id: 'u2' })).toBe(false);
    expect(decideAccess(member(['admin']), rule, { id: 'u2' })).toBe(true);
  });

  it('with selfParam alone, lets only that member through', () => {
    expect(decideAccess(member(['member']), { selfParam: 'id' }, { id: 'u1' })).toBe(true);
    expect(decideAccess(member(['admin']), { selfParam: 'id' }, { id: 'u2' })).toBe(false);
  });
});
