/** The groups pages, one lazily loaded chunk (routes.tsx). */
export { GroupsPage } from './GroupsPage';
export { GroupProfilePage } from './GroupProfilePage';
export { GroupEditPage } from './GroupEditPage';
