/**
 * Members for the collection sync tests: inserted straight into the database with no password
 * (as a social-only member) and signed in twice through the token store, so a test gets a fresh
 * member with two devices in a few milliseconds instead of two argon2 hashes.
 */
import { randomBytes } from 'node:crypto';
import type { TestApp } from './helpers';

export interface SyncMember {
  id: string;
  /** Auth tokens of two separate sign-ins of the same member. */
  device1: string;
  device2: string;
}

export async function createSyncMember(t: TestApp): Promise<SyncMember> {
  const now = new Date(t.clock.now());
  const row = await t.db
    .insertInto('users')
    .values({
      email: `sync-${randomBytes(6).toString('hex')}@example.org`,
      password_hash: null,
      nickname: 'Syncer',
      avatar: null,
      location_id: null,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const device1 = (await t.app.tokens.issueSession(row.id)).authToken;
  const device2 = (await t.app.tokens.issueSession(row.id)).authToken;
  return { id: row.id, device1, device2 };
}
