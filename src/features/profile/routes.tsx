/** Routes of the profile domain; the page is lazy so its code loads only when visited. */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const ProfilePage = lazy(async () => ({ default: (await import('./ProfilePage')).ProfilePage }));

/** The route table guards it: one's own profile needs an account, a member's public one does not. */
export const profileRoutes: FeatureRoute[] = [{ path: 'profile/:user_id?', element: <ProfilePage /> }];
