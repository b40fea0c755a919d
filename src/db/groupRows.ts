/**
 * Rows of the groups kept on the device (issue 16; docs/sync.md "Groups offline"): the server's
 * last answers for the groups lists and for each group's page that the member read online, so they
 * open offline. Read-only copies of public data, each replaced whole by the next answer, per
 * signed-in member (the lists and a group's page say which groups are the member's and their role).
 * Version 17.
 */
import type { Group, GroupMember } from '@contract/community';

/** Which answer a row keeps: the member's groups, every group (no search), or one group's page. */
export type KeptGroupsKey = 'list:mine' | 'list:all' | `group:${string}`;

interface KeptGroupsBase {
  /** The signed-in member who read it. */
  viewer_id: string;
  /** When the device stored it (ms since the epoch). */
  kept: number;
}

/** A groups list (GET groups, with or without member=true), keyed by [viewer_id+key]. */
export interface KeptGroupListRow extends KeptGroupsBase {
  key: 'list:mine' | 'list:all';
  groups: Group[];
}

/** One group's page (GET groups/{id}): the group and its members. */
export interface KeptGroupRow extends KeptGroupsBase {
  key: `group:${string}`;
  group: Group;
  members: GroupMember[];
}

export type KeptGroupsRow = KeptGroupListRow | KeptGroupRow;
