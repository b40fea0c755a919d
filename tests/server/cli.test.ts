import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@contract/auth';
import { messages } from '@contract/messages';
import { changeRoles, createUser } from '../../server/commands/users';
import { api, buildTestApp, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: api('/login'), payload: { username: email, password } });
}

describe('operator commands', () => {
  it('user:create makes a verified account that can sign in, with the extra role', async () => {
    const created = await createUser(
      { email: ' Root@Example.org ', password: 'Secret123', nickname: 'Root', role: 'admin' },
      t.database,
    );
    expect(created).toMatchObject({ email: 'root@example.org', roles: ['member', 'admin'] });
    const response = await login('root@example.org', 'Secret123');
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginResponse>().roles).toEqual(['member', 'admin']);
  });

  it('user:create refuses a taken email, a weak password and an unknown role', async () => {
    await expect(
      createUser({ email: 'root@example.org', password: 'Secret123', nickname: 'X' }, t.database),
    ).rejects.toThrow(messages.emailTaken);
    await expect(
      createUser({ email: 'weak@example.org', password: 'weak', nickname: 'X' }, t.database),
    ).rejects.toThrow(messages.passwordTooWeak);
    await expect(
      createUser(
        { email: 'role@example.org', password: 'Secret123', nickname: 'X', role: 'god' },
        t.database,
      ),
    ).rejects.toThrow(/unknown role 'god'/);
  });

  it('user:role adds and removes a role, effective on the next request', async () => {
    expect((await changeRoles({ email: 'root@example.org', add: 'superadmin' }, t.database)).roles).toEqual([
      'member',
      'admin',
      'superadmin',
    ]);
    expect((await changeRoles({ email: 'ROOT@example.org', remove: 'admin' }, t.database)).roles).toEqual([
      'member',
      'superadmin',
    ]);
    expect((await login('root@example.org', 'Secret123')).json<LoginResponse>().roles).toEqual([
      'member',
      'superadmin',
    ]);
    await expect(changeRoles({ email: 'nobody@example.org', add: 'admin' }, t.database)).rejects.toThrow(
      /no account/,
    );
  });
});
