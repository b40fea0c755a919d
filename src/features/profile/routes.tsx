/** Routes of the profile domain; the pages are lazy so their code loads only when visited. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const ProfilePage = lazy(async () => ({ default: (await import('./ProfilePage')).ProfilePage }));
const ProfileEditPage = lazy(async () => ({ default: (await import('./ProfileEditPage')).ProfileEditPage }));

/** The route table guards them: one's own profile and the editor need an account, a member's public one does not. */
export const profileRoutes: FeatureRoute[] = [
  { path: 'profile/:user_id?', element: <ProfilePage /> },
  { path: 'user-profile/:user_id?', element: <ProfileEditPage /> },
];
