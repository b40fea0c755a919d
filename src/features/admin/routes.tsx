/**
 * Routes of the issue 18 admin pages: content pages, help, users and issue reports (SPEC §2; the route table,
 * src/app/routes/routeTable.ts, guards them: role admin or the admin-cms/help/users permission,
 * SPEC §6). Lazy, as one chunk (pages.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./pages');

const CmsPagesAdminPage = lazy(async () => ({ default: (await loadPages()).CmsPagesAdminPage }));
const CmsPageDetailsPage = lazy(async () => ({ default: (await loadPages()).CmsPageDetailsPage }));
const HelpAdminPage = lazy(async () => ({ default: (await loadPages()).HelpAdminPage }));
const HelpDetailsPage = lazy(async () => ({ default: (await loadPages()).HelpDetailsPage }));
const ReportsAdminPage = lazy(async () => ({ default: (await loadPages()).ReportsAdminPage }));
const ReportDetailsPage = lazy(async () => ({ default: (await loadPages()).ReportDetailsPage }));
const UsersAdminPage = lazy(async () => ({ default: (await loadPages()).UsersAdminPage }));

export const adminRoutes: FeatureRoute[] = [
  { path: 'admin-cms', element: <CmsPagesAdminPage /> },
  { path: 'admin-cms-page/:page_id?', element: <CmsPageDetailsPage /> },
  { path: 'admin-help', element: <HelpAdminPage /> },
  { path: 'admin-help-details/:help_id?', element: <HelpDetailsPage /> },
  { path: 'admin-users', element: <UsersAdminPage /> },
  { path: 'admin-issue-reports', element: <ReportsAdminPage /> },
  { path: 'admin-issue-report-details/:report_issue_id', element: <ReportDetailsPage /> },
];
