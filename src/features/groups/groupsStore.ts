/**
 * Groups on the device (docs/sync.md "Groups offline"): the last answer of each groups list and
 * group page the member read online, kept whole per signed-in member in `groups_kept`, so the
 * pages read them offline. Each new answer replaces the kept one; a group the server no longer has
 * (404) is forgotten. Nothing here is written by the member: every group write is online only.
 */
import type { Group, GroupResponse } from '@contract/community';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { KeptGroupListRow, KeptGroupRow } from '../../db/groupRows';

export type GroupListKey = KeptGroupListRow['key'];

const groupKey = (groupId: string) => `group:${groupId}` as const;

export async function keepGroupList(
  db: FieldmarkDB,
  viewerId: string,
  key: GroupListKey,
  groups: Group[],
  now = Date.now(),
): Promise<void> {
  await db.groups_kept.put({ viewer_id: viewerId, key, groups, kept: now });
}

/** Keeps a group's page (the lists are kept when they are read: a write online refetches them). */
export async function keepGroupPage(
  db: FieldmarkDB,
  viewerId: string,
  answer: Pick<GroupResponse, 'group' | 'members'>,
  now = Date.now(),
): Promise<void> {
  const { group, members } = answer;
  await db.groups_kept.put({ viewer_id: viewerId, key: groupKey(group.group_id), group, members, kept: now });
}

/** Forgets a group's page the server no longer has. */
export async function forgetGroup(db: FieldmarkDB, viewerId: string, groupId: string): Promise<void> {
  await db.groups_kept.delete([viewerId, groupKey(groupId)]);
}

/** A kept list, or null when it was never read on this device. */
export async function keptGroupList(
  db: FieldmarkDB,
  viewerId: string,
  key: GroupListKey,
): Promise<Group[] | null> {
  const row = await db.groups_kept.get([viewerId, key]);
  return row && 'groups' in row ? row.groups : null;
}

/** A kept group's page, or null when it was never read on this device. */
export async function keptGroupPage(
  db: FieldmarkDB,
  viewerId: string,
  groupId: string,
): Promise<Pick<KeptGroupRow, 'group' | 'members'> | null> {
  const row = await db.groups_kept.get([viewerId, groupKey(groupId)]);
  return row && 'group' in row ? { group: row.group, members: row.members } : null;
}
