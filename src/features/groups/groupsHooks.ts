/**
 * The groups pages' data: the server's answer while online (groupsApi.ts, RTK Query), kept on the
 * device as it arrives (groupsStore.ts), and the kept answer when there is no signal, so a list or
 * a group's page read before opens offline. The kept copy is only a fallback: online the pages show
 * the server's answer, and its errors, as before.
 */
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Group, GroupMember } from '@contract/community';
import type { ApiFailure } from '../../api/ApiError';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { db } from '../../db/db';
import { useGetGroupQuery, useListGroupsQuery } from './groupsApi';
import {
  forgetGroup,
  keepGroupList,
  keepGroupPage,
  keptGroupList,
  keptGroupPage,
  type GroupListKey,
} from './groupsStore';

export interface KeptAnswer<T> {
  data: T | undefined;
  error: unknown;
  /** Offline, and this is what the device kept (undefined data: nothing kept, or still reading). */
  isKept: boolean;
}

/** A groups list: `mine` (the member's) or every group matching `search` ('' keeps it for offline). */
export function useGroupList(key: GroupListKey, search = ''): KeptAnswer<{ groups: Group[] }> {
  const isOnline = useAppSelector(selectIsOnline);
  const viewerId = useAppSelector(selectUser)?.user_id ?? null;
  const member = key === 'list:mine';
  const answer = useListGroupsQuery({ search: member ? '' : search, member }, { skip: !isOnline });
  const kept = useLiveQuery(
    async () => (viewerId === null ? null : { key, groups: await keptGroupList(db, viewerId, key) }),
    [viewerId, key],
  );
  const keepable = member || search.trim() === '';
  const groups = answer.data?.groups;
  useEffect(() => {
    if (viewerId !== null && keepable && groups !== undefined) void keepGroupList(db, viewerId, key, groups);
  }, [viewerId, keepable, key, groups]);
  if (isOnline) return { data: answer.data, error: answer.error, isKept: false };
  const keptGroups = kept && kept.key === key ? kept.groups : undefined;
  return { data: keptGroups ? { groups: keptGroups } : undefined, error: undefined, isKept: true };
}

export interface GroupPageData {
  group: Group;
  members: GroupMember[];
}

/** A group's page: the server's answer online, the kept one offline; a 404 forgets the kept one. */
export function useGroupPage(groupId: string): KeptAnswer<GroupPageData> & { isKeptLoading: boolean } {
  const isOnline = useAppSelector(selectIsOnline);
  const viewerId = useAppSelector(selectUser)?.user_id ?? null;
  const answer = useGetGroupQuery(groupId, { skip: !isOnline });
  const kept = useLiveQuery(
    async () => (viewerId === null ? null : { groupId, page: await keptGroupPage(db, viewerId, groupId) }),
    [viewerId, groupId],
  );
  const data = answer.data;
  const gone = (answer.error as ApiFailure | undefined)?.status === 404;
  useEffect(() => {
    if (viewerId === null) return;
    if (data !== undefined && data.group.group_id === groupId) void keepGroupPage(db, viewerId, data);
    else if (gone) void forgetGroup(db, viewerId, groupId);
  }, [viewerId, groupId, data, gone]);
  if (isOnline) return { data, error: answer.error, isKept: false, isKeptLoading: false };
  const current = kept && kept.groupId === groupId ? kept : undefined;
  return {
    data: current?.page ?? undefined,
    error: undefined,
    isKept: true,
    isKeptLoading: kept === undefined || (kept !== null && kept.groupId !== groupId),
  };
}
