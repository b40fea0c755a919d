/**
 * Routes of the groups domain (SPEC §2 /group-members, /group-profile/{group_id},
 * /group-profile-edit[/{group_id}], signed in). The pages are lazy (one chunk, pages.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./pages');

const GroupsPage = lazy(async () => ({ default: (await loadPages()).GroupsPage }));
const GroupProfilePage = lazy(async () => ({ default: (await loadPages()).GroupProfilePage }));
const GroupEditPage = lazy(async () => ({ default: (await loadPages()).GroupEditPage }));

export const groupRoutes: FeatureRoute[] = [
  { path: 'group-members', element: <GroupsPage /> },
  { path: 'group-profile/:group_id', element: <GroupProfilePage /> },
  { path: 'group-profile-edit/:group_id?', element: <GroupEditPage /> },
];
