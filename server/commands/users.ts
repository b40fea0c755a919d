/**
 * Operator commands for accounts (`npm run cli -- user:create …`, `user:role …`). They work on the
 * same DATA_DIR / DATABASE_URL as the server (migrating first, so a fresh DATA_DIR works): in the
 * CLI's process, which opens and closes the database, or — while a server runs on the embedded
 * database — inside that server, sent through its control socket (commands/index.ts, control.ts).
 */
import { ROLES, type Role } from '@contract/permissions';
import { meetsMediumRule } from '@contract/password';
import { messages } from '@contract/messages';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { hashPassword } from '../plugins/app/auth/passwords';
import { databaseOptionsFrom } from '../plugins/external/db';
import { normaliseEmail, UsersRepository } from '../plugins/app/users/users-repository';
import type { CommandValues, DatabaseCommand } from './index';

type Values = CommandValues;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`--${name} is required`);
  return value;
}

function role(value: string): Role {
  if (!(ROLES as readonly string[]).includes(value))
    throw new Error(`unknown role '${value}' (one of: ${ROLES.join(', ')})`);
  return value as Role;
}

async function withUsers<T>(work: (users: UsersRepository) => Promise<T>, database?: Database): Promise<T> {
  const handle = database ?? (await openDatabase(databaseOptionsFrom(loadConfig())));
  try {
    await migrateToLatest(handle.db);
    return await work(new UsersRepository(handle.db, systemClock));
  } finally {
    if (!database) await handle.close();
  }
}

export async function createUser(
  input: { email: string; password: string; nickname: string; firstname?: string; role?: string },
  database?: Database,
): Promise<{ id: string; email: string; roles: string[] }> {
  const email = normaliseEmail(input.email);
  if (!EMAIL.test(email)) throw new Error(`'${input.email}' is not an email address`);
  if (!meetsMediumRule(input.password)) throw new Error(messages.passwordTooWeak);
  const roles = [...new Set<string>(['member', ...(input.role ? [role(input.role)] : [])])];
  const passwordHash = await hashPassword(input.password);
  return withUsers(async (users) => {
    const row = await users.create({
      email,
      passwordHash,
      firstname: input.firstname ?? '',
      nickname: input.nickname.trim(),
      roles,
      // The operator vouches for the address.
      emailVerified: true,
    });
    if (!row) throw new Error(messages.emailTaken);
    return { id: row.id, email: row.email, roles: row.roles };
  }, database);
}

export async function changeRoles(
  input: { email: string; add?: string; remove?: string },
  database?: Database,
): Promise<{ id: string; email: string; roles: string[] }> {
  if (!input.add && !input.remove) throw new Error('give --add ROLE or --remove ROLE');
  const add = input.add ? role(input.add) : undefined;
  const remove = input.remove ? role(input.remove) : undefined;
  return withUsers(async (users) => {
    const user = await users.findByEmail(input.email);
    if (!user) throw new Error(`no account with the email '${normaliseEmail(input.email)}'`);
    const roles = user.roles.filter((existing) => existing !== remove);
    if (add && !roles.includes(add)) roles.push(add);
    await users.setRoles(user.id, roles);
    return { id: user.id, email: user.email, roles };
  }, database);
}

export const userCommands: Record<string, DatabaseCommand> = {
  'user:create': {
    usage:
      'user:create --email E --password P --nickname N [--firstname F] [--role admin]   create a verified account',
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      nickname: { type: 'string' },
      firstname: { type: 'string' },
      role: { type: 'string' },
    },
    async run(values, context) {
      const input = {
        email: required(values, 'email'),
        password: required(values, 'password'),
        nickname: required(values, 'nickname'),
        ...(typeof values.firstname === 'string' ? { firstname: values.firstname } : {}),
        ...(typeof values.role === 'string' ? { role: values.role } : {}),
      };
      const user = await context.withDatabase((database) => createUser(input, database));
      context.print(`created ${user.email} (${user.id}) with roles ${user.roles.join(', ')}`);
    },
  },
  'user:role': {
    usage: 'user:role --email E (--add ROLE | --remove ROLE)   change the roles of an account',
    options: { email: { type: 'string' }, add: { type: 'string' }, remove: { type: 'string' } },
    async run(values, context) {
      const input = {
        email: required(values, 'email'),
        ...(typeof values.add === 'string' ? { add: values.add } : {}),
        ...(typeof values.remove === 'string' ? { remove: values.remove } : {}),
      };
      const user = await context.withDatabase((database) => changeRoles(input, database));
      context.print(`${user.email} (${user.id}) now has roles ${user.roles.join(', ') || '(none)'}`);
    },
  },
};
