import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@contract/auth';
import { messages } from '@contract/messages';
import { changeRoles, createUser } from '../../server/commands/users';
import {
  CONTROL_SOCKET_FILE,
  sendToServer,
  startControlSocket,
  type ControlSocket,
} from '../../server/control';
import { api, buildTestApp, type TestApp } from './helpers';
import { present } from '../../src/test/present';

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

/** The real CLI (`npm run cli`'s tsx server/cli.ts) on a data directory; its exit code and output. */
function cli(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile('node_modules/.bin/tsx', ['server/cli.ts', ...args], { env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const silentLog = { info: () => undefined, warn: () => undefined };

function collect() {
  const lines = { out: [] as string[], err: [] as string[] };
  return {
    lines,
    output: { out: (line: string) => lines.out.push(line), err: (line: string) => lines.err.push(line) },
  };
}

describe('the CLI while the server runs (its control socket in DATA_DIR)', () => {
  let dataDir: string;
  let control: ControlSocket | null;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fm-control-'));
    control = await startControlSocket({ dataDir, database: t.database, log: silentLog });
  });
  afterAll(async () => {
    await control?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends user:create to the running server, which runs it on its own database', async () => {
    // On PostgreSQL the CLI connects as any client: no socket is opened.
    if (t.database.kind === 'postgres') {
      expect(control).toBeNull();
      return;
    }
    expect(control?.path).toBe(join(dataDir, CONTROL_SOCKET_FILE));
    expect((await stat(present(control, 'the control socket').path)).mode & 0o777).toBe(0o600);

    const created = await cli(dataDir, [
      'user:create',
      ...['--email', 'ops@example.org', '--password', 'Secret123', '--nickname', 'Ops', '--role', 'admin'],
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^created ops@example\.org \(.+\) with roles member, admin$/m);
    // The server's database has the account at once; the CLI opened no database of its own.
    const response = await login('ops@example.org', 'Secret123');
    expect(response.statusCode).toBe(200);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);

    const refused = await cli(dataDir, [
      'user:create',
      '--email',
      'w@example.org',
      '--password',
      'weak',
      '--nickname',
      'W',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(messages.passwordTooWeak);
  }, 180_000);

  it('answers exit codes and refusals through the socket; no listener means no server', async () => {
    if (t.database.kind === 'postgres') return;
    const roles = collect();
    expect(
      await sendToServer(
        dataDir,
        { command: 'user:role', args: ['--email', 'root@example.org', '--add', 'admin'] },
        roles.output,
      ),
    ).toBe(0);
    expect(roles.lines.out).toEqual([
      expect.stringMatching(/^root@example\.org .* now has roles member, superadmin, admin$/),
    ]);
    const checked = collect();
    expect(await sendToServer(dataDir, { command: 'records:check', args: [] }, checked.output)).toBe(0);
    expect(checked.lines.out).toEqual(['0 record(s) would be refused']);

    const badOption = collect();
    expect(await sendToServer(dataDir, { command: 'user:role', args: ['--bogus'] }, badOption.output)).toBe(
      1,
    );
    expect(badOption.lines.err.join('')).toMatch(/bogus/);
    // The imports and file commands never run inside the server.
    const importing = collect();
    expect(await sendToServer(dataDir, { command: 'import:species', args: [] }, importing.output)).toBe(1);
    expect(importing.lines.err.join('')).toMatch(/stop the server/);

    // No socket, or a file left behind with nobody listening: the CLI opens the database itself.
    const elsewhere = await mkdtemp(join(tmpdir(), 'fm-control-'));
    try {
      expect(
        await sendToServer(elsewhere, { command: 'records:check', args: [] }, collect().output),
      ).toBeNull();
      await writeFile(join(elsewhere, CONTROL_SOCKET_FILE), '');
      expect(
        await sendToServer(elsewhere, { command: 'records:check', args: [] }, collect().output),
      ).toBeNull();
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
