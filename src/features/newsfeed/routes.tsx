/**
 * Routes of the newsfeed domain (SPEC §2, anyone): /home and its tabs, /newsfeed and one item.
 * The pages are lazy (one chunk, pages.ts), so their code loads only when one is visited.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./pages');

const HomePage = lazy(async () => ({ default: (await loadPages()).HomePage }));
const NewsfeedPage = lazy(async () => ({ default: (await loadPages()).NewsfeedPage }));
const FeedItemPage = lazy(async () => ({ default: (await loadPages()).FeedItemPage }));

export const newsfeedRoutes: FeatureRoute[] = [
  { path: 'home', element: <HomePage /> },
  { path: 'home/*', element: <HomePage /> },
  { path: 'newsfeed', element: <NewsfeedPage /> },
  { path: 'newsfeed-item/:feed_id', element: <FeedItemPage /> },
];
